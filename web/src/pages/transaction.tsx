import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { ESCROW_INSPECTION_DAYS, formatCents, formatMoney, toCents, type EscrowTransaction } from '@app/shared';
import { ApiError, apiRequest } from '../lib/api-client';
import { useMe } from '../lib/session';
import { toast } from '../stores/toast';
import { FeeBreakdown } from '../components/fee-breakdown';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'to be set');

/** What the viewer should do now, in one sentence, from the state machine's answer (nextActions). */
function nextStep(t: EscrowTransaction): string {
  const total = formatCents(toCents(t.fees.buyerTotal));
  const mine = t.role === 'buyer' ? t.buyerTermsAccepted : t.sellerTermsAccepted;
  switch (t.status) {
    case 'pending':
      if (!mine) return 'Review and accept the escrow terms to continue.';
      return t.role === 'buyer'
        ? `Pay ${total} by ${when(t.paymentDueAt)}. Payment is confirmed by the payment provider; this page updates when it arrives.`
        : `Waiting for the buyer's payment of ${total}, due by ${when(t.paymentDueAt)}.`;
    case 'funded':
      return t.role === 'buyer'
        ? 'Payment received and held in escrow. The title, bill of sale and inspection report are being verified.'
        : 'Payment received and held in escrow. Send the title, bill of sale and inspection report for verification.';
    case 'in_inspection':
      return t.role === 'buyer'
        ? `Inspect the car by ${when(t.inspectionPeriodEnds)}: confirm it to release the funds, or open a dispute.`
        : `The buyer is inspecting the car until ${when(t.inspectionPeriodEnds)}; the funds are released after that.`;
    case 'disputed':
      return 'A dispute is open: the funds stay held until a mediator decides.';
    case 'completed':
      return t.role === 'buyer' ? 'Complete: the funds were released to the seller.' : `Complete: ${formatCents(toCents(t.fees.sellerProceeds))} released to you.`;
    case 'cancelled':
      return 'Cancelled: payment was not received in time.';
    case 'refunded':
      return 'Refunded to the buyer.';
  }
}

