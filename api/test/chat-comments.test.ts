import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessageSchema, CommentSchema, streams } from '@app/shared';
import { lockAuction } from '@app/core/auctions';
import {
  createAdminSession,
  createAuction,
  createUserSession,
  jsonHeaders,
  startTestApp,
  type TestContext,
} from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const say = (cookie: string, auctionId: number, message: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/chat/messages/${auctionId}`,
    headers: jsonHeaders(cookie),
    payload: { message },
  });

const count = async (table: 'chat_messages' | 'comments', auctionId: number) => {
  const [row] = await ctx.sql<
    { n: number }[]
  >`select count(*)::int as n from ${ctx.sql(table)} where auction_id = ${auctionId}`;
  return row!.n;
};

describe('live chat over HTTP', () => {
  it("keeps a pending auction's chat to its seller and the admins until it is approved", async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const stranger = await createUserSession(ctx.app, ctx.sql);
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const auctionId = await createAuction(ctx.sql, { status: 'pending', ownerId: seller.id });
    const read = (cookie?: string) =>
      ctx.app.inject({ url: `/api/chat/messages/${auctionId}`, headers: cookie ? { cookie } : {} });
    for (const cookie of [undefined, stranger.cookie]) {
      const res = await read(cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Auction not found' });
    }
    expect((await read(seller.cookie)).statusCode).toBe(200);
    expect((await read(admin.cookie)).statusCode).toBe(200);
    // The seller's poll (which seeds Redis with "no line yet") opens it to nobody else.
    const poll = (cookie?: string) =>
      ctx.app.inject({ url: `/api/chat/messages/${auctionId}?after=1`, headers: cookie ? { cookie } : {} });
    expect((await poll(seller.cookie)).statusCode).toBe(200);
    expect((await poll()).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/chat/messages/2147483647' })).statusCode).toBe(404);
    // Approved, it is everyone's.
    await ctx.sql`update auctions set status = 'active' where id = ${auctionId}`;
    expect((await read()).statusCode).toBe(200);
    expect((await read(stranger.cookie)).statusCode).toBe(200);
  });

  it('refuses empty, whitespace-only and 501-character messages with 400 and stores nothing', async () => {
    const auctionId = await createAuction(ctx.sql);
    const u = await createUserSession(ctx.app, ctx.sql);
    for (const message of ['', '   \n ', 'x'.repeat(501)])
      expect((await say(u.cookie, auctionId, message)).statusCode).toBe(400);
    expect(await count('chat_messages', auctionId)).toBe(0);
    expect((await say(u.cookie, auctionId, 'x'.repeat(500))).statusCode).toBe(201);
  });

  it('returns only newer messages after a cursor, and 304 for an unchanged poll', async () => {
    const auctionId = await createAuction(ctx.sql);
    const u = await createUserSession(ctx.app, ctx.sql, { name: 'Poller' });
    const first = ChatMessageSchema.parse((await say(u.cookie, auctionId, '  first  ')).json());
    expect(first.message).toBe('first');
    await say(u.cookie, auctionId, 'second');
    const newer = await ctx.app.inject({ url: `/api/chat/messages/${auctionId}?after=${first.id}` });
    expect(newer.json().map((m: { message: string }) => m.message)).toEqual(['second']);
    const etag = String(newer.headers.etag);
    const again = await ctx.app.inject({
      url: `/api/chat/messages/${auctionId}?after=${first.id}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    await say(u.cookie, auctionId, 'third');
    const changed = await ctx.app.inject({
      url: `/api/chat/messages/${auctionId}?after=${first.id}`,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toHaveLength(2);
  });

  it('answers the 6th message within 10 seconds with 429', async () => {
    const auctionId = await createAuction(ctx.sql);
    const u = await createUserSession(ctx.app, ctx.sql);
    for (let i = 0; i < 5; i += 1) expect((await say(u.cookie, auctionId, `msg ${i}`)).statusCode).toBe(201);
    const sixth = await say(u.cookie, auctionId, 'one too many');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatch(/too fast/);
    expect(await count('chat_messages', auctionId)).toBe(5);
  });

  it('stores markup as text, exactly as typed', async () => {
    const auctionId = await createAuction(ctx.sql);
    const u = await createUserSession(ctx.app, ctx.sql);
    await say(u.cookie, auctionId, '<script>alert(1)</script>');
    const [m] = (await ctx.app.inject({ url: `/api/chat/messages/${auctionId}` })).json();
    expect(m.message).toBe('<script>alert(1)</script>');
  });

  it('writes a system message for a new high bid', async () => {
    const auctionId = await createAuction(ctx.sql);
    const u = await createUserSession(ctx.app, ctx.sql, { name: 'High Roller' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/bids',
      headers: jsonHeaders(u.cookie),
      payload: { auctionId, amount: 15000 },
    });
    const [m] = (await ctx.app.inject({ url: `/api/chat/messages/${auctionId}` })).json();
    expect(m).toMatchObject({ isSystemMessage: true, message: 'New high bid: $15,000 by High Roller', user: null });
  });
});

