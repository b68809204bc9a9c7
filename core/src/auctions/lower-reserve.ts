// The seller lowering the reserve of a live auction. Under the auction's row lock (the one bids take), so the new
// reserve status is computed against the bid that is current when it commits; bidders on the page see it live (the
// auction.reserve-lowered event on the auction's stream, with its chat line) and bidders and watchers get a notice.
import { commitWithEvents, type EventDeps } from '@app/infra';
import {
  centsToDecimal,
  lowerReserveVerdict,
  reserveLoweredChatText,
  reserveLoweredNotices,
  reserveStatus,
  type LowerReserveResponse,
} from '@app/shared';
import { insertSystemChat, lockAuction } from './auction-lock.js';
import { NotFound, refusalError } from '../errors.js';
import { recordNotices } from '../notices/record-notices.js';

export async function lowerReserve(
  deps: EventDeps,
  input: { auctionId: number; userId: number; reserveCents: number },
): Promise<LowerReserveResponse> {
  return commitWithEvents(deps, async (tx, outbox) => {
    const a = await lockAuction(tx, input.auctionId);
    if (!a || a.status === 'pending' || a.status === 'rejected') throw new NotFound('Auction not found');
    const verdict = lowerReserveVerdict(a, input.userId, input.reserveCents, a.dbNow.getTime());
    if (!verdict.ok) throw refusalError(verdict.refusal);
    const reservePrice = centsToDecimal(input.reserveCents);
    const [row] = await tx<{ title: string; told: number[] }[]>`
      with lowered as (update auctions set reserve_price = ${reservePrice} where id = ${input.auctionId} returning car_id)
      select c.year || ' ' || c.make || ' ' || c.model as title,
             array(select user_id from bids where auction_id = ${input.auctionId}
                   union select user_id from watchlist where auction_id = ${input.auctionId}) as told
      from lowered join cars c on c.id = lowered.car_id`;
    const status = reserveStatus(input.reserveCents, a.currentBidCents, a.bidCount);
    const chatLine = await insertSystemChat(tx, input.auctionId, reserveLoweredChatText(status === 'met'));
    await outbox.append([
      {
        type: 'auction.reserve-lowered',
        auctionId: input.auctionId,
        at: a.dbNow.toISOString(),
        reserveStatus: status,
        chatLine,
      },
    ]);
    await recordNotices(
      tx,
      outbox,
      reserveLoweredNotices({
        auctionId: input.auctionId,
        title: row!.title,
        reserveCents: input.reserveCents,
        met: status === 'met',
        userIds: row!.told.filter((id) => id !== input.userId),
      }),
    );
    return { auctionId: input.auctionId, reservePrice, reserveStatus: status };
  });
}
