import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionDetailSchema, AuctionListSchema, auctionPrice, toCents, type Auction } from '@app/shared';
import { createAuction, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
const shownAs = (a: Auction) => ({
  status: a.status,
  endTimeMs: Date.parse(a.endTime),
  startingBidCents: toCents(a.startingBid),
  currentBidCents: toCents(a.currentBid),
  bidCount: a.bidCount,
  winningCents: a.winningAmount === null ? null : toCents(a.winningAmount),
});
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

describe('reading auctions', () => {
  it('lists live auctions with their car, money as decimal strings and images as an array', async () => {
    const id = await createAuction(ctx.sql, {
      currentBid: '12500.50',
      reservePrice: '87654.32',
      auctionType: 'reserve',
    });
    const res = await ctx.app.inject({ url: '/api/auctions' });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-server-time'])).toBeGreaterThan(0);
    const list = AuctionListSchema.parse(res.json());
    const found = list.find((a) => a.id === id)!;
    expect(found.currentBid).toBe('12500.50');
    expect(found.car.images).toEqual(['/images/cars/coupe-red.svg']);
    expect(found.reserveStatus).toBe('not-met');
    // The reserve amount never leaves the server.
    expect(res.body).not.toContain('87654');
    expect(res.body).not.toContain('reservePrice');
  });

  it('sorts by the price each card shows (the starting bid until someone bids) when asked', async () => {
    await createAuction(ctx.sql, { currentBid: '5000.00', bidCount: 1 });
    await createAuction(ctx.sql, { currentBid: '95000.00', bidCount: 3 });
    await createAuction(ctx.sql, { startingBid: '40000.00' });
    const low = AuctionListSchema.parse((await ctx.app.inject({ url: '/api/auctions?sort=price-low' })).json());
    const high = AuctionListSchema.parse((await ctx.app.inject({ url: '/api/auctions?sort=price-high' })).json());
    const cents = (xs: typeof low) => xs.map((a) => auctionPrice(shownAs(a)).cents);
    expect(cents(low)).toEqual([...cents(low)].sort((a, b) => a - b));
    expect(cents(high)).toEqual([...cents(high)].sort((a, b) => b - a));
  });

  it('refuses an unknown sort with 400 JSON', async () => {
    const res = await ctx.app.inject({ url: '/api/auctions?sort=cheapest' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), issues: expect.any(Array) });
  });

  it('returns one auction with the server clock and its recent bids', async () => {
    const id = await createAuction(ctx.sql);
    const res = await ctx.app.inject({ url: `/api/auctions/${id}` });
    expect(res.statusCode).toBe(200);
    const detail = AuctionDetailSchema.parse(res.json());
    expect(detail.id).toBe(id);
    expect(Math.abs(Date.parse(detail.serverTime) - Date.now())).toBeLessThan(5000);
  });

  it('answers a non-numeric id with 400 JSON and an unknown id with 404 JSON', async () => {
    const bad = await ctx.app.inject({ url: '/api/auctions/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/id/);
    const missing = await ctx.app.inject({ url: '/api/auctions/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Auction not found' });
  });

  it('answers unknown API routes with 404 JSON', async () => {
    const res = await ctx.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/No route/);
  });

  it('reports liveness and readiness of Postgres and Redis', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ postgres: 'ok', redis: 'ok' });
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/bids',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: '{"auctionId": 1, "amount": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTruthy();
  });
});

