// Retries must not double a bid or a purchase: the same Idempotency-Key from the same user gets the first answer again.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../domain-errors.js';

const KeySchema = z.string().min(1).max(200);
const inFlight = new Map<string, Promise<{ status: number; body: unknown }>>();

export async function withIdempotency<T>(
  app: FastifyInstance,
  userId: number,
  rawKey: string | undefined,
  run: () => Promise<T>,
  successStatus = 201,
): Promise<{ status: number; body: unknown }> {
  if (rawKey === undefined) return { status: successStatus, body: await run() };
  const key = KeySchema.parse(rawKey);
  const memo = `${userId}:${key}`;
  const running = inFlight.get(memo);
  if (running) return running;

  const attempt = (async () => {
    const [stored] = await app.sql<{ statusCode: number; response: unknown }[]>`
      select status_code, response from idempotency_keys where user_id = ${userId} and key = ${key}`;
    if (stored) return { status: stored.statusCode, body: stored.response };
    let answer: { status: number; body: unknown };
    try {
      answer = { status: successStatus, body: await run() };
    } catch (err) {
      if (!(err instanceof DomainError)) throw err; // a crash is not an answer worth replaying
      answer = { status: err.status, body: { error: err.message } };
    }
    await app.sql`
      insert into idempotency_keys (user_id, key, status_code, response)
      values (${userId}, ${key}, ${answer.status}, ${app.sql.json(answer.body as never)})
      on conflict do nothing`;
    return answer;
  })();
  inFlight.set(memo, attempt);
  try {
    return await attempt;
  } finally {
    inFlight.delete(memo);
  }
}