describe('chat and comments beside bidding', () => {
  const streamSeq = async (stream: string) =>
    Number((await ctx.sql<{ seq: string }[]>`select seq from event_streams where stream = ${stream}`)[0]?.seq ?? 0);

  it('a chat message and a comment commit while a bid transaction holds the auction row lock', async () => {
    const auctionId = await createAuction(ctx.sql);
    const u = await createUserSession(ctx.app, ctx.sql);
    await ctx.sql.begin(async (tx) => {
      // The very lock the bid engine holds while it decides a group.
      await lockAuction(tx, auctionId, 1);
      // Were chat still bumping the auction row, these would wait for this transaction, which waits for them: a hang.
      expect((await say(u.cookie, auctionId, 'posted while the row is locked')).statusCode).toBe(201);
      const comment = await ctx.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: jsonHeaders(u.cookie),
        payload: { auctionId, content: 'me too' },
      });
      expect(comment.statusCode).toBe(201);
    });
    expect(await count('chat_messages', auctionId)).toBe(1);
  });

  it('numbers chat and comments on their own stream, independent of the bid stream', async () => {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const u = await createUserSession(ctx.app, ctx.sql);
    await say(u.cookie, auctionId, 'one');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/bids',
      headers: jsonHeaders(u.cookie),
      payload: { auctionId, amount: 10000 },
    });
    await say(u.cookie, auctionId, 'two');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: jsonHeaders(u.cookie),
      payload: { auctionId, content: 'three' },
    });
    expect(await streamSeq(streams.auctionChat(auctionId))).toBe(3);
    expect(await streamSeq(streams.auction(auctionId))).toBe(1);
    const chatEvents = await ctx.sql<{ seq: string; type: string }[]>`
      select seq, type from outbox where stream = ${streams.auctionChat(auctionId)} order by seq`;
    expect(chatEvents.map((e) => [Number(e.seq), e.type])).toEqual([
      [1, 'chat.message'],
      [2, 'chat.message'],
      [3, 'comment.posted'],
    ]);
  });
});

describe('comments', () => {
  it('posts a trimmed comment and lists it with the author name', async () => {
    const auctionId = await createAuction(ctx.sql);
    const u = await createUserSession(ctx.app, ctx.sql, { name: 'Commenter' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: jsonHeaders(u.cookie),
      payload: { auctionId, content: '  Any rust?  ', userId: u.id },
    });
    expect(res.statusCode).toBe(201);
    expect(CommentSchema.parse(res.json())).toMatchObject({ content: 'Any rust?', user: { name: 'Commenter' } });
    const list = (await ctx.app.inject({ url: `/api/auctions/${auctionId}/comments` })).json();
    expect(list).toHaveLength(1);
  });

  it('refuses empty and over-long comments and stores nothing', async () => {
    const auctionId = await createAuction(ctx.sql);
    const u = await createUserSession(ctx.app, ctx.sql);
    for (const content of ['  ', 'x'.repeat(2001)]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: jsonHeaders(u.cookie),
        payload: { auctionId, content },
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await count('comments', auctionId)).toBe(0);
  });
});
