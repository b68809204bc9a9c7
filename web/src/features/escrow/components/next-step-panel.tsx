// What the viewer should do now, and the buttons the escrow state machine allows them (nextActions).
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { escrowTerms, releaseBlocker, type EscrowTransaction } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { escrowTransactionQueryKey } from '../api/get-transaction';
import {
  acceptTerms,
  confirmDelivery,
  confirmInspection,
  openDispute,
  uploadEscrowDocument,
  type Dispute,
} from '../api/escrow-steps';
import { escrowStateOf } from '../utils/escrow-state';
import { TermsPanel } from './terms-panel';
import { DisputeForm } from './dispute-form';
import { nextStep } from '../utils/next-step';
import { Button } from '../../../components/ui';

export function NextStepPanel({ transaction: t }: { transaction: EscrowTransaction }) {
  const queryClient = useQueryClient();
  const [disputing, setDisputing] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: escrowTransactionQueryKey(t.auction.id) });
  const failed = (title: string) => (err: Error) =>
    toast({ title, description: err instanceof ApiError ? err.serverMessage : undefined, variant: 'destructive' });

  const accept = useMutation({
    mutationFn: () => acceptTerms(t, escrowTerms(t.fees.schedule).version),
    onSuccess: () => {
      toast({ title: 'Terms Accepted' });
      refresh();
    },
    onError: failed('Failed to accept terms'),
  });
  const inspect = useMutation({
    mutationFn: () => confirmInspection(t),
    onSuccess: () => {
      toast({
        title: 'Milestone Completed',
        description: 'Inspection confirmed: the funds are released to the seller.',
      });
      refresh();
    },
    onError: failed('Failed to complete milestone'),
  });
  const deliver = useMutation({
    mutationFn: () => confirmDelivery(t),
    onSuccess: () => {
      toast({ title: 'Delivery Confirmed', description: 'The inspection period has started.' });
      refresh();
    },
    onError: failed('Failed to confirm the delivery'),
  });
  const dispute = useMutation({
    // Evidence files are uploaded first as documents of this escrow, then named by the dispute.
    mutationFn: async ({ d, evidence }: { d: Dispute; evidence: File[] }) => {
      const ids: number[] = [];
      for (const file of evidence) ids.push((await uploadEscrowDocument(t, 'other', file)).documentId);
      return openDispute(t, { ...d, evidenceDocumentIds: ids });
    },
    onSuccess: () => {
      toast({ title: 'Dispute Initiated', description: 'The funds stay held while a mediator reviews it.' });
      setDisputing(false);
      refresh();
    },
    onError: failed('Failed to initiate dispute'),
  });
  const can = (a: EscrowTransaction['nextActions'][number]) => t.nextActions.includes(a);
  // The buyer sees the release step before it is open, disabled with what it waits for.
  const releaseWaits = t.role === 'buyer' && !can('confirm_inspection') ? releaseBlocker(escrowStateOf(t)) : null;

  return (
    <div className="mt-6 rounded-lg border border-brand-100 bg-brand-50 p-4" data-testid="escrow-next-step">
      <p className="font-medium text-slate-900">{nextStep(t)}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {can('accept_terms') && (
          <Button onClick={() => accept.mutate()} disabled={accept.isPending} variant="dark" size="sm">
            Accept terms
          </Button>
        )}
        {can('confirm_delivery') && (
          <Button onClick={() => deliver.mutate()} disabled={deliver.isPending} variant="dark" size="sm">
            Confirm delivery
          </Button>
        )}
        {(can('confirm_inspection') || releaseWaits) && (
          <Button
            onClick={() => inspect.mutate()}
            disabled={inspect.isPending || releaseWaits !== null}
            aria-describedby={releaseWaits ? 'release-waits' : undefined}
            variant="success"
            size="sm"
          >
            Confirm inspection and release funds
          </Button>
        )}
        {can('open_dispute') && !disputing && (
          <Button onClick={() => setDisputing(true)} variant="outline-danger" size="sm">
            Open a dispute
          </Button>
        )}
      </div>
      {releaseWaits && (
        <p id="release-waits" className="mt-2 text-sm text-slate-600" data-testid="release-waits">
          {releaseWaits}
        </p>
      )}
      {can('accept_terms') && (
        <div className="mt-4 rounded border bg-white p-4">
          <TermsPanel transaction={t} />
        </div>
      )}
      {disputing && (
        <DisputeForm
          pending={dispute.isPending}
          onCancel={() => setDisputing(false)}
          onSubmit={(d, evidence) => dispute.mutate({ d, evidence })}
        />
      )}
    </div>
  );
}
