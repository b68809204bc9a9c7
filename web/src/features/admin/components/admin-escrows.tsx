// The admin portal's escrow queue: each escrow with what it waits for; its documents to verify or reject; its dispute
// to take for review and settle; and the steps the state machine lets an admin take now.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatMoney, type AdminEscrow } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  adminEscrowsQueryKey,
  mediateDispute,
  reviewDocument,
  takeEscrowAction,
  useAdminEscrows,
  type AdminEscrowAction,
  type DisputeStep,
} from '../api/admin-escrows';
import { Button } from '../../../components/ui';

const ACTION_LABELS: Record<string, string> = { verify_documents: 'Verify documents', release_funds: 'Release funds' };
const ADMIN_ACTIONS = new Set<string>(['verify_documents', 'release_funds']);

function useAdminStep<I>(run: (input: I) => Promise<unknown>, done: string, failed: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      toast({ title: done });
      void queryClient.invalidateQueries({ queryKey: adminEscrowsQueryKey });
    },
    onError: (err: Error) =>
      toast({
        title: failed,
        description: err instanceof ApiError ? err.serverMessage : undefined,
        variant: 'destructive',
      }),
  });
}

export function AdminEscrows() {
  const escrows = useAdminEscrows();
  if (escrows.isLoading) return <p className="text-slate-500">Loading escrows…</p>;
  if (!escrows.data?.length) return <p className="text-slate-500">No escrow transactions yet.</p>;
  return (
    <ul className="divide-y rounded-xl border bg-white">
      {escrows.data.map((e) => (
        <EscrowRow key={e.id} escrow={e} />
      ))}
    </ul>
  );
}

