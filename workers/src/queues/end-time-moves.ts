// Which auctions' end times a batch of events reports, so their close jobs follow a soft-close extension or an approval.
import type { DomainEvent } from '@app/shared';

/** The latest end time per auction (by seq) among the events that carry one: bid.placed, auction.extended, auction.opened. */
export function latestEndTimes(events: DomainEvent[]): Map<number, Date> {
  const latest = new Map<number, { seq: number; endTime: Date }>();
  for (const e of events) {
    if (e.type !== 'bid.placed' && e.type !== 'auction.extended' && e.type !== 'auction.opened') continue;
    const endTime = new Date(e.endTime);
    if (Number.isNaN(endTime.getTime())) continue;
    const seen = latest.get(e.auctionId);
    if (!seen || e.seq > seen.seq) latest.set(e.auctionId, { seq: e.seq, endTime });
  }
  return new Map([...latest].map(([auctionId, { endTime }]) => [auctionId, endTime]));
}
