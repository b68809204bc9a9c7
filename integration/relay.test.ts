import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { EVENTS_STREAM_FIELD, eventsStreamKey } from '@app/infra';
import { streams } from '@app/shared';
import { startWorkers } from '@app/workers';
import {
  createAuction,
  createUserSession,
  jsonHeaders,
  REDIS_URL,
  startTestApp,
  type TestContext,
} from '../api/test/support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

it('delivers a committed bid through the relay when the publish after commit fails', async () => {
  const auctionId = await createAuction(ctx.sql);
  const u = await createUserSession(ctx.app, ctx.sql);
  // As if the process died between commit and publish: the write to Redis never happens.
  await ctx.rebuild({
    writeEvents: async () => {
      throw new Error('redis unavailable');
    },
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/bids',
    headers: jsonHeaders(u.cookie),
    payload: { auctionId, amount: 15000 },
  });
  expect(res.statusCode).toBe(201);
  const [row] = await ctx.sql<{ publishedAt: Date | null }[]>`
    select published_at from outbox where stream = ${streams.auction(auctionId)} and type = 'bid.placed'`;
  expect(row!.publishedAt).toBeNull();

  const started = Date.now();
  const workers = await startWorkers({
    sql: ctx.sql,
    redisUrl: REDIS_URL,
    redisPrefix: ctx.config.REDIS_PREFIX,
    logger: pino({ level: 'silent' }),
  });
  try {
    let delivered = false;
    while (!delivered && Date.now() - started < 15_000) {
      const entries = await ctx.redis.xrange(eventsStreamKey(ctx.config.REDIS_PREFIX), '-', '+');
      delivered = entries.some(([, f]) => {
        const e = JSON.parse(f[f.indexOf(EVENTS_STREAM_FIELD) + 1]!);
        return e.type === 'bid.placed' && e.auctionId === auctionId && e.amount === '15000.00';
      });
      if (!delivered) await new Promise((r) => setTimeout(r, 50));
    }
    expect(delivered).toBe(true);
  } finally {
    await workers.close();
  }
});
