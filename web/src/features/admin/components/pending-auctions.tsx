import { formatMoney } from '@app/shared';
import { usePendingAuctions } from '../api/pending-auctions';
import { useDecideAuction } from '../hooks/use-decide-auction';
import { ApprovalButtons } from './approval-buttons';

/** Cars sellers submitted to auction, waiting for an admin to approve (go live now) or reject. */
export function PendingAuctions() {
  const pending = usePendingAuctions();
  const decide = useDecideAuction();
  if (pending.isLoading) return <p className="text-slate-500">Loading pending auctions…</p>;
  if (!pending.data?.length) return <p className="text-slate-500">No auctions are waiting for approval.</p>;
  return (
    <ul className="divide-y rounded-xl border bg-white">
      {pending.data.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="pending-auction">
          <div>
            <p className="font-semibold">
              {a.car.year} {a.car.make} {a.car.model}
            </p>
            <p className="text-sm text-slate-600">
              Starting bid {formatMoney(a.startingBid)}
              {a.buyItNowPrice ? ` · Buy It Now ${formatMoney(a.buyItNowPrice)}` : ''} · {a.location} · Pending Approval
            </p>
          </div>
          <div className="flex gap-2">
            <ApprovalButtons auctionId={a.id} decide={decide} />
          </div>
        </li>
      ))}
    </ul>
  );
}
