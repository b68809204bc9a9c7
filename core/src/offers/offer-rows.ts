// An offer as the offer commands read it under lock, and how a change to one is told: an offer.updated event to each
// party and the notices of the step (the one notices writer), both in the transaction of the change.
import type { TransactionSql } from 'postgres';
import type { Outbox } from '@app/infra';
import {
  centsToDecimal,
  offerNotices,
  offerTurn,
  toCents,
  type EventDraft,
  type OfferKind,
  type OfferStatus,
} from '@app/shared';
import { recordNotices } from '../notices/record-notices.js';

export interface OfferRow {
  id: number;
  auctionId: number;
  kind: OfferKind;
  buyerId: number;
  sellerId: number;
  amountCents: number;
  counterCents: number | null;
  status: OfferStatus;
  expiresAt: Date;
  transactionId: number | null;
}

interface RawOffer {
  id: number;
  auctionId: number;
  kind: OfferKind;
  buyerId: number;
  sellerId: number;
  amount: string;
  counterAmount: string | null;
  status: OfferStatus;
  expiresAt: Date;
  transactionId: number | null;
}

export const OFFER_COLUMNS =
  'id, auction_id, kind, buyer_id, seller_id, amount, counter_amount, status, expires_at, transaction_id' as const;

export const toOffer = (r: RawOffer): OfferRow => ({
  id: r.id,
  auctionId: r.auctionId,
  kind: r.kind,
  buyerId: r.buyerId,
  sellerId: r.sellerId,
  amountCents: toCents(r.amount),
  counterCents: r.counterAmount === null ? null : toCents(r.counterAmount),
  status: r.status,
  expiresAt: r.expiresAt,
  transactionId: r.transactionId,
});

/** The offer's row, locked until the transaction ends, and the database clock read once the lock is granted. */
export async function lockOffer(tx: TransactionSql, offerId: number): Promise<{ offer: OfferRow; dbNow: Date } | null> {
  const [r] = await tx<(RawOffer & { dbNow: Date })[]>`
    with locked as materialized (
      select ${tx.unsafe(OFFER_COLUMNS)} from auction_offers where id = ${offerId} for update
    )
    select l.*, clock_timestamp() as db_now from locked l`;
  return r ? { offer: toOffer(r), dbNow: r.dbNow } : null;
}

export async function auctionOfOffer(tx: TransactionSql, offerId: number): Promise<number | null> {
  const [r] = await tx<{ auctionId: number }[]>`select auction_id from auction_offers where id = ${offerId}`;
  return r?.auctionId ?? null;
}

export async function carTitle(tx: TransactionSql, auctionId: number): Promise<string> {
  const [r] = await tx<{ title: string }[]>`
    select c.year || ' ' || c.make || ' ' || c.model as title
    from auctions a join cars c on c.id = a.car_id where a.id = ${auctionId}`;
  return r?.title ?? 'car';
}

/** Both parties hear of the change on their own stream (the pages refresh their offers) and in their notices. */
export async function tellOfferParties(tx: TransactionSql, outbox: Outbox, offers: readonly OfferRow[]): Promise<void> {
  if (offers.length === 0) return;
  const at = new Date().toISOString();
  const drafts: EventDraft[] = offers.flatMap((o) =>
    [o.buyerId, o.sellerId].map((userId) => ({
      type: 'offer.updated' as const,
      userId,
      offerId: o.id,
      auctionId: o.auctionId,
      kind: o.kind,
      status: o.status,
      expiresAt: o.expiresAt.toISOString(),
      at,
    })),
  );
  await outbox.append(drafts);
  const title = await carTitle(tx, offers[0]!.auctionId);
  await recordNotices(
    tx,
    outbox,
    offers.flatMap((o) => offerNotices({ ...o, offerId: o.id, title })),
  );
}

/** An offer as its answer on the wire shows it (the list adds the buyer's name). */
export function offerOnWire(o: OfferRow, nowMs = Date.now()) {
  return {
    id: o.id,
    auctionId: o.auctionId,
    kind: o.kind,
    status: o.status,
    buyerId: o.buyerId,
    amount: centsToDecimal(o.amountCents),
    counterAmount: o.counterCents === null ? null : centsToDecimal(o.counterCents),
    expiresAt: o.expiresAt.toISOString(),
    turn: o.expiresAt.getTime() > nowMs ? offerTurn(o) : null,
  };
}
