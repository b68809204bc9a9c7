import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { io as connect } from 'socket.io-client';
import { createGateway } from '@app/realtime';
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

it('200 concurrent bids: a socket in the room receives every accepted bid, once, in sequence order', async () => {
  const http = createServer();
  const gateway = await createGateway(http, {
    sql: ctx.sql,
    redisUrl: REDIS_URL,
    redisPrefix: ctx.config.REDIS_PREFIX,
    origins: [],
    logger: pino({ level: 'silent' }),
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const socket = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
    transports: ['websocket'],
    forceNew: true,
  });
  try {
    const auctionId = await createAuction(ctx.sql, { startingBid: '1000.00' });
    const users = await Promise.all(Array.from({ length: 20 }, () => createUserSession(ctx.app, ctx.sql)));
    if (!socket.connected) await new Promise<void>((r) => socket.once('connect', () => r()));
    const ack = await socket.emitWithAck('auction:join', { auctionId });
    expect(ack.ok).toBe(true);
    const received: { seq: number; bidId: number; amount: string }[] = [];
    // Bid state comes in auction:events packets (several bids of the room at a time, in order).
    socket.on('auction:events', (events: { type: string; seq: number; bidId: number; amount: string }[]) =>
      received.push(...events.filter((e) => e.type === 'bid.placed')),
    );

    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/bids',
          headers: jsonHeaders(users[i % 20]!.cookie),
          payload: { auctionId, amount: 1000 + Math.floor(i / 2) * 1000 + (i % 3) * 250 },
        }),
      ),
    );
    const accepted = results.filter((r) => r.statusCode === 201).length;
    const bids = await ctx.sql<
      { id: string; amount: string }[]
    >`select id, amount from bids where auction_id = ${auctionId} order by id`;
    expect(bids).toHaveLength(accepted);
    // Through the outbox relay, the events stream and the gateway: seconds on a busy machine.
    const deadline = Date.now() + 15_000;
    while (received.length < accepted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    expect(received.map((e) => [String(e.bidId), e.amount])).toEqual(bids.map((b) => [b.id, b.amount]));
    const seqs = received.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
  } finally {
    socket.disconnect();
    await gateway.close();
    await new Promise<void>((r) => http.close(() => r()));
  }
});
