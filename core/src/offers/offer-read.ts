// The offers of one auction as the signed-in member may see them, and what they may start: the high bidder's best
// offer (its least amount) and the seller's second-chance offers (to whom, at what price). The same rules decide here
// as in the commands, so the page offers only what the server will accept.
import type { Sql } from 'postgres';
import {
  bestOfferVerdict,
  centsToDecimal,
  offerTurn,
  secondChanceVerdict,
  toCents,
  type AuctionOffersResponse,
} from '@app/shared';
import { OFFER_COLUMNS, toOffer } from './offer-rows.js';

interface Facts {
  status: string;
  sellerId: number | null;
  closedAt: Date | null;
  winnerId: number | null;
  liveEscrow: boolean;
  unpaidSale: boolean;
  highBidderId: number | null;
  highBid: string | null;
  dbNow: Date;
}

export async function offersForAuction(sql: Sql, auctionId: number, userId: number): Promise<AuctionOffersResponse> {
  const [f] = await sql<Facts[]>`
    select a.status, c.owner_id as seller_id, a.closed_at, a.winner_id, now() as db_now,
           exists (select 1 from escrow_transactions e where e.auction_id = a.id and e.status <> 'cancelled') as live_escrow,
           exists (select 1 from escrow_transactions e where e.auction_id = a.id and e.status = 'cancelled') as unpaid_sale,
           top.user_id as high_bidder_id, top.amount as high_bid
    from auctions a join cars c on c.id = a.car_id
    left join lateral (select user_id, amount from bids b where b.auction_id = a.id order by amount desc, id desc limit 1) top on true
    where a.id = ${auctionId}`;
  const isSeller = f !== undefined && f.sellerId === userId;
  const rows = await sql<(Parameters<typeof toOffer>[0] & { buyerName: string })[]>`
    select ${sql.unsafe(
      OFFER_COLUMNS.split(', ')
        .map((c) => `o.${c}`)
        .join(', '),
    )}, u.name as buyer_name
    from auction_offers o join users u on u.id = o.buyer_id
    where o.auction_id = ${auctionId} and (o.seller_id = ${userId} or o.buyer_id = ${userId})
    order by o.id desc`;
  const offers = rows.map((r) => {
    const o = toOffer(r);
    return {
      id: o.id,
      auctionId: o.auctionId,
      kind: o.kind,
      status: o.status,
      buyerId: o.buyerId,
      buyerName: r.buyerName,
      amount: centsToDecimal(o.amountCents),
      counterAmount: o.counterCents === null ? null : centsToDecimal(o.counterCents),
      expiresAt: o.expiresAt.toISOString(),
      turn: o.expiresAt.getTime() > (f?.dbNow.getTime() ?? 0) ? offerTurn(o) : null,
    };
  });
  const serverTime = (f?.dbNow ?? new Date()).toISOString();
  if (!f) return { offers, bestOfferMinimum: null, secondChanceBidders: [], serverTime };
  const highBidCents = f.highBid === null ? 0 : toCents(f.highBid);
  const best = bestOfferVerdict(
    {
      status: f.status,
      closedAtMs: f.closedAt?.getTime() ?? null,
      sellerId: f.sellerId,
      highBidderId: f.highBidderId,
      highBidCents,
    },
    userId,
    highBidCents,
    f.dbNow.getTime(),
    rows.some((r) => r.kind === 'best'),
  );
  let secondChanceBidders: AuctionOffersResponse['secondChanceBidders'] = [];
  if (isSeller) {
    const bidders = await sql<{ userId: number; name: string; highBid: string }[]>`
      select b.user_id, u.name, max(b.amount) as high_bid
      from bids b join users u on u.id = b.user_id
      where b.auction_id = ${auctionId}
        and not exists (select 1 from auction_offers o where o.auction_id = ${auctionId} and o.buyer_id = b.user_id and o.kind = 'second-chance')
      group by b.user_id, u.name order by max(b.amount) desc limit 50`;
    const facts = { ...f };
    secondChanceBidders = bidders.filter((b) => secondChanceVerdict(facts, userId, b.userId, toCents(b.highBid)).ok);
  }
  return {
    offers,
    bestOfferMinimum: best.ok ? centsToDecimal(highBidCents) : null,
    secondChanceBidders,
    serverTime,
  };
}
