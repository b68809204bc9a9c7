// Saved searches over HTTP: the session's member only, filters parsed and bounded (400 with the field, never 500),
// the /auctions list taking the same filters, a 409 past the limit, delete scoped to the owner.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SAVED_SEARCH_LIMIT } from '@app/shared';
import { createAuction, createUserSession, jsonHeaders, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx?.close());

const save = (cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    headers: jsonHeaders(cookie),
    payload: payload as object,
  });

it('saves the /auctions filters under a name and lists them with their live matches', async () => {
  const member = await createUserSession(ctx.app, ctx.sql);
  await createAuction(ctx.sql, { make: 'Lotus', model: 'Elise', year: 2004, startingBid: '30000.00' });
  await createAuction(ctx.sql, { make: 'Lotus', model: 'Evora', year: 2016, startingBid: '70000.00' });
  const res = await save(member.cookie, {
    name: '  Light Lotus  ',
    filters: { make: 'lotus', minPrice: '20000', maxPrice: 40000, minYear: '', maxYear: 2010 },
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({
    name: 'Light Lotus',
    filters: { category: 'all', q: '', make: 'lotus', minPrice: 20000, maxPrice: 40000, maxYear: 2010 },
    matches: 1,
  });
  const list = await ctx.app.inject({ url: '/api/saved-searches', headers: jsonHeaders(member.cookie) });
  expect(list.json().map((s: { name: string; matches: number }) => [s.name, s.matches])).toEqual([['Light Lotus', 1]]);
  // The list takes the same filters from its query string.
  const found = await ctx.app.inject({ url: '/api/auctions?make=LOTUS&maxPrice=40000&maxYear=2010' });
  expect(found.json().map((a: { car: { model: string } }) => a.car.model)).toEqual(['Elise']);
});

it('refuses bad filters with 400 naming the field, and asks for a session', async () => {
  const member = await createUserSession(ctx.app, ctx.sql);
  for (const [filters, field] of [
    [{ minPrice: 5000, maxPrice: 100 }, 'maxPrice'],
    [{ minYear: 1800 }, 'minYear'],
    [{ maxPrice: '12abc' }, 'maxPrice'],
    [{ maxPrice: 1e12 }, 'maxPrice'],
    [{ make: 'x'.repeat(41) }, 'make'],
    [{ category: 'boats' }, 'category'],
  ] as const) {
    const res = await save(member.cookie, { name: 'Bad', filters });
    expect(res.statusCode, JSON.stringify(filters)).toBe(400);
    expect(res.json().error).toContain(field);
  }
  expect((await save(member.cookie, { name: '', filters: { make: 'BMW' } })).statusCode).toBe(400);
  expect((await save(member.cookie, { name: 'All', filters: {} })).statusCode).toBe(400);
  expect((await save(undefined, { name: 'BMW', filters: { make: 'BMW' } })).statusCode).toBe(401);
  const list = await ctx.app.inject({ url: '/api/auctions?minYear=2020&maxYear=2010' });
  expect(list.statusCode).toBe(400);
});

it(`answers 409 past ${SAVED_SEARCH_LIMIT} searches, and deletes only the owner's`, async () => {
  const member = await createUserSession(ctx.app, ctx.sql);
  const stranger = await createUserSession(ctx.app, ctx.sql);
  const ids: number[] = [];
  for (let i = 0; i < SAVED_SEARCH_LIMIT; i += 1)
    ids.push((await save(member.cookie, { name: `S${i}`, filters: { minYear: 1950 + i } })).json().id);
  const over = await save(member.cookie, { name: 'One more', filters: { make: 'BMW' } });
  expect(over.statusCode).toBe(409);
  const del = (cookie: string, id: number) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/saved-searches/${id}`, headers: jsonHeaders(cookie) });
  expect((await del(stranger.cookie, ids[0]!)).statusCode).toBe(404);
  expect((await del(member.cookie, ids[0]!)).statusCode).toBe(204);
  expect((await save(member.cookie, { name: 'One more', filters: { make: 'BMW' } })).statusCode).toBe(201);
});
