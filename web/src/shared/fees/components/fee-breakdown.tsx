// Money owed on a sale, line by line, from the one fee schedule (shared/src/domain/fees.ts): the schedule in force now
// (the current one, useFeeSchedule) or the one an escrow was opened with (kept with it).
import { buyerFeeLines, formatCents, saleFees, sellerFeeLines, type FeeSchedule } from '@app/shared';

export function FeeBreakdown({
  priceCents,
  side,
  schedule,
}: {
  priceCents: number;
  side: 'buyer' | 'seller';
  schedule: FeeSchedule;
}) {
  const fees = saleFees(priceCents, schedule);
  const lines = side === 'buyer' ? buyerFeeLines(fees, schedule) : sellerFeeLines(fees, schedule);
  return (
    <dl className="space-y-2 text-sm" data-testid={`${side}-fees`}>
      {lines.map((l, i) => {
        const last = i === lines.length - 1;
        return (
          <div key={l.label} className={`flex justify-between ${last ? 'border-t pt-2 font-semibold' : ''}`}>
            <dt>{l.label}</dt>
            <dd data-testid={last ? (side === 'buyer' ? 'total-due' : 'seller-proceeds') : undefined}>
              {l.cents < 0 ? `−${formatCents(-l.cents)}` : formatCents(l.cents)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A sale made now: what the buyer pays, and (folded) what the seller receives of it. */
export function CurrentSaleFees({ priceCents, schedule }: { priceCents: number; schedule: FeeSchedule }) {
  return (
    <>
      <FeeBreakdown priceCents={priceCents} side="buyer" schedule={schedule} />
      <details className="mt-3 text-sm text-slate-600">
        <summary className="cursor-pointer">What the seller receives</summary>
        <div className="mt-2">
          <FeeBreakdown priceCents={priceCents} side="seller" schedule={schedule} />
        </div>
      </details>
    </>
  );
}

export const FeesLoading = () => (
  <p className="text-sm text-slate-500" data-testid="fees-loading">
    Loading the fee schedule…
  </p>
);
