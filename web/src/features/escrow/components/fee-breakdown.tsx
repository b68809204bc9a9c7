// Money owed on a sale, line by line, from the one fee schedule (shared/src/domain/fees.ts).
import { FEE_SCHEDULE, buyerFeeLines, formatCents, saleFees, sellerFeeLines, type FeeSchedule } from '@app/shared';

export function FeeBreakdown({ priceCents, side, schedule = FEE_SCHEDULE }: { priceCents: number; side: 'buyer' | 'seller'; schedule?: FeeSchedule }) {
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