function EscrowRow({ escrow: e }: { escrow: AdminEscrow }) {
  const act = useAdminStep(
    ({ action }: { action: AdminEscrowAction }) => takeEscrowAction(e.id, action),
    'Milestone Completed',
    'Failed to complete milestone',
  );
  const openDispute = e.disputes.find((d) => d.status === 'open' || d.status === 'in_review');
  return (
    <li className="space-y-3 p-4" data-testid="admin-escrow" data-auction-id={e.auctionId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold">
            #{e.id} {e.title} · {formatMoney(e.amount)}
          </p>
          <p className="text-sm text-slate-600">
            <span data-testid="admin-escrow-status">{e.status.toUpperCase()}</span> · buyer {e.buyerName}
            {e.buyerTermsAccepted ? ' (terms accepted)' : ''}
            {e.sellerName ? ` · seller ${e.sellerName}${e.sellerTermsAccepted ? ' (terms accepted)' : ''}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {e.nextActions
            .filter((a) => ADMIN_ACTIONS.has(a))
            .map((action) => (
              <Button
                key={action}
                onClick={() => act.mutate({ action: action as AdminEscrowAction })}
                disabled={act.isPending}
                variant="dark"
                size="sm"
              >
                {ACTION_LABELS[action]}
              </Button>
            ))}
        </div>
      </div>
      <Documents escrow={e} />
      {openDispute && <Mediation escrow={e} dispute={openDispute} />}
    </li>
  );
}

function Documents({ escrow: e }: { escrow: AdminEscrow }) {
  const review = useAdminStep(
    (r: { documentId: number; decision: 'verified' | 'rejected'; reason?: string }) =>
      reviewDocument(e.id, r.documentId, { decision: r.decision, ...(r.reason ? { reason: r.reason } : {}) }),
    'Document reviewed',
    'Failed to review document',
  );
  const reviewable = e.status === 'pending' || e.status === 'funded';
  return (
    <ul className="space-y-1 text-sm">
      {e.documents
        .filter((d) => d.uploaded)
        .map((d) => (
          <li key={d.id} className="flex flex-wrap items-center gap-2" data-testid={`admin-document-${d.documentType}`}>
            <a href={d.fileUrl ?? undefined} className="capitalize text-brand-600 underline">
              {d.documentType.replaceAll('_', ' ')}
            </a>
            <span className="text-slate-600">
              {d.verificationStatus}
              {d.rejectionReason ? `: ${d.rejectionReason}` : ''}
            </span>
            {reviewable && d.verificationStatus !== 'verified' && (
              <Button
                onClick={() => review.mutate({ documentId: d.id, decision: 'verified' })}
                disabled={review.isPending}
                variant="outline"
                size="xs"
              >
                Verify
              </Button>
            )}
            {reviewable && d.verificationStatus === 'pending' && (
              <Button
                onClick={() => {
                  const reason = window.prompt('Why is this document rejected?');
                  if (reason?.trim()) review.mutate({ documentId: d.id, decision: 'rejected', reason: reason.trim() });
                }}
                disabled={review.isPending}
                variant="outline"
                size="xs"
              >
                Reject
              </Button>
            )}
          </li>
        ))}
    </ul>
  );
}

function Mediation({ escrow: e, dispute }: { escrow: AdminEscrow; dispute: AdminEscrow['disputes'][number] }) {
  const { id: disputeId, status, description } = dispute;
  const [message, setMessage] = useState('');
  const [outcome, setOutcome] = useState<'release' | 'refund' | 'partial_refund'>('release');
  const [refundAmount, setRefundAmount] = useState('');
  const [decision, setDecision] = useState('');
  const step = useAdminStep((s: DisputeStep) => mediateDispute(e.id, s), 'Dispute updated', 'Failed to update dispute');
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm" data-testid="admin-dispute">
      <p className="font-semibold">
        Dispute #{disputeId} · {status.replace('_', ' ')}
      </p>
      <p className="mt-1">{description}</p>
      {dispute.messages.map((m, i) => (
        <p key={i} className="mt-1">
          <span className="font-medium capitalize">{m.author}:</span> {m.body}
        </p>
      ))}
      <form
        className="mt-2 flex gap-2"
        onSubmit={(ev) => {
          ev.preventDefault();
          step.mutate({ action: 'message', message });
          setMessage('');
        }}
      >
        <input
          aria-label="Message to the parties"
          value={message}
          onChange={(ev) => setMessage(ev.target.value)}
          placeholder="Write to both parties"
          className="flex-1 rounded border px-2 py-1"
        />
        <Button type="submit" disabled={step.isPending || message.trim() === ''} variant="outline" size="xs">
          Send
        </Button>
      </form>
      {status === 'open' && (
        <Button
          onClick={() => step.mutate({ action: 'review' })}
          disabled={step.isPending}
          variant="outline"
          size="xs"
          className="mt-2"
        >
          Take for review
        </Button>
      )}
      <form
        className="mt-2 flex flex-wrap items-end gap-2"
        onSubmit={(ev) => {
          ev.preventDefault();
          step.mutate({
            action: 'resolve',
            outcome,
            decision,
            ...(outcome === 'partial_refund' ? { refundAmount } : {}),
          });
        }}
      >
        <select
          aria-label="Outcome"
          value={outcome}
          onChange={(ev) => setOutcome(ev.target.value as typeof outcome)}
          className="rounded border px-2 py-1"
        >
          <option value="release">Release to seller</option>
          <option value="refund">Refund buyer</option>
          <option value="partial_refund">Partial refund</option>
        </select>
        {outcome === 'partial_refund' && (
          <input
            aria-label="Refund amount"
            value={refundAmount}
            onChange={(ev) => setRefundAmount(ev.target.value)}
            placeholder="Refund $"
            className="w-28 rounded border px-2 py-1"
          />
        )}
        <input
          aria-label="Decision"
          value={decision}
          onChange={(ev) => setDecision(ev.target.value)}
          placeholder="Mediator's decision"
          className="min-w-48 flex-1 rounded border px-2 py-1"
        />
        <Button type="submit" disabled={step.isPending || decision.trim() === ''} variant="dark" size="sm">
          Resolve
        </Button>
      </form>
    </div>
  );
}
