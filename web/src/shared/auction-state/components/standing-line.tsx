import { formatCents } from '@app/shared';
import { useStanding } from '../hooks/use-standing';
import type { StandingInput } from '../standing';
import { Countdown } from './countdown';

/** One line for lists outside the auctions pages (the dashboard): the right price and label, then time left or how it ended. */
export function StandingLine({ auction }: { auction: StandingInput }) {
  const { price, outcome } = useStanding(auction);
  return (
    <span data-testid="standing-line">
      {price.label} {formatCents(price.cents)} ·{' '}
      {outcome ? (
        <span className="font-semibold" data-testid="outcome">
          {outcome.text}
        </span>
      ) : (
        <>
          <Countdown endTime={auction.endTime} className="text-xs" /> left
        </>
      )}
    </span>
  );
}