export function TransactionPage() {
  const auctionId = Number(useParams().auctionId);
  const valid = Number.isInteger(auctionId) && auctionId > 0;
  const me = useMe();
  const key = [`/api/escrow/transaction/${auctionId}`];
  const tx = useQuery<EscrowTransaction>({ queryKey: key, enabled: valid && Boolean(me.data) });
  const queryClient = useQueryClient();
  const [disputing, setDisputing] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const failed = (title: string) => (err: Error) =>
    toast({ title, description: err instanceof ApiError ? err.serverMessage : undefined, variant: 'destructive' });

  const accept = useMutation({
    mutationFn: () => apiRequest('POST', '/api/escrow/accept-terms', { transactionId: tx.data!.id, userRole: tx.data!.role }),
    onSuccess: () => {
      toast({ title: 'Terms Accepted' });
      refresh();
    },
    onError: failed('Failed to accept terms'),
  });
  const confirmInspection = useMutation({
    mutationFn: () => apiRequest('POST', '/api/escrow/complete-milestone', { transactionId: tx.data!.id, milestone: 'inspection_completed' }),
    onSuccess: () => {
      toast({ title: 'Milestone Completed', description: 'Inspection confirmed: the funds are released to the seller.' });
      refresh();
    },
    onError: failed('Failed to complete milestone'),
  });
  const dispute = useMutation({
    mutationFn: (body: { disputeType: string; description: string }) =>
      apiRequest('POST', '/api/escrow/initiate-dispute', { transactionId: tx.data!.id, ...body }),
    onSuccess: () => {
      toast({ title: 'Dispute Initiated', description: 'The funds stay held while a mediator reviews it.' });
      setDisputing(false);
      refresh();
    },
    onError: failed('Failed to initiate dispute'),
  });

  if (!valid) return <Centered title="Invalid Transaction" text="The auction ID is missing or invalid." />;
  if (me.data === null) return <Centered title="Sign in required" text="Sign in as the buyer or the seller to see this transaction." link={`/login?next=/transaction/${auctionId}`} />;
  if (tx.isLoading || me.isLoading) return <p className="p-8 text-center">Loading…</p>;
  if (tx.error instanceof ApiError && tx.error.status === 404) return <Centered title="Escrow" text="No escrow transaction found for this auction." />;
  if (tx.isError || !tx.data) return <Centered title="Escrow" text="Failed to fetch transaction" />;

  const t = tx.data;
  const can = (a: EscrowTransaction['nextActions'][number]) => t.nextActions.includes(a);
  const done = t.milestones.filter((m) => m.status === 'completed').length;
  const progress = Math.round((100 * done) / Math.max(1, t.milestones.length));
  const title = `${t.auction.car.year} ${t.auction.car.make} ${t.auction.car.model}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-slate-500">Escrow transaction #{t.id} · you are the {t.role}</p>
          <h1 className="text-3xl font-bold">{title}</h1>
        </div>
        <div className="text-right">
          <p className="text-3xl font-extrabold">{formatMoney(t.amount)}</p>
          <p className="mt-1 inline-block rounded-full bg-slate-900 px-3 py-1 text-xs font-semibold text-white" data-testid="escrow-status">{t.status.toUpperCase()}</p>
        </div>
      </div>
      <div className="mt-6 rounded-lg border border-brand-100 bg-brand-50 p-4" data-testid="escrow-next-step">
        <p className="font-medium text-slate-900">{nextStep(t)}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {can('accept_terms') && (
            <button onClick={() => accept.mutate()} disabled={accept.isPending} className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50">Accept terms</button>
          )}
          {can('confirm_inspection') && (
            <button onClick={() => confirmInspection.mutate()} disabled={confirmInspection.isPending} className="rounded-lg bg-emerald-600 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50">
              Confirm inspection and release funds
            </button>
          )}
          {can('open_dispute') && !disputing && (
            <button onClick={() => setDisputing(true)} className="rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-700">Open a dispute</button>
          )}
        </div>
        {disputing && <DisputeForm pending={dispute.isPending} onCancel={() => setDisputing(false)} onSubmit={(body) => dispute.mutate(body)} />}
      </div>
      <Tabs.Root defaultValue="overview" className="mt-8">
        <Tabs.List className="flex flex-wrap gap-2 border-b">
          {['overview', 'payment', 'documents', 'shipping', 'support'].map((v) => (
            <Tabs.Trigger key={v} value={v} className="px-3 py-2 capitalize data-[state=active]:border-b-2 data-[state=active]:border-brand-600">{v}</Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="py-6">
          <p className="text-sm text-slate-600">Progress: {progress}%</p>
          <div className="mt-2 h-2 rounded bg-slate-200"><div className="h-2 rounded bg-emerald-500" style={{ width: `${progress}%` }} /></div>
          <ol className="mt-4 space-y-2">
            {t.milestones.map((m) => (
              <li key={m.id} className="flex justify-between rounded border bg-white px-3 py-2 text-sm">
                <span className="capitalize">{m.milestone.replaceAll('_', ' ')}</span>
                <span className={m.status === 'completed' ? 'text-emerald-700' : 'text-slate-500'}>{m.status}</span>
              </li>
            ))}
          </ol>
        </Tabs.Content>
        <Tabs.Content value="payment" className="space-y-3 py-6 text-sm">
          <div className="max-w-md">
            <FeeBreakdown priceCents={toCents(t.amount)} side={t.role} schedule={t.fees.schedule} />
          </div>
          {t.paymentDueAt && <p className="text-slate-600">Payment due by {when(t.paymentDueAt)}.</p>}
          <p className="text-slate-600">
            The inspection period ({ESCROW_INSPECTION_DAYS} days) starts when the documents are verified
            {t.inspectionPeriodEnds ? ` and ends ${when(t.inspectionPeriodEnds)}` : ''}.
          </p>
        </Tabs.Content>
        <Tabs.Content value="documents" className="py-6">
          <ul className="space-y-2 text-sm">
            {t.documents.map((d) => (
              <li key={d.documentType} className="flex justify-between rounded border bg-white px-3 py-2">
                <span className="capitalize">{d.documentType.replaceAll('_', ' ')}</span>
                <span className={d.verificationStatus === 'verified' ? 'text-emerald-700' : 'text-amber-700'}>{d.verificationStatus}</span>
              </li>
            ))}
          </ul>
        </Tabs.Content>
        <Tabs.Content value="shipping" className="space-y-1 py-6 text-sm">
          <p>Shipping method: {t.shippingMethod ?? 'To be arranged'}</p>
          <p>Pickup location: {t.pickupLocation ?? t.auction.location}</p>
          <p>Inspection location: {t.inspectionLocation ?? 'To be arranged'}</p>
        </Tabs.Content>
        <Tabs.Content value="support" className="py-6 text-sm">
          <p>Questions about this transaction? <Link to="/contact" className="text-brand-600 underline">Contact support</Link>.</p>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function DisputeForm({ pending, onSubmit, onCancel }: { pending: boolean; onSubmit(b: { disputeType: string; description: string }): void; onCancel(): void }) {
  const [disputeType, setType] = useState('condition');
  const [description, setDescription] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (description.trim() === '') return;
    onSubmit({ disputeType, description: description.trim() });
  };
  return (
    <form onSubmit={submit} className="mt-4 space-y-3 rounded-lg border bg-white p-4 text-sm">
      <label className="block">
        What is wrong?
        <select value={disputeType} onChange={(e) => setType(e.target.value)} className="ml-2 rounded border px-2 py-1">
          <option value="condition">Not as described</option>
          <option value="documents">Documents</option>
          <option value="delivery">Delivery</option>
          <option value="payment">Payment</option>
        </select>
      </label>
      <label className="block">
        Describe the problem
        <textarea value={description} onChange={(e) => setDescription(e.target.value)} required maxLength={5000} rows={3} className="mt-1 w-full rounded border px-2 py-1" />
      </label>
      <div className="flex gap-2">
        <button type="submit" disabled={pending || description.trim() === ''} className="rounded-lg bg-red-600 px-3 py-1.5 font-semibold text-white disabled:opacity-50">Open dispute</button>
        <button type="button" onClick={onCancel} className="rounded-lg border px-3 py-1.5">Cancel</button>
      </div>
    </form>
  );
}

function Centered({ title, text, link }: { title: string; text: string; link?: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      {link && <Link to={link} className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white">Sign in</Link>}
    </div>
  );
}
