import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { ESCROW_INSPECTION_DAYS, formatMoney, type EscrowTransaction } from '@app/shared';
import { ApiError, apiRequest } from '../lib/api-client';
import { useMe } from '../lib/session';
import { toast } from '../stores/toast';

export function TransactionPage() {
  const auctionId = Number(useParams().auctionId);
  const valid = Number.isInteger(auctionId) && auctionId > 0;
  const me = useMe();
  const key = [`/api/escrow/transaction/${auctionId}`];
  const tx = useQuery<EscrowTransaction>({ queryKey: key, enabled: valid && Boolean(me.data) });
  const queryClient = useQueryClient();
  const role = tx.data && me.data ? (tx.data.buyerId === me.data.user.id ? 'buyer' : 'seller') : null;
  const accept = useMutation({
    mutationFn: () => apiRequest('POST', '/api/escrow/accept-terms', { transactionId: tx.data!.id, userRole: role }),
    onSuccess: () => {
      toast({ title: 'Terms Accepted' });
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: () => toast({ title: 'Failed to accept terms', variant: 'destructive' }),
  });

  if (!valid) return <Centered title="Invalid Transaction" text="The auction ID is missing or invalid." />;
  if (me.data === null) return <Centered title="Sign in required" text="Sign in as the buyer or the seller to see this transaction." link={`/login?next=/transaction/${auctionId}`} />;
  if (tx.isLoading || me.isLoading) return <p className="p-8 text-center">Loading…</p>;
  if (tx.error instanceof ApiError && tx.error.status === 404) return <Centered title="Escrow" text="No escrow transaction found for this auction." />;
  if (tx.isError || !tx.data) return <Centered title="Escrow" text="Failed to fetch transaction" />;

  const t = tx.data;
  const done = t.milestones.filter((m) => m.status === 'completed').length;
  const progress = Math.round((100 * done) / Math.max(1, t.milestones.length));
  const termsAccepted = role === 'buyer' ? t.buyerTermsAccepted : t.sellerTermsAccepted;
  const title = `${t.auction.car.year} ${t.auction.car.make} ${t.auction.car.model}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-slate-500">Escrow transaction #{t.id} · you are the {role}</p>
          <h1 className="text-3xl font-bold">{title}</h1>
        </div>
        <div className="text-right">
          <p className="text-3xl font-extrabold">{formatMoney(t.amount)}</p>
          <p className="mt-1 inline-block rounded-full bg-slate-900 px-3 py-1 text-xs font-semibold text-white" data-testid="escrow-status">{t.status.toUpperCase()}</p>
        </div>
      </div>
      {!termsAccepted && (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p className="text-sm text-amber-900">Please review and accept the escrow terms to continue.</p>
          <button onClick={() => accept.mutate()} disabled={accept.isPending} className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50">Accept terms</button>
        </div>
      )}
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
        <Tabs.Content value="payment" className="space-y-2 py-6 text-sm">
          <div className="flex justify-between"><span>Vehicle</span><span>{formatMoney(t.amount)}</span></div>
          <div className="flex justify-between"><span>Buyer fee (2.5%)</span><span>{formatMoney(t.fees.buyerFee)}</span></div>
          <div className="flex justify-between"><span>Seller fee (1.5%)</span><span>{formatMoney(t.fees.sellerFee)}</span></div>
          <div className="flex justify-between"><span>Payment processing</span><span>{formatMoney(t.fees.paymentProcessingFee)}</span></div>
          {t.paymentDueAt && <p className="text-slate-600">Payment due by {new Date(t.paymentDueAt).toLocaleString()}.</p>}
          {t.inspectionPeriodEnds && <p className="text-slate-600">Inspection period ({ESCROW_INSPECTION_DAYS} days) ends {new Date(t.inspectionPeriodEnds).toLocaleString()}.</p>}
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

function Centered({ title, text, link }: { title: string; text: string; link?: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      {link && <Link to={link} className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white">Sign in</Link>}
    </div>
  );
}
