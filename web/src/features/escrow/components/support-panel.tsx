// The support tab: every dispute on this sale with its evidence, its status and the mediator's decision, seen alike by
// both parties; and a way to reach support.
import { Link } from 'react-router';
import { formatMoney, type EscrowTransaction } from '@app/shared';
import { when } from '../utils/next-step';
import { DisputeThread } from './dispute-thread';

const OUTCOME: Record<string, string> = {
  release: 'funds released to the seller',
  refund: 'buyer refunded',
  partial_refund: 'buyer partly refunded',
};

export function SupportPanel({ transaction: t }: { transaction: EscrowTransaction }) {
  return (
    <div className="space-y-4 text-sm">
      {t.disputes.length === 0 && (
        <p className="text-slate-600">
          No dispute on this transaction. Use “Open a dispute” above if something is wrong: the funds stay held while a
          mediator reviews it.
        </p>
      )}
      {t.disputes.map((d) => (
        <article key={d.id} className="rounded-lg border bg-white p-4" data-testid="dispute">
          <p className="font-semibold">
            Dispute #{d.id} · {d.disputeType} · <span data-testid="dispute-status">{d.status.replace('_', ' ')}</span>
          </p>
          <p className="mt-1 text-slate-500">
            Opened by the {d.initiatedBy} {when(d.createdAt)}
          </p>
          <p className="mt-2 whitespace-pre-wrap">{d.description}</p>
          {d.evidence.length > 0 && (
            <p className="mt-2">
              Evidence:{' '}
              {d.evidence.map((e, i) => (
                <a key={e.documentId} href={e.fileUrl} className="mr-2 text-brand-600 underline">
                  file {i + 1}
                </a>
              ))}
            </p>
          )}
          <DisputeThread transaction={t} dispute={d} />
          {d.resolution && (
            <p className="mt-2 rounded bg-slate-50 p-2" data-testid="dispute-outcome">
              Mediator: {d.mediatorDecision} — {OUTCOME[d.resolution]}
              {d.resolution === 'partial_refund' && d.resolutionAmount ? ` (${formatMoney(d.resolutionAmount)})` : ''}.
            </p>
          )}
        </article>
      ))}
      <p>
        Questions about this transaction?{' '}
        <Link to="/contact" className="text-brand-600 underline">
          Contact support
        </Link>
        .
      </p>
    </div>
  );
}
