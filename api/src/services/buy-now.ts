// Buy It Now: one conditional UPDATE decides, so of many simultaneous buyers exactly one wins; the escrow opens in the same transaction.
import type { Sql, TransactionSql } from 'postgres';
import { insertAuctionEvent, insertSystemChat, openEscrow } from '@app/infra';
import { formatMoney, toCents, type BuyNowResponse, type AuctionEvent, type SessionUser } from '@app/shared';
import { Conflict, Forbidden, NotFound } from '../domain-errors.js';
import type { CommittedEvent, EventPublisher } from '../events/publisher.js';
import { PREMIUM_ONLY_MESSAGE } from './bid-engine.js';

export async function buyNow(
  sql: Sql,
  events: EventPublisher,
  { auctionId, buyer }: { auctionId: number; buyer: SessionUser },
): Promise<BuyNowResponse> {
  const committed: CommittedEvent[] = [];
  const result = await sql.begin(async (tx) => {
    const [won] = await tx<{ seq: string; price: string; ownerId: number | null; closedAt: Date }[]>`
      update auctions a
      set status = 'bought-now', is_active = false, closed_at = now(), winner_id = ${buyer.id},
          winning_amount = a.buy_it_now_price, current_bid = a.buy_it_now_price, seq = a.seq + 2
      from cars c
      where a.id = ${auctionId} and c.id = a.car_id
        and a.status = 'active' and a.end_time > now()
        and a.buy_it_now_price is not null and a.current_bid < a.buy_it_now_price
        and (not a.is_premium_only or ${buyer.isPremium})
        and c.owner_id is distinct from ${buyer.id}
      returning a.seq, a.buy_it_now_price as price, c.owner_id, a.closed_at`;
    if (!won) throw await whyNot(tx, auctionId, buyer);

    const amountCents = toCents(won.price);
    const transactionId = await openEscrow(tx, {
      auctionId,
      buyerId: buyer.id,
      sellerId: won.ownerId,
      amountCents,
    });
    const seq = Number(won.seq);
    const closed: AuctionEvent = {
      type: 'auction.closed',
      auctionId,
      seq: seq - 1,
      at: won.closedAt.toISOString(),
      outcome: 'bought-now',
      winningAmount: won.price,
    };
    committed.push(await insertAuctionEvent(tx, closed));
    committed.push(await insertSystemChat(tx, auctionId, seq, `Sold via Buy It Now for ${formatMoney(won.price)}`));
    return { auctionId, transactionId, amount: won.price };
  });
  events.publish(`auction:${auctionId}`, committed);
  return result;
}

async function whyNot(sql: Sql | TransactionSql, auctionId: number, buyer: SessionUser): Promise<Error> {
  const [a] = await sql<
    { status: string; ended: boolean; buyItNowPrice: string | null; currentBid: string; isPremiumOnly: boolean; ownerId: number | null }[]
  >`
    select a.status, a.end_time <= now() as ended, a.buy_it_now_price, a.current_bid, a.is_premium_only, c.owner_id
    from auctions a join cars c on c.id = a.car_id where a.id = ${auctionId}`;
  if (!a || a.status === 'pending' || a.status === 'rejected') return new NotFound('Auction not found');
  if (a.buyItNowPrice === null) return new Conflict('This auction has no Buy It Now price');
  if (a.status === 'bought-now') return new Conflict('This vehicle has already been purchased');
  if (a.status !== 'active' || a.ended) return new Conflict('This auction has ended');
  if (a.isPremiumOnly && !buyer.isPremium) return new Forbidden(`${PREMIUM_ONLY_MESSAGE}. Upgrade your account to buy.`);
  if (a.ownerId === buyer.id) return new Forbidden('You cannot buy your own car');
  if (toCents(a.currentBid) >= toCents(a.buyItNowPrice)) {
    return new Conflict('Bidding has reached the Buy It Now price; Buy It Now is no longer available');
  }
  return new Conflict('This auction can no longer be bought');
}
