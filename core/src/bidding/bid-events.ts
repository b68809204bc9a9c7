// The events of a decided group of bids, made beside the writer: decideBids (shared/src/domain/bidding.ts) says which
// bids stand, and these are what the auction's stream tells about them, in sequence order.
import { centsToDecimal, reserveStatus, type AcceptedBid, type EventDraft } from '@app/shared';

/**
 * Each accepted bid's `bid.placed` (with its system chat line and whether the reserve is met by it, never the reserve
 * itself), followed by `auction.extended` when the bid moved the end.
 */
export function bidEvents(
  auction: { auctionId: number; reserveCents: number | null },
  accepted: readonly AcceptedBid[],
  decidedAt: Date,
): EventDraft[] {
  const at = decidedAt.toISOString();
  const events: EventDraft[] = [];
  for (const bid of accepted) {
    const amount = centsToDecimal(bid.amountCents);
    const endTime = new Date(bid.endTimeMs).toISOString();
    events.push({
      type: 'bid.placed',
      auctionId: auction.auctionId,
      at,
      bidId: bid.bidId,
      amount,
      currentBid: amount,
      bidCount: bid.bidCount,
      endTime,
      extended: bid.extended,
      bidderName: bid.bidder.name,
      bidderId: bid.bidder.id,
      reserveStatus: reserveStatus(auction.reserveCents, bid.amountCents, bid.bidCount),
      proxy: bid.proxy,
      chatLine: { id: bid.chatId, message: bid.chatText, timestamp: at },
    });
    if (bid.extended) events.push({ type: 'auction.extended', auctionId: auction.auctionId, at, endTime });
  }
  return events;
}
