// Answering an offer: the seller accepts, declines or counters a best offer; the buyer accepts or declines a counter
// or a second-chance offer. The auction's row lock (the lock every sale of the car takes) and then the offer's row lock
// are held while the rule decides on the database clock, and the write is still conditional on the status it decided
// from, so an accept racing the expiry job, the other party or another offer's accept has exactly one outcome.
// An accept is a sale exactly like a won auction's: the auction sold to the buyer at the offer's price, its escrow
// opened with the fee schedule in force, the won and sold notices, and every other live offer on the car withdrawn.
import type { TransactionSql } from 'postgres';
import { commitWithEvents, type EventDeps, type Outbox } from '@app/infra';
import {
  bestOfferDeadline,
  centsToDecimal,
  counterVerdict,
  formatCents,
  offerVerdict,
  salePriceCents,
  type OfferAction,
  type OfferActor,
} from '@app/shared';
import { insertSystemChat, lockAuction } from '../auctions/auction-lock.js';
import { openEscrow } from '../escrow/open-escrow.js';
import { Conflict, NotFound, refusalError } from '../errors.js';
import { OFFER_COLUMNS, auctionOfOffer, lockOffer, tellOfferParties, toOffer, type OfferRow } from './offer-rows.js';

export interface AnswerOfferInput {
  offerId: number;
  /** The signed-in member answering; must be the party whose turn it is. */
  userId: number;
  action: OfferAction;
  /** The seller's counter, whole dollars above the offer (counter only). */
  counterCents?: number;
}

export interface AnswerOfferResult {
  offer: OfferRow;
  /** The escrow the accepted offer opened. */
  transactionId: number | null;
}

export async function answerOffer(deps: EventDeps, input: AnswerOfferInput): Promise<AnswerOfferResult> {
  return commitWithEvents(deps, async (tx, outbox) => {
    const auctionId = await auctionOfOffer(tx, input.offerId);
    if (auctionId === null) throw new NotFound('Offer not found');
    // The auction first, then the offer: the order every offer command locks in, so two of them never deadlock.
    const a = await lockAuction(tx, auctionId);
    const locked = await lockOffer(tx, input.offerId);
    if (!a || !locked) throw new NotFound('Offer not found');
    const { offer, dbNow } = locked;
    const actor: OfferActor | null =
      input.userId === offer.buyerId ? 'buyer' : input.userId === offer.sellerId ? 'seller' : null;
    // Someone else's offer does not exist for them.
    if (actor === null) throw new NotFound('Offer not found');
    const verdict = offerVerdict(
      { kind: offer.kind, status: offer.status, expiresAtMs: offer.expiresAt.getTime() },
      input.action,
      actor,
      dbNow.getTime(),
    );
    if (!verdict.ok) throw refusalError(verdict.refusal);

    if (verdict.next === 'countered') {
      const counterCents = input.counterCents ?? 0;
      const counter = counterVerdict(offer.amountCents, counterCents);
      if (!counter.ok) throw refusalError(counter.refusal);
      const updated = await transition(tx, offer, 'countered', {
        counterCents,
        expiresAt: new Date(bestOfferDeadline(dbNow.getTime())),
      });
      await tellOfferParties(tx, outbox, [updated]);
      return { offer: updated, transactionId: null };
    }
    if (verdict.next === 'declined') {
      const updated = await transition(tx, offer, 'declined');
      await tellOfferParties(tx, outbox, [updated]);
      return { offer: updated, transactionId: null };
    }
    return sell(tx, outbox, offer, actor);
  });
}

/** The one conditional write of every answer: nothing changes unless the offer is still in the status decided from. */
async function transition(
  tx: TransactionSql,
  offer: OfferRow,
  next: OfferRow['status'],
  o: { counterCents?: number; expiresAt?: Date; transactionId?: number } = {},
): Promise<OfferRow> {
  const [row] = await tx<Parameters<typeof toOffer>[0][]>`
    update auction_offers
    set status = ${next}, answered_at = now(),
        counter_amount = coalesce(${o.counterCents === undefined ? null : centsToDecimal(o.counterCents)}::numeric, counter_amount),
        expires_at = coalesce(${o.expiresAt ?? null}::timestamptz, expires_at),
        transaction_id = coalesce(${o.transactionId ?? null}::int, transaction_id)
    where id = ${offer.id} and status = ${offer.status}
    returning ${tx.unsafe(OFFER_COLUMNS)}`;
  if (!row) throw new Conflict('This offer has already been answered');
  return toOffer(row);
}

async function sell(
  tx: TransactionSql,
  outbox: Outbox,
  offer: OfferRow,
  actor: OfferActor,
): Promise<AnswerOfferResult> {
  // A second escrow that is not cancelled means the car is sold (another offer accepted first, or the sale is live).
  const [live] = await tx<{ n: number }[]>`
    select count(*)::int as n from escrow_transactions where auction_id = ${offer.auctionId} and status <> 'cancelled'`;
  if (live!.n > 0) throw new Conflict('This car has already been sold');
  const priceCents = salePriceCents(offer);
  const price = centsToDecimal(priceCents);
  await tx`
    update auctions
    set status = 'sold', is_active = false, winner_id = ${offer.buyerId}, winning_amount = ${price},
        closed_at = coalesce(closed_at, now())
    where id = ${offer.auctionId}`;
  const escrow = await openEscrow(tx, outbox, {
    auctionId: offer.auctionId,
    buyerId: offer.buyerId,
    sellerId: offer.sellerId,
    amountCents: priceCents,
    openedBy: actor === 'buyer' ? 'buyer' : 'system',
  });
  const accepted = await transition(tx, offer, 'accepted', { transactionId: escrow.transactionId });
  // Only one sale: every other offer still waiting on this car ends with it.
  const withdrawn = await tx<Parameters<typeof toOffer>[0][]>`
    update auction_offers set status = 'withdrawn', answered_at = now()
    where auction_id = ${offer.auctionId} and id <> ${offer.id} and status in ('open', 'countered')
    returning ${tx.unsafe(OFFER_COLUMNS)}`;
  await insertSystemChat(tx, offer.auctionId, `Sold by accepted offer for ${formatCents(priceCents)}`);
  await tellOfferParties(tx, outbox, [accepted, ...withdrawn.map(toOffer)]);
  return { offer: accepted, transactionId: escrow.transactionId };
}
