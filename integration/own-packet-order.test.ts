// A gateway frozen while its own packet is on its way to Redis (Redis has taken it; the gateway learns so late) must
// not hand its sockets a newer packet another gateway sent meanwhile first: its own, older one would then come second.
import { expect, it } from 'vitest';
import { createAuction, createUserSession, jsonHeaders, REDIS_URL } from '../api/test/support/test-app.js';
import { useAppWithGateways } from './support/gateways.js';
import { auctionEvent, otherGateway } from './support/other-gateway.js';
import { stallingProxy } from './support/stalling-proxy.js';

const t = useAppWithGateways();

it("a gateway's own packet answered late by Redis reaches its sockets before a newer one another gateway sent meanwhile", async () => {
  const proxy = await stallingProxy(REDIS_URL);
  const other = otherGateway(t.ctx.config.REDIS_PREFIX);
  try {
    const [user, rival] = await Promise.all([
      createUserSession(t.ctx.app, t.ctx.sql),
      createUserSession(t.ctx.app, t.ctx.sql),
    ]);
    const auctionId = await createAuction(t.ctx.sql, { startingBid: '1000.00' });
    // The only gateway, so it reads the events stream and sends the auction's packets itself.
    const socket = await t.gateways.open(await t.gateways.start(proxy.url), user.cookie);
    const seqs: number[] = [];
    socket.on('auction:events', (events: { seq: number }[]) => seqs.push(...events.map((e) => e.seq)));
    expect((await socket.emitWithAck('auction:join', { auctionId })).ok).toBe(true);
    const bid = async (cookie: string, amount: string) => {
      const res = await t.ctx.app.inject({
        method: 'POST',
        url: '/api/bids',
        headers: jsonHeaders(cookie),
        payload: { auctionId, amount },
      });
      expect(res.statusCode, res.body).toBe(201);
    };

    await bid(user.cookie, '1000');
    await expect.poll(() => seqs.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const first = seqs.at(-1)!;

    // The next bid's packet reaches Redis, but the gateway hears so only later; meanwhile another gateway sends the
    // event after it, which this gateway's reads bring at once.
    proxy.stall();
    await bid(rival.cookie, '2000');
    // However long the gateway takes to read the event on a busy machine, its packet is on its way before the other's.
    await expect.poll(() => proxy.publishedWhileStalled('auction:events'), { timeout: 15_000 }).toBeGreaterThan(0);
    other.send(auctionId, [auctionEvent(auctionId, first + 2)]);
    await new Promise((r) => setTimeout(r, 500));
    expect(seqs.at(-1)).toBe(first);

    proxy.release();
    await expect.poll(() => seqs.at(-1), { timeout: 15_000 }).toBe(first + 2);
    expect(seqs.slice(seqs.indexOf(first))).toEqual([first, first + 1, first + 2]);
  } finally {
    await other.close();
    // Its gateway first, with nothing held back: it reaches Redis through the proxy.
    proxy.release();
    await t.gateways.close();
    await proxy.close();
  }
});