describe('filtering, searching and the ended view', () => {
  const list = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/auctions?${query}` });
    expect(res.statusCode).toBe(200);
    return AuctionListSchema.parse(res.json());
  };

  it('narrows the live list to a body category, in SQL', async () => {
    const suv = await createAuction(ctx.sql, { make: 'Land Rover', model: 'Defender 110', category: 'suv' });
    const sports = await createAuction(ctx.sql, { make: 'Porsche', model: 'Cayman', category: 'sports' });
    const found = await list('category=suv');
    expect(found.map((a) => a.id)).toContain(suv);
    expect(found.map((a) => a.id)).not.toContain(sports);
    expect(found.every((a) => a.car.category === 'suv')).toBe(true);
  });

  it('searches make and model by every word, case-insensitively, with % and _ taken literally', async () => {
    const gt3 = await createAuction(ctx.sql, { make: 'Porsche', model: '911 GT3 Touring' });
    const other = await createAuction(ctx.sql, { make: 'Porsche', model: 'Taycan Turbo' });
    const ids = (xs: Auction[]) => xs.map((a) => a.id);
    expect(ids(await list('q=porsche%20gt3'))).toEqual([gt3]);
    expect(ids(await list('q=PORSCHE'))).toEqual(expect.arrayContaining([gt3, other]));
    expect(await list(`q=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await list(`q=${encodeURIComponent('_')}`)).toEqual([]);
    expect(ids(await list('q=gt3&category=suv'))).toEqual([]);
  });

  it('lists ended auctions with how they ended and what they sold for, never in the live list', async () => {
    const sold = await createAuction(ctx.sql, {
      status: 'sold',
      currentBid: '61000.00',
      bidCount: 4,
      winningAmount: '61000.00',
      model: 'Ended Sold',
    });
    const unsold = await createAuction(ctx.sql, {
      status: 'reserve-not-met',
      currentBid: '30000.00',
      bidCount: 2,
      model: 'Ended Unsold',
    });
    const ended = await list('view=ended&q=ended');
    expect(ended.map((a) => [a.id, a.status, a.winningAmount])).toEqual(
      expect.arrayContaining([
        [sold, 'sold', '61000.00'],
        [unsold, 'reserve-not-met', null],
      ]),
    );
    expect((await list('q=ended')).map((a) => a.id)).toEqual([]);
    const byPrice = await list('view=ended&q=ended&sort=price-high');
    expect(byPrice.map((a) => a.id)).toEqual([sold, unsold]);
  });

  it('refuses an unknown category or view, and an overlong search, with 400 JSON', async () => {
    for (const q of ['category=trucks', 'view=archived', `q=${'x'.repeat(61)}`]) {
      const res = await ctx.app.inject({ url: `/api/auctions?${q}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), issues: expect.any(Array) });
    }
  });
});

describe('paging through ended auctions', () => {
  it('pages by a keyset cursor in every order: each ended auction exactly once, ties on time and price included', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      ids.push(
        await createAuction(ctx.sql, {
          status: 'sold',
          bidCount: 2,
          currentBid: `${20000 + (i % 7) * 1000}.00`,
          winningAmount: `${20000 + (i % 7) * 1000}.00`,
          model: `Paged ${i}`,
        }),
      );
    }
    // Ties: ten auctions closed at the very same microsecond.
    await ctx.sql`update auctions set closed_at = '2026-05-01T10:00:00.123456Z' where id in ${ctx.sql(ids.slice(0, 10))}`;

    const all = async (sort: string) => {
      const seen: number[] = [];
      let after: string | undefined;
      for (let pages = 0; pages < 5; pages += 1) {
        const res = await ctx.app.inject({
          url: `/api/auctions?view=ended&q=paged&sort=${sort}${after ? `&after=${after}` : ''}`,
        });
        expect(res.statusCode).toBe(200);
        seen.push(...AuctionListSchema.parse(res.json()).map((a) => a.id));
        after = res.headers['x-next-cursor'] as string | undefined;
        if (!after) break;
      }
      return seen;
    };
    for (const sort of ['ending-soon', 'price-low', 'price-high']) {
      const seen = await all(sort);
      expect(seen).toHaveLength(30);
      expect(new Set(seen)).toEqual(new Set(ids));
    }
    const byPrice = await all('price-low');
    const rows = await ctx.sql<
      { id: number; p: string }[]
    >`select id, winning_amount as p from auctions where id in ${ctx.sql(ids)}`;
    const price = new Map(rows.map((r) => [r.id, Number(r.p)]));
    expect(byPrice.map((id) => price.get(id))).toEqual([...byPrice.map((id) => price.get(id)!)].sort((a, b) => a - b));

    // A cursor from another order, or one the list never gave, is refused.
    expect((await ctx.app.inject({ url: '/api/auctions?view=ended&sort=price-low&after=t.1.1' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/auctions?view=ended&after=1%3B%20drop' })).statusCode).toBe(400);
  });
});
