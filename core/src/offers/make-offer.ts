// Sending an offer after the hammer: the high bidder's best offer on a reserve-not-met auction, or the seller's
// second-chance offer to another bidder. Both decide under the auction's row lock, the lock every sale takes, so no
// offer is sent to a car that a racing accept has just sold.
import type { TransactionSql } from 'postgres';
import { commitWithEvents, type EventDeps } from '@app/infra';
import {
  bestOfferDeadline,
  bestOfferVerdict,
  centsToDecimal,
  secondChanceDeadline,
  secondChanceVerdict,
  toCents,
} from '@app/shared';
import { lockAuction } from '../auctions/auction-lock.js';
import { Conflict, NotFound, refusalError } from '../errors.js';
import { OFFER_COLUMNS, tellOfferParties, toOffer, type OfferRow } from './offer-rows.js';

interface EndedRow {
  closedAt: Date | null;
  winnerId: number | null;
  liveEscrow: boolean;
  unpaidSale: boolean;
  highBidderId: number | null;
  highBid: string | null;
}

async function endedFacts(tx: TransactionSql, auctionId: number): Promise<EndedRow> {
  const [r] = await tx<EndedRow[]>`
    select a.closed_at, a.winner_id,
           exists (select 1 from escrow_transactions e where e.auction_id = a.id and e.status <> 'cancelled') as live_escrow,
           exists (select 1 from escrow_transactions e where e.auction_id = a.id and e.status = 'cancelled') as unpaid_sale,
           top.user_id as high_bidder_id, top.amount as high_bid
    from auctions a
    left join lateral (select user_id, amount from bids b where b.auction_id = a.id order by amount desc, id desc limit 1) top on true
    where a.id = ${auctionId}`;
  return r!;
}

async function insertOffer(
  tx: TransactionSql,
  o: {
    auctionId: number;
    kind: OfferRow['kind'];
    buyerId: number;
    sellerId: number;
    amountCents: number;
    expiresAt: Date;
  },
): Promise<OfferRow> {
  const rows = await tx<Parameters<typeof toOffer>[0][]>`
    insert into auction_offers (auction_id, kind, buyer_id, seller_id, amount, expires_at)
    values (${o.auctionId}, ${o.kind}, ${o.buyerId}, ${o.sellerId}, ${centsToDecimal(o.amountCents)}, ${o.expiresAt})
    on conflict do nothing
    returning ${tx.unsafe(OFFER_COLUMNS)}`;
  if (!rows[0])
    throw new Conflict(
      o.kind === 'best'
        ? 'You have already sent your best offer on this auction'
        : 'This bidder has already had a second-chance offer on this car',
    );
  return toOffer(rows[0]);
}

export async function makeBestOffer(
  deps: EventDeps,
  input: { auctionId: number; buyerId: number; amountCents: number },
): Promise<OfferRow> {
  return commitWithEvents(deps, async (tx, outbox) => {
    const a = await lockAuction(tx, input.auctionId);
    if (!a) throw new NotFound('Auction not found');
    const f = await endedFacts(tx, input.auctionId);
    const [sent] = await tx<{ n: number }[]>`
      select count(*)::int as n from auction_offers where auction_id = ${input.auctionId} and kind = 'best'`;
    const verdict = bestOfferVerdict(
      {
        status: a.status,
        closedAtMs: f.closedAt?.getTime() ?? null,
        sellerId: a.sellerId,
        highBidderId: f.highBidderId,
        highBidCents: f.highBid === null ? 0 : toCents(f.highBid),
      },
      input.buyerId,
      input.amountCents,
      a.dbNow.getTime(),
      sent!.n > 0,
    );
    if (!verdict.ok) throw refusalError(verdict.refusal);
    const offer = await insertOffer(tx, {
      auctionId: input.auctionId,
      kind: 'best',
      buyerId: input.buyerId,
      sellerId: a.sellerId!,
      amountCents: input.amountCents,
      expiresAt: new Date(bestOfferDeadline(a.dbNow.getTime())),
    });
    await tellOfferParties(tx, outbox, [offer]);
    return offer;
  });
}

export async function makeSecondChanceOffer(
  deps: EventDeps,
  input: { auctionId: number; sellerId: number; bidderId: number },
): Promise<OfferRow> {
  return commitWithEvents(deps, async (tx, outbox) => {
    const a = await lockAuction(tx, input.auctionId);
    if (!a) throw new NotFound('Auction not found');
    const f = await endedFacts(tx, input.auctionId);
    const [bid] = await tx<{ high: string | null }[]>`
      select max(amount) as high from bids where auction_id = ${input.auctionId} and user_id = ${input.bidderId}`;
    const bidderHighCents = bid?.high == null ? null : toCents(bid.high);
    const verdict = secondChanceVerdict(
      {
        status: a.status,
        sellerId: a.sellerId,
        liveEscrow: f.liveEscrow,
        unpaidSale: f.unpaidSale,
        winnerId: f.winnerId,
        highBidderId: f.highBidderId,
      },
      input.sellerId,
      input.bidderId,
      bidderHighCents,
    );
    if (!verdict.ok) throw refusalError(verdict.refusal);
    const offer = await insertOffer(tx, {
      auctionId: input.auctionId,
      kind: 'second-chance',
      buyerId: input.bidderId,
      sellerId: input.sellerId,
      amountCents: bidderHighCents!,
      expiresAt: new Date(secondChanceDeadline(a.dbNow.getTime())),
    });
    await tellOfferParties(tx, outbox, [offer]);
    return offer;
  });
}
