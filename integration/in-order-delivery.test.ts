// A gateway's sockets get an auction's events in seq order, each once, even when another gateway sends one again (a
// reader that took the events stream over after a freeze re-sends what its predecessor read and had not acknowledged)
// or late.
import { expect, it } from 'vitest';
import { createAuction, createUserSession, jsonHeaders } from '../api/test/support/test-app.js';
import { useAppWithGateways } from './support/gateways.js';
import { auctionEvent, otherGateway } from './support/other-gateway.js';

const t = useAppWithGateways();
const { gateways } = t;

it('an auction packet sent again or late by another gateway reaches a socket once, and never after a newer one', async () => {
  const user = await createUserSession(t.ctx.app, t.ctx.sql);
  const rival = await createUserSession(t.ctx.app, t.ctx.sql);
  const auctionId = await createAuction(t.ctx.sql, { startingBid: '1000.00' });
  // Two gateways: one reads the events stream and sends, the other gets its packets through the adapter.
  const sockets = await Promise.all(
    [await gateways.start(), await gateways.start()].map((url) => gateways.open(url, user.cookie)),
  );
  const received = sockets.map((socket) => {
    const seqs: number[] = [];
    socket.on('auction:events', (events: { seq: number }[]) => seqs.push(...events.map((e) => e.seq)));
    return seqs;
  });
  for (const socket of sockets) expect((await socket.emitWithAck('auction:join', { auctionId })).ok).toBe(true);

  // Two bids through the product.
  for (const [bidder, amount] of [
    [user, '1000'],
    [rival, '2000'],
  ] as const) {
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: '/api/bids',
      headers: jsonHeaders(bidder.cookie),
      payload: { auctionId, amount },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  for (const seqs of received) await expect.poll(() => seqs.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  const last = Math.max(...received[0]!);
  expect(Math.max(...received[1]!)).toBe(last);
  const event = (seq: number) => auctionEvent(auctionId, seq);

  // A third gateway sends the newest again, then an older one, then the newest and the next.
  const other = otherGateway(t.ctx.config.REDIS_PREFIX);
  try {
    other.send(auctionId, [event(last)]);
    other.send(auctionId, [event(last - 1)]);
    other.send(auctionId, [event(last), event(last + 1)]);
    other.send(auctionId, [event(last + 1)]);
    for (const seqs of received) await expect.poll(() => seqs.at(-1), { timeout: 15_000 }).toBe(last + 1);
    await new Promise((r) => setTimeout(r, 300));
    for (const seqs of received) {
      const first = seqs[0]!;
      expect(seqs).toEqual(Array.from({ length: last + 2 - first }, (_, i) => first + i));
    }
  } finally {
    await other.close();
  }
});
