import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlaceBidResponseSchema, streams, toCents } from '@app/shared';
import type { DomainError } from '@app/core';
import { createAuction, createUserSession, jsonHeaders, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const bid = (cookie: string, auctionId: number, amount: number | string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/bids',
    headers: { ...jsonHeaders(cookie), ...headers },
    payload: { auctionId, amount },
  });

describe('placing a bid', () => {
  it('accepts a first bid at the starting bid and then requires the current bid plus 1000', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const u = await createUserSession(ctx.app, ctx.sql);
    expect((await bid(u.cookie, auctionId, 9999)).statusCode).toBe(409);
    const first = await bid(u.cookie, auctionId, '10000.00');
    expect(first.statusCode).toBe(201);
    expect(PlaceBidResponseSchema.parse(first.json())).toMatchObject({
      amount: '10000.00',
      bidCount: 1,
      currentBid: '10000.00',
    });
    const tooLow = await bid(u.cookie, auctionId, 10999);
    expect(tooLow.statusCode).toBe(409);
    expect(tooLow.json().error).toBe('Bid must be at least $11,000 (the current bid of $10,000 plus $1,000)');
    expect((await bid(u.cookie, auctionId, 11000)).statusCode).toBe(201);
    const [a] = await ctx.sql<
      { currentBid: string; bidCount: number }[]
    >`select current_bid, bid_count from auctions where id = ${auctionId}`;
    expect(a).toEqual({ currentBid: '11000.00', bidCount: 2 });
  });

  it('refuses an amount with cents with 400 and a message naming whole dollars', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const u = await createUserSession(ctx.app, ctx.sql);
    const res = await bid(u.cookie, auctionId, 75000.55);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: ['amount'], message: 'Bids are in whole dollars: enter an amount without cents' },
    ]);
    expect((await bid(u.cookie, auctionId, '75000.55')).statusCode).toBe(400);
    expect((await ctx.sql`select 1 from bids where auction_id = ${auctionId}`).length).toBe(0);
  });

  it('refuses malformed amounts with 400 and stores nothing', async () => {
    const auctionId = await createAuction(ctx.sql);
    const u = await createUserSession(ctx.app, ctx.sql);
    // An amount is written exactly: spaces or a line break around the digits are not an amount.
    for (const amount of ['abc', -5, '12.345', null, 0, '0.00', '190000\n', ' 190000', '190000 ', '19\n0000']) {
      const res = await bid(u.cookie, auctionId, amount as never);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.length).toBeGreaterThan(0);
    }
    const count = (
      await ctx.sql<{ count: number }[]>`select count(*)::int from bids where auction_id = ${auctionId}`
    )[0]!.count;
    expect(count).toBe(0);
  });

  it('refuses a bid after the end time even though no close job has run', async () => {
    const auctionId = await createAuction(ctx.sql, { endsInMs: -1000 });
    const u = await createUserSession(ctx.app, ctx.sql);
    const res = await bid(u.cookie, auctionId, 50000);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This auction has ended' });
  });

  it('extends the end to 2 minutes after a bid placed 30 s before the end', async () => {
    const auctionId = await createAuction(ctx.sql, { endsInMs: 30_000 });
    const u = await createUserSession(ctx.app, ctx.sql);
    const res = await bid(u.cookie, auctionId, 20000);
    expect(res.statusCode).toBe(201);
    const body = PlaceBidResponseSchema.parse(res.json());
    expect(body.extended).toBe(true);
    expect(Date.parse(body.endTime) - Date.parse(body.timestamp)).toBe(120_000);
    const events = await ctx.sql<
      { type: string }[]
    >`select type from outbox where stream = ${streams.auction(auctionId)} order by seq`;
    // The system chat line rides inside bid.placed: the chat stream is not touched by a bid.
    expect(events.map((e) => e.type)).toEqual(['bid.placed', 'auction.extended']);
    const [line] = await ctx.sql<
      { message: string }[]
    >`select message from chat_messages where auction_id = ${auctionId} and is_system_message`;
    expect(line!.message).toBe('New high bid: $20,000 by Test Bidder (clock reset to 2 minutes left)');
  });

  it('does not extend a bid placed with more than 2 minutes left', async () => {
    const auctionId = await createAuction(ctx.sql, { endsInMs: 10 * 60_000 });
    const u = await createUserSession(ctx.app, ctx.sql);
    expect(PlaceBidResponseSchema.parse((await bid(u.cookie, auctionId, 20000)).json()).extended).toBe(false);
  });

  it('lets only premium members bid on a premium-only auction', async () => {
    const auctionId = await createAuction(ctx.sql, { isPremiumOnly: true });
    const basic = await createUserSession(ctx.app, ctx.sql);
    const premium = await createUserSession(ctx.app, ctx.sql, { isPremium: true });
    const refused = await bid(basic.cookie, auctionId, 20000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/premium members only/);
    expect((await bid(premium.cookie, auctionId, 20000)).statusCode).toBe(201);
  });

  it('reports the reserve as met once the bid reaches it, without revealing it', async () => {
    const auctionId = await createAuction(ctx.sql, { reservePrice: '25000.00', auctionType: 'reserve' });
    const u = await createUserSession(ctx.app, ctx.sql);
    await bid(u.cookie, auctionId, 20000);
    expect((await ctx.app.inject({ url: `/api/auctions/${auctionId}` })).json().reserveStatus).toBe('not-met');
    await bid(u.cookie, auctionId, 25000);
    const res = await ctx.app.inject({ url: `/api/auctions/${auctionId}` });
    expect(res.json().reserveStatus).toBe('met');
    expect(res.body).not.toContain('reservePrice');
  });

  it('returns the first answer again for a retried Idempotency-Key and stores one bid', async () => {
    const auctionId = await createAuction(ctx.sql);
    const u = await createUserSession(ctx.app, ctx.sql);
    const headers = { 'idempotency-key': 'retry-123' };
    const [a, b] = await Promise.all([
      bid(u.cookie, auctionId, 20000, headers),
      bid(u.cookie, auctionId, 20000, headers),
    ]);
    const c = await bid(u.cookie, auctionId, 20000, headers);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(b.json().id).toBe(a.json().id);
    expect(c.json().id).toBe(a.json().id);
    const count = (
      await ctx.sql<{ count: number }[]>`select count(*)::int from bids where auction_id = ${auctionId}`
    )[0]!.count;
    expect(count).toBe(1);
  });

  it('refuses an Idempotency-Key reused for a different bid with 422, storing nothing new', async () => {
    const auctionId = await createAuction(ctx.sql);
    const other = await createAuction(ctx.sql);
    const u = await createUserSession(ctx.app, ctx.sql);
    const headers = { 'idempotency-key': 'reused-key' };
    expect((await bid(u.cookie, auctionId, 20000, headers)).statusCode).toBe(201);
    const otherAmount = await bid(u.cookie, auctionId, 25000, headers);
    expect(otherAmount.statusCode).toBe(422);
    expect(otherAmount.json()).toEqual({ error: 'This Idempotency-Key was already used for a different request' });
    expect((await bid(u.cookie, other, 20000, headers)).statusCode).toBe(422);
    // Racing a different request against the first one in flight is refused too.
    const [x, y] = await Promise.all([
      bid(u.cookie, auctionId, 30000, { 'idempotency-key': 'raced' }),
      bid(u.cookie, auctionId, 31000, { 'idempotency-key': 'raced' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 422]);
    const amounts = await ctx.sql<
      { amount: string }[]
    >`select amount from bids where auction_id in (${auctionId}, ${other}) order by id`;
    expect(amounts.map((a) => a.amount)).toEqual(['20000.00', x.statusCode === 201 ? '30000.00' : '31000.00']);
  });

  it('honours a key for 24 hours only', async () => {
    const auctionId = await createAuction(ctx.sql);
    const u = await createUserSession(ctx.app, ctx.sql);
    const headers = { 'idempotency-key': 'day-old' };
    const first = await bid(u.cookie, auctionId, 20000, headers);
    await ctx.sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'day-old'`;
    const later = await bid(u.cookie, auctionId, 21000, headers);
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
  });
});

describe('bidding under contention', () => {
  it('200 concurrent bids from 20 users: each accepted bid is 1000 above the last, and bids and events agree one-to-one', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '1000.00' });
    // Dealer accounts (no holds): this measures the engine deciding a crowd of bids together. Each member's bids wait
    // on their own hold step, one batch at a time, which spreads a member's ten bids out (bid-holds.test.ts races them).
    const users = await Promise.all(
      Array.from({ length: 20 }, () => createUserSession(ctx.app, ctx.sql, { exempt: true })),
    );
    // Amounts overlap on purpose: many race for the same step, so some must be refused.
    const attempts = Array.from({ length: 200 }, (_, i) => ({
      user: users[i % 20]!,
      amount: 1000 + Math.floor(i / 2) * 1000 + (i % 3) * 250,
    }));
    const results = await Promise.all(attempts.map((a) => bid(a.user.cookie, auctionId, a.amount)));
    const statuses = new Set(results.map((r) => r.statusCode));
    expect([...statuses].every((s) => s === 201 || s === 409)).toBe(true);
    const acceptedCount = results.filter((r) => r.statusCode === 201).length;
    expect(acceptedCount).toBeGreaterThan(50);

    const bids = await ctx.sql<
      { id: string; amount: string }[]
    >`select id, amount from bids where auction_id = ${auctionId} order by id`;
    expect(bids).toHaveLength(acceptedCount);
    for (let i = 1; i < bids.length; i += 1) {
      expect(toCents(bids[i]!.amount) - toCents(bids[i - 1]!.amount)).toBeGreaterThanOrEqual(1000_00);
    }
    const [auction] = await ctx.sql<{ currentBid: string; bidCount: number; seq: string }[]>`
      select a.current_bid, a.bid_count, s.seq from auctions a join event_streams s on s.stream = ${streams.auction(auctionId)}
      where a.id = ${auctionId}`;
    expect(auction!.currentBid).toBe(bids.at(-1)!.amount);
    expect(auction!.bidCount).toBe(bids.length);

    const events = await ctx.sql<{ seq: string; payload: { bidId: number; amount: string } }[]>`
      select seq, payload from outbox where stream = ${streams.auction(auctionId)} and type = 'bid.placed' order by seq`;
    expect(events.map((e) => [String(e.payload.bidId), e.payload.amount])).toEqual(bids.map((b) => [b.id, b.amount]));
    const allSeqs = await ctx.sql<
      { seq: string }[]
    >`select seq from outbox where stream = ${streams.auction(auctionId)} order by seq`;
    expect(allSeqs.map((s) => Number(s.seq))).toEqual(allSeqs.map((_, i) => i + 1));
    expect(Number(auction!.seq)).toBe(allSeqs.length);
  });
});

describe('a group of bids decided together', () => {
  it('a $0 bid among 20 valid concurrent bids gets its own 400 while the 20 are decided normally', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const users = await Promise.all(Array.from({ length: 21 }, () => createUserSession(ctx.app, ctx.sql)));
    const me = async (cookie: string) =>
      (await ctx.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user;
    const bidders = await Promise.all(users.map((u) => me(u.cookie)));
    // Straight into the engine, so the zero really joins the group instead of being stopped by the request schema.
    const results = await Promise.allSettled(
      bidders.map((bidder, i) =>
        ctx.app.bids.place({ auctionId, bidder, amountCents: i === 7 ? 0 : (10_000 + i * 1000) * 100 }),
      ),
    );
    const zero = results[7]!;
    expect(zero.status).toBe('rejected');
    expect((zero as PromiseRejectedResult).reason as DomainError).toMatchObject({
      status: 400,
      message: 'A bid must be at least $1',
    });
    // The engine sends the first two requests as groups of one and the rest (the zero among them) as one group; the first
    // two may reach the lock in either order, so one of them can come too late. Every bid grouped with the zero stands.
    const outcome = (r: PromiseSettledResult<unknown>) =>
      r.status === 'fulfilled' ? 'ok' : String((r.reason as Error).message);
    expect(
      results
        .slice(2)
        .filter((_, i) => i !== 5)
        .map(outcome),
    ).toEqual(Array(18).fill('ok'));
    expect(results.slice(0, 2).some((r) => r.status === 'fulfilled')).toBe(true);
    const [a] = await ctx.sql<{ currentBid: string }[]>`select current_bid from auctions where id = ${auctionId}`;
    expect(a!.currentBid).toBe('30000.00');
  });

  it('a write that fails in Postgres after the decision rolls the group back: the bidder hears an error, nothing is stored or announced', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '13000.00' });
    const user = await createUserSession(ctx.app, ctx.sql);
    // The group's writes travel with its COMMIT; a failed one must turn the whole group into a refusal, not an acceptance.
    await ctx.sql`
      create function refuse_test_bid() returns trigger language plpgsql as $$
      begin if new.amount = 13131 then raise exception 'bid refused by the test trigger'; end if; return new; end $$`;
    await ctx.sql`create trigger refuse_test_bid before insert on bids for each row execute function refuse_test_bid()`;
    try {
      const res = await bid(user.cookie, auctionId, 13131);
      expect(res.statusCode).toBe(500);
      const [a] = await ctx.sql<
        { currentBid: string; bidCount: number }[]
      >`select current_bid, bid_count from auctions where id = ${auctionId}`;
      expect(a).toEqual({ currentBid: '0.00', bidCount: 0 });
      expect(await ctx.sql`select 1 from bids where auction_id = ${auctionId}`).toHaveLength(0);
      expect(await ctx.sql`select 1 from chat_messages where auction_id = ${auctionId}`).toHaveLength(0);
      expect(await ctx.sql`select 1 from outbox where stream = ${streams.auction(auctionId)}`).toHaveLength(0);
      // The next bid is decided as usual.
      expect((await bid(user.cookie, auctionId, 13000)).statusCode).toBe(201);
    } finally {
      await ctx.sql`drop trigger refuse_test_bid on bids`;
      await ctx.sql`drop function refuse_test_bid()`;
    }
  });

  it('over HTTP, a $0 bid racing 20 valid ones is a 400 and the 20 are decided on their own merits', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const users = await Promise.all(Array.from({ length: 21 }, () => createUserSession(ctx.app, ctx.sql)));
    const results = await Promise.all(users.map((u, i) => bid(u.cookie, auctionId, i === 20 ? 0 : 10_000 + i * 1000)));
    expect(results[20]!.statusCode).toBe(400);
    // Arrival order decides which of the 20 come too late for the $1,000 step; none fails for the zero's sake.
    const statuses = results.slice(0, 20).map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const stored = await ctx.sql<
      { amount: string }[]
    >`select amount from bids where auction_id = ${auctionId} order by id`;
    expect(stored).toHaveLength(statuses.filter((s) => s === 201).length);
    expect(stored.at(-1)!.amount).toBe('29000.00');
  });
});
