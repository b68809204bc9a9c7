// Buy It Now: the auction row is locked and the shared eligibility rule decides, so of many simultaneous buyers exactly
// one wins (the others find it bought); the escrow opens in the same transaction.
import { commitWithEvents, type EventDeps } from '@app/infra';
import { buyNowVerdict, centsToDecimal, formatCents, type BuyNowResponse, type SessionUser } from '@app/shared';
import { insertSystemChat, lockAuction } from './auction-lock.js';
import { openEscrow } from '../escrow/open-escrow.js';
import { refusalError } from '../errors.js';
import { assertFeatureOn } from '../settings/marketplace-settings.js';

export async function buyNow(
  deps: EventDeps,
  { auctionId, buyer }: { auctionId: number; buyer: SessionUser },
): Promise<BuyNowResponse> {
  // An admin can turn Buy It Now off for the whole marketplace; the listing then hides the button too.
  await assertFeatureOn(deps.sql, 'buyItNow');
  return commitWithEvents(deps, async (tx, outbox) => {
    const a = await lockAuction(tx, auctionId);
    const verdict = a
      ? buyNowVerdict(a, buyer, a.dbNow.getTime())
      : { ok: false as const, refusal: { code: 'not-found' as const, message: 'Auction not found' } };
    if (!verdict.ok) throw refusalError(verdict.refusal);
    const price = a!.buyItNowCents!;
    const amount = centsToDecimal(price);
    const [closed] = await tx<{ closedAt: Date }[]>`
      update auctions
      set status = 'bought-now', is_active = false, closed_at = now(), winner_id = ${buyer.id},
          winning_amount = ${amount}, current_bid = ${amount}
      where id = ${auctionId}
      returning closed_at`;
    const escrow = await openEscrow(tx, outbox, {
      auctionId,
      buyerId: buyer.id,
      sellerId: a!.sellerId,
      amountCents: price,
      openedBy: 'buyer',
    });
    const chatLine = await insertSystemChat(tx, auctionId, `Sold via Buy It Now for ${formatCents(price)}`);
    await outbox.append([
      {
        type: 'auction.closed',
        auctionId,
        at: closed!.closedAt.toISOString(),
        outcome: 'bought-now',
        winningAmount: amount,
        chatLine,
      },
    ]);
    return { auctionId, transactionId: escrow.transactionId, amount };
  });
}
