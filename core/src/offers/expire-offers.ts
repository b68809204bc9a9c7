// Offers past their deadline become expired, run by the offer-expiry queue: a delayed job per offer deadline and a
// sweep for any job that was lost. The write is conditional on the offer still waiting and its deadline having passed
// by the database clock, and an answer holds the offer's row lock while it decides, so an expiry and an accept racing
// each other have exactly one outcome, and a duplicate job or a sweep finds nothing to do.
import type { Sql } from 'postgres';
import { commitWithEvents, type EventDeps } from '@app/infra';
import { OFFER_COLUMNS, tellOfferParties, toOffer, type OfferRow } from './offer-rows.js';

export async function expireOffer(deps: EventDeps, offerId: number): Promise<{ expired: boolean }> {
  return commitWithEvents(deps, async (tx, outbox) => {
    const rows = await tx<Parameters<typeof toOffer>[0][]>`
      update auction_offers set status = 'expired', answered_at = now()
      where id = ${offerId} and status in ('open', 'countered') and expires_at <= clock_timestamp()
      returning ${tx.unsafe(OFFER_COLUMNS)}`;
    await tellOfferParties(tx, outbox, rows.map(toOffer));
    return { expired: rows.length > 0 };
  });
}

/** Offers still waiting past their deadline, whatever happened to their jobs. */
export async function dueOfferIds(sql: Sql, limit = 500): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id from auction_offers where status in ('open', 'countered') and expires_at <= now()
    order by expires_at limit ${limit}`;
  return rows.map((r) => r.id);
}

/** Waiting offers and their deadlines, so a fresh Redis still gets a punctual job for each. */
export async function liveOfferDeadlines(sql: Sql): Promise<Pick<OfferRow, 'id' | 'expiresAt'>[]> {
  return sql<{ id: number; expiresAt: Date }[]>`
    select id, expires_at from auction_offers where status in ('open', 'countered') order by expires_at`;
}
