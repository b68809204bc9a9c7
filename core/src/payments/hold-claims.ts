// One member's holds on one auction are worked on by one caller at a time, across API processes, without a row lock
// held over a provider call: a claim is a short lease taken before the call and given back after. A claim left by a
// crashed process lapses on its own.
import { randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';

const LEASE_S = 15;

/**
 * Claims this process could not give back (the database went away mid-way): known to be nobody's, so the next claim of
 * the same member and auction here takes them over instead of waiting out the lease.
 */
const abandoned = new Set<string>();

export async function tryClaim(sql: Sql, auctionId: number, userId: number): Promise<string | null> {
  const token = randomBytes(12).toString('hex');
  const [row] = await sql`
    insert into bid_hold_claims (auction_id, user_id, token, claimed_until)
    values (${auctionId}, ${userId}, ${token}, now() + ${LEASE_S} * interval '1 second')
    on conflict (auction_id, user_id) do update set token = excluded.token, claimed_until = excluded.claimed_until
      where bid_hold_claims.claimed_until < now() or bid_hold_claims.token = any(${[...abandoned]}::text[])
    returning token`;
  return row ? token : null;
}

/** Waits a little for a claim another bid of the same member holds (it is decided within a moment). */
export async function claim(sql: Sql, auctionId: number, userId: number, waitMs: number): Promise<string | null> {
  const until = Date.now() + waitMs;
  for (;;) {
    const token = await tryClaim(sql, auctionId, userId);
    if (token || Date.now() >= until) return token;
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function giveBack(sql: Sql, auctionId: number, userId: number, token: string): Promise<void> {
  try {
    await sql`delete from bid_hold_claims where auction_id = ${auctionId} and user_id = ${userId} and token = ${token}`;
    abandoned.delete(token);
  } catch {
    if (abandoned.size > 1000) abandoned.clear();
    abandoned.add(token);
  }
}
