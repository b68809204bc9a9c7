// Retries must not double a bid or a purchase: the same Idempotency-Key from the same user, for the same request, gets
// the first answer again. The same key sent with a different request (another amount, another auction) is refused with
// 422, as Stripe does, so a client never mistakes the first answer for its new request's. Keys live 24 hours.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domain-errors.js';

export const IDEMPOTENCY_TTL_HOURS = 24;
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';

type Answer = { status: number; body: unknown };
const inFlight = new Map<string, { fingerprint: string; answer: Promise<Answer> }>();

/** A stable hash of what the request asks for, whatever order its fields came in. */
export function requestFingerprint(route: string, body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)])) : v;
  return createHash('sha256').update(`${route}\n${JSON.stringify(canonical(body))}`).digest('hex');
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
  const memo = `${userId}:${key}`;
  const running = inFlight.get(memo);
  if (running) {
    if (running.fingerprint !== fingerprint) throw new DomainError(422, KEY_REUSED);
    return running.answer;
  }

  const attempt = (async (): Promise<Answer> => {
    const [stored] = await app.sql<{ statusCode: number; response: unknown; requestHash: string | null }[]>`
      select status_code, response, request_hash from idempotency_keys
      where user_id = ${userId} and key = ${key} and created_at > now() - ${IDEMPOTENCY_TTL_HOURS} * interval '1 hour'`;
    if (stored) {
      if (stored.requestHash !== fingerprint) throw new DomainError(422, KEY_REUSED);
      return { status: stored.statusCode, body: stored.response };
    }
    let answer: Answer;
    try {
      answer = { status: successStatus, body: await run() };
    } catch (err) {
      if (!(err instanceof DomainError)) throw err; // a crash is not an answer worth replaying
      answer = { status: err.status, body: { error: err.message } };
    }
    await app.sql`
      insert into idempotency_keys (user_id, key, status_code, response, request_hash)
      values (${userId}, ${key}, ${answer.status}, ${app.sql.json(answer.body as never)}, ${fingerprint})
      on conflict (user_id, key) do update
        set status_code = excluded.status_code, response = excluded.response, request_hash = excluded.request_hash, created_at = now()
        where idempotency_keys.created_at <= now() - ${IDEMPOTENCY_TTL_HOURS} * interval '1 hour'`;
    return answer;
  })();
  inFlight.set(memo, { fingerprint, answer: attempt });
  try {
    return await attempt;
  } finally {
    inFlight.delete(memo);
  }
}
