// Retries must not double a bid or a purchase: the same Idempotency-Key from the same user, for the same request, gets
// the first answer again. The same key sent with a different request (another amount, another auction) is refused with
// 422, as Stripe does, so a client never mistakes the first answer for its new request's. Keys live 24 hours.
//
// The key is claimed in Postgres before anything is decided (a row without an answer), so requests racing one key on
// different API processes agree: one claims it and runs, the others wait for its answer. A claim whose process died
// before answering is taken over after CLAIM_LEASE_S; the bid and Buy It Now rules refuse a repeat of whatever that
// process may already have done (the same amount is no longer a valid next bid; a car sells once).
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '@app/core';

export const IDEMPOTENCY_TTL_HOURS = 24;
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const KEY_IN_FLIGHT = 'A request with this Idempotency-Key is still being processed: retry shortly';
/** Far beyond any request's deadline: a claim this old without an answer belongs to a process that died. */
export const CLAIM_LEASE_S = 60;
const POLL_MS = 25;

type Answer = { status: number; body: unknown };

/** A stable hash of what the request asks for, whatever order its fields came in. */
export function requestFingerprint(route: string, body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : v;
  return createHash('sha256')
    .update(`${route}\n${JSON.stringify(canonical(body))}`)
    .digest('hex');
}

/** Claims the key (new, expired, or abandoned); false when another request holds it or has answered it. */
async function claimKey(
  app: FastifyInstance,
  userId: number,
  key: string,
  fingerprint: string,
  claim: string,
): Promise<boolean> {
  const rows = await app.sql`
    insert into idempotency_keys (user_id, key, request_hash, claim) values (${userId}, ${key}, ${fingerprint}, ${claim})
    on conflict (user_id, key) do update
      set request_hash = excluded.request_hash, claim = excluded.claim, status_code = null, response = null, created_at = now()
      where idempotency_keys.created_at <= now() - ${IDEMPOTENCY_TTL_HOURS} * interval '1 hour'
         or (idempotency_keys.status_code is null and idempotency_keys.created_at <= now() - ${CLAIM_LEASE_S} * interval '1 second')
    returning 1`;
  return rows.length === 1;
}

/** `request.what` is the route and what the request asks for; fingerprinted only when a key came with it. */
export async function withIdempotency<T>(
  app: FastifyInstance,
  request: { userId: number; key: string | undefined; what: { route: string; body: unknown } },
  run: () => Promise<T>,
  successStatus = 201,
): Promise<Answer> {
  const { userId, key } = request;
  if (key === undefined) return { status: successStatus, body: await run() };
  const fingerprint = requestFingerprint(request.what.route, request.what.body);
  const claim = randomUUID();
  // A waiter gives up well before the request deadline would answer 503 for it, with an answer that says to retry.
  const waitUntil = Date.now() + app.config.REQUEST_DEADLINE_MS / 2;
  while (!(await claimKey(app, userId, key, fingerprint, claim))) {
    const [held] = await app.sql<{ statusCode: number | null; response: unknown; requestHash: string | null }[]>`
      select status_code, response, request_hash from idempotency_keys where user_id = ${userId} and key = ${key}`;
    if (!held) continue; // deleted in between (expired): claim it now
    if (held.requestHash !== fingerprint) throw new DomainError(422, KEY_REUSED);
    if (held.statusCode !== null) return { status: held.statusCode, body: held.response };
    if (Date.now() > waitUntil) throw new DomainError(409, KEY_IN_FLIGHT, { 'retry-after': '1' });
    await new Promise((r) => setTimeout(r, POLL_MS));
  }

  let answer: Answer;
  try {
    answer = { status: successStatus, body: await run() };
  } catch (err) {
    if (!(err instanceof DomainError)) {
      // A crash is not an answer worth replaying: the key is let go, so a retry runs again.
      await app.sql`delete from idempotency_keys where user_id = ${userId} and key = ${key} and claim = ${claim}`.catch(
        () => {},
      );
      throw err;
    }
    answer = { status: err.status, body: { error: err.message } };
  }
  await app.sql`
    update idempotency_keys set status_code = ${answer.status}, response = ${app.sql.json(answer.body as never)}
    where user_id = ${userId} and key = ${key} and claim = ${claim}`;
  return answer;
}
