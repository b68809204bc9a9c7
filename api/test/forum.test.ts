import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForumPageSchema, ForumThreadSchema, trendingScore, type ForumPage } from '@app/shared';
import {
  createAdminSession,
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

type Session = Awaited<ReturnType<typeof createUserSession>>;

const post = (cookie: string | undefined, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/forum/posts', headers: jsonHeaders(cookie), payload });

async function newPost(u: Session, over: Record<string, unknown> = {}): Promise<number> {
  const res = await post(u.cookie, {
    title: 'A question about reserves',
    content: 'Some thoughts on reserves.',
    category: 'general',
    tags: ['selling'],
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return ForumThreadSchema.parse(res.json()).id;
}

async function page(query: string, cookie?: string): Promise<ForumPage> {
  const res = await ctx.app.inject({ url: `/api/forum/posts?${query}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return ForumPageSchema.parse(res.json());
}

describe('forum posts: writing', () => {
  it('refuses a signed-out post, reply and like with 401', async () => {
    const author = await createUserSession(ctx.app, ctx.sql);
    const id = await newPost(author);
    expect((await post(undefined, { title: 't', content: 'c', category: 'general' })).statusCode).toBe(401);
    const reply = await ctx.app.inject({
      method: 'POST',
      url: `/api/forum/posts/${id}/replies`,
      headers: jsonHeaders(),
      payload: { content: 'hi' },
    });
    expect(reply.statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/forum/posts/${id}/like`, headers: jsonHeaders() })).statusCode,
    ).toBe(401);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const u = await createUserSession(ctx.app, ctx.sql);
    const good = { title: 'Fine title', content: 'Fine content', category: 'technical', tags: ['a'] };
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...good, title: '' }, 'title', /Title is required/],
      [{ ...good, title: '   ' }, 'title', /Title is required/],
      [{ ...good, title: 'x'.repeat(10_000) }, 'title', /at most 200/],
      [{ ...good, category: 'gossip' }, 'category', /Choose a category/],
      [{ ...good, tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'tags', /At most 5 tags/],
      [{ ...good, content: '' }, 'content', /Content is required/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(u.cookie, payload);
      expect(res.statusCode, field).toBe(400);
      const issue = res.json().issues.find((i: { path: string[] }) => i.path[0] === field);
      expect(issue, `${field}: ${res.body}`).toBeDefined();
      expect(issue.message).toMatch(message);
    }
  });

  it('keeps markup as text, paragraphs as line breaks', async () => {
    const u = await createUserSession(ctx.app, ctx.sql);
    const content = '<script>alert(1)</script>\n\nSecond paragraph with <b>tags</b>';
    const id = await newPost(u, { content });
    const thread = ForumThreadSchema.parse((await ctx.app.inject({ url: `/api/forum/posts/${id}` })).json());
    expect(thread.content).toBe(content);
  });

  it('lets only the author edit (403 for another member) and delete', async () => {
    const author = await createUserSession(ctx.app, ctx.sql);
    const other = await createUserSession(ctx.app, ctx.sql);
    const id = await newPost(author);
    const edit = (cookie: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/forum/posts/${id}`,
        headers: jsonHeaders(cookie),
        payload: { title: 'Edited title' },
      });
    expect((await edit(other.cookie)).statusCode).toBe(403);
    const mine = await edit(author.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().title).toBe('Edited title');
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/forum/posts/${id}`, headers: jsonHeaders(other.cookie) }))
        .statusCode,
    ).toBe(403);
    // Past the edit window the author may no longer edit.
    await ctx.sql`update forum_posts set created_at = now() - interval '25 hours' where id = ${id}`;
    expect((await edit(author.cookie)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/forum/posts/${id}`, headers: jsonHeaders(author.cookie) }))
        .statusCode,
    ).toBe(204);
    expect((await ctx.app.inject({ url: `/api/forum/posts/${id}` })).statusCode).toBe(404);
  });

  it('limits posting: the sixth post in ten minutes is 429', async () => {
    const limited = await startTestApp({}, { RATE_LIMIT_SCALE: '1' });
    try {
      const u = await createUserSession(limited.app, limited.sql);
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/forum/posts',
          headers: jsonHeaders(u.cookie),
          payload: { title: 'T', content: 'C', category: 'general' },
        });
      for (let i = 0; i < 5; i += 1) expect((await send()).statusCode).toBe(201);
      const sixth = await send();
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error).toMatch(/posting too fast/);
    } finally {
      await limited.close();
    }
  });
});

describe('forum likes and replies under races', () => {
  it('50 concurrent likes from 50 members give 50; a repeated like counts once; unlikes race too', async () => {
    const author = await createUserSession(ctx.app, ctx.sql);
    const id = await newPost(author);
    const members = await Promise.all(Array.from({ length: 50 }, () => createUserSession(ctx.app, ctx.sql)));
    const like = (m: Session, method: 'POST' | 'DELETE') =>
      ctx.app.inject({ method, url: `/api/forum/posts/${id}/like`, headers: jsonHeaders(m.cookie) });
    const answers = await Promise.all(members.flatMap((m) => [like(m, 'POST'), like(m, 'POST')]));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const counted = async () => {
      const [row] = await ctx.sql<{ likes: number; rows: number }[]>`
        select likes, (select count(*)::int from forum_post_likes where post_id = ${id}) as rows from forum_posts where id = ${id}`;
      return row!;
    };
    expect(await counted()).toEqual({ likes: 50, rows: 50 });
    // Half unlike while the other half like again: the counter still equals the rows.
    await Promise.all(members.map((m, i) => like(m, i % 2 === 0 ? 'DELETE' : 'POST')));
    expect(await counted()).toEqual({ likes: 25, rows: 25 });
    const thread = ForumThreadSchema.parse(
      (await ctx.app.inject({ url: `/api/forum/posts/${id}`, headers: { cookie: members[1]!.cookie } })).json(),
    );
    expect(thread).toMatchObject({ likes: 25, likedByMe: true });
  });

  it('30 concurrent replies give replies = 30, and reply likes are counted the same way', async () => {
    const author = await createUserSession(ctx.app, ctx.sql);
    const id = await newPost(author);
    const members = await Promise.all(Array.from({ length: 30 }, () => createUserSession(ctx.app, ctx.sql)));
    const replies = await Promise.all(
      members.map((m, i) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/forum/posts/${id}/replies`,
          headers: jsonHeaders(m.cookie),
          payload: { content: `reply ${i}` },
        }),
      ),
    );
    expect(replies.every((r) => r.statusCode === 201)).toBe(true);
    const thread = ForumThreadSchema.parse((await ctx.app.inject({ url: `/api/forum/posts/${id}` })).json());
    expect(thread.replies).toBe(30);
    expect(thread.allReplies).toHaveLength(30);
    const replyId = thread.allReplies[0]!.id;
    await Promise.all(
      members.map((m) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/forum/posts/${id}/replies/${replyId}/like`,
          headers: jsonHeaders(m.cookie),
        }),
      ),
    );
    const [row] = await ctx.sql<{ likes: number }[]>`select likes from forum_replies where id = ${replyId}`;
    expect(row!.likes).toBe(30);
  });
});

describe('forum list: pages, counts, search, trending, following', () => {
  it('answers a cursor with numbers out of range or a day no calendar has with 400, never 500', async () => {
    for (const cursor of [
      'p_9999999999_1',
      'p_1_2147483648',
      'r_2025-02-30T10:00:00.000000Z_1',
      'r_2025-13-01T10:00:00.000000Z_1',
      'r_0000-01-01T00:00:00.000000Z_1',
      'r_2025-01-01T24:00:00.000000Z_1',
      't_2025-02-29T00:00:00.000000Z_1.5_1',
      's_1e999_1',
    ]) {
      const sort = { p: 'top', r: 'recent', t: 'trending', s: 'recent' }[cursor[0] as 'p' | 'r' | 't' | 's'];
      const query = `sort=${sort}${cursor.startsWith('s_') ? '&search=car' : ''}&cursor=${encodeURIComponent(cursor)}`;
      const res = await ctx.app.inject({ url: `/api/forum/posts?${query}` });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error, cursor).toEqual(expect.any(String));
    }
  });

  it('pages by cursor with no duplicates or gaps while new posts arrive', async () => {
    const u = await createUserSession(ctx.app, ctx.sql);
    const tag = `pg${Date.now()}`;
    // Its own category keeps other tests' posts out of the way.
    await ctx.sql`delete from forum_posts where category = 'reviews'`;
    const ids: number[] = [];
    for (let i = 0; i < 25; i += 1)
      ids.push(await newPost(u, { category: 'reviews', title: `Review ${i}`, tags: [tag] }));
    const seen: number[] = [];
    let cursor: string | null = null;
    let arrived = 0;
    do {
      const p: ForumPage = await page(`category=reviews${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...p.posts.map((x) => x.id));
      cursor = p.nextCursor;
      // Two new posts land between every page.
      for (let i = 0; i < 2; i += 1) {
        await newPost(u, { category: 'reviews', title: `Late ${arrived}` });
        arrived += 1;
      }
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...ids].reverse());
  });

  it('pages trending, top and search results by their own cursors, every post once', async () => {
    await ctx.sql`delete from forum_posts where category = 'reviews'`;
    const u = await createUserSession(ctx.app, ctx.sql);
    const ids: number[] = [];
    for (let i = 0; i < 23; i += 1)
      ids.push(
        await newPost(u, {
          category: 'reviews',
          title: `Lancia review ${i}`,
          content: i % 2 ? 'lancia lancia delta' : 'delta',
        }),
      );
    // Ties on purpose (likes repeat every 5 posts), so the id breaks them.
    for (const [i, id] of ids.entries()) {
      await ctx.sql`update forum_posts set likes = ${i % 5}, replies = ${i % 3}, last_activity_at = now() - ${i} * interval '1 hour' where id = ${id}`;
    }
    for (const query of [
      'category=reviews&sort=trending',
      'category=reviews&sort=top',
      'category=reviews&search=lancia',
    ]) {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const p: ForumPage = await page(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        seen.push(...p.posts.map((x) => x.id));
        cursor = p.nextCursor;
      } while (cursor);
      expect(new Set(seen).size, query).toBe(seen.length);
      expect(
        [...seen].sort((a, b) => a - b),
        query,
      ).toEqual(ids);
    }
  });

  it('counts every category live from the database', async () => {
    const before = (await page('')).counts;
    const u = await createUserSession(ctx.app, ctx.sql);
    await newPost(u, { category: 'technical' });
    const after = (await page('')).counts;
    expect(after.technical).toBe(before.technical + 1);
    expect(after.all).toBe(before.all + 1);
    expect(after.all).toBe(after.general + after.technical + after.marketplace + after.reviews);
    // The kept counts equal a fresh count of the visible rows.
    const [fresh] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from forum_posts where hidden_at is null`;
    expect(after.all).toBe(fresh!.n);
  });

  it('finds a post by a word of its content and not by a word it lacks; a title match ranks above a body match', async () => {
    const u = await createUserSession(ctx.app, ctx.sql);
    const body = await newPost(u, {
      title: 'Shipping across the country',
      content: 'Enclosed transport for my Zonda was worth it.',
    });
    const title = await newPost(u, { title: 'Zonda ownership costs', content: 'Two years of receipts.' });
    const found = await page('search=zonda');
    expect(found.posts.map((p) => p.id)).toEqual([title, body]);
    expect(found.posts[0]!.highlight!.title).toContainEqual({ text: 'Zonda', match: true });
    expect(found.posts[1]!.highlight!.content).toContainEqual({ text: 'Zonda', match: true });
    expect((await page('search=huayra')).posts).toHaveLength(0);
    // websearch syntax: a minus excludes, quotes ask for a phrase.
    expect((await page('search=zonda -receipts')).posts.map((p) => p.id)).toEqual([body]);
    expect((await page(`search=${encodeURIComponent('"enclosed transport"')}`)).posts.map((p) => p.id)).toEqual([body]);
  });

  it('ranks trending by the documented formula, the same in SQL and in the shared rule', async () => {
    await ctx.sql`delete from forum_posts where category = 'marketplace'`;
    const u = await createUserSession(ctx.app, ctx.sql);
    const quietOld = await newPost(u, { category: 'marketplace', title: 'Old but liked' });
    const busyNew = await newPost(u, { category: 'marketplace', title: 'Busy now' });
    const fresh = await newPost(u, { category: 'marketplace', title: 'Brand new, silent' });
    await ctx.sql`update forum_posts set likes = 40, last_activity_at = now() - interval '3 days' where id = ${quietOld}`;
    await ctx.sql`update forum_posts set likes = 3, replies = 4, last_activity_at = now() - interval '1 hour' where id = ${busyNew}`;
    const rows = await ctx.sql<{ id: number; likes: number; replies: number; lastActivityAt: Date }[]>`
      select id, likes, replies, last_activity_at from forum_posts where category = 'marketplace'`;
    const now = new Date();
    const expected = [...rows].sort((a, b) => trendingScore(b, now) - trendingScore(a, now)).map((r) => r.id);
    const got = (await page('category=marketplace&sort=trending')).posts.map((p) => p.id);
    expect(got).toEqual(expected);
    expect(got).toEqual([busyNew, fresh, quietOld]);
    expect((await page('category=marketplace&sort=top')).posts[0]!.id).toBe(quietOld);
  });

  it('shows posts from followed members under Following; following needs a session', async () => {
    const writer = await createUserSession(ctx.app, ctx.sql);
    const reader = await createUserSession(ctx.app, ctx.sql);
    const id = await newPost(writer);
    expect((await page('following=true', reader.cookie)).posts).toHaveLength(0);
    const follow = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${writer.id}/follow`,
      headers: jsonHeaders(reader.cookie),
    });
    expect(follow.json()).toEqual({ following: true, followers: 1 });
    expect((await page('following=true', reader.cookie)).posts.map((p) => p.id)).toEqual([id]);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${writer.id}/follow`,
      headers: jsonHeaders(reader.cookie),
    });
    expect((await page('following=true', reader.cookie)).posts).toHaveLength(0);
    expect((await ctx.app.inject({ url: '/api/forum/posts?following=true' })).statusCode).toBe(401);
  });

  it('answers 503 with Retry-After when the database does not answer in time, and works again after', async () => {
    const blocker = ctx.sql.reserve();
    const held = await blocker;
    await held`begin`;
    await held`lock table forum_category_counts in access exclusive mode`;
    try {
      const started = Date.now();
      const res = await ctx.app.inject({ url: '/api/forum/posts' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      await held`rollback`;
      held.release();
    }
    expect((await ctx.app.inject({ url: '/api/forum/posts' })).statusCode).toBe(200);
  });

  it('refuses a forged cursor and an unknown sort with 400', async () => {
    for (const q of ['cursor=r_nope_1', 'sort=hot', 'category=gossip']) {
      const res = await ctx.app.inject({ url: `/api/forum/posts?${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('forum events', () => {
  it('a post, a reply and a like write their events in their streams; a repeated like writes none', async () => {
    const author = await createUserSession(ctx.app, ctx.sql, { name: 'Eve Writer' });
    const reader = await createUserSession(ctx.app, ctx.sql);
    const id = await newPost(author);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/forum/posts/${id}/replies`,
      headers: jsonHeaders(reader.cookie),
      payload: { content: 'Nice' },
    });
    for (let i = 0; i < 2; i += 1)
      await ctx.app.inject({ method: 'POST', url: `/api/forum/posts/${id}/like`, headers: jsonHeaders(reader.cookie) });
    const thread = await ctx.sql<{ type: string; seq: number; payload: { replies?: number; likes?: number } }[]>`
      select type, seq::int as seq, payload from outbox where stream = ${`thread:${id}`} order by seq`;
    expect(thread.map((e) => [e.type, e.seq])).toEqual([
      ['forum.reply.posted', 1],
      ['forum.likes.changed', 2],
    ]);
    expect(thread[0]!.payload.replies).toBe(1);
    expect(thread[1]!.payload.likes).toBe(1);
    const [created] = await ctx.sql<{ payload: { postId: number; userName: string } }[]>`
      select payload from outbox where stream = 'forum' and (payload->>'postId')::int = ${id}`;
    expect(created!.payload).toMatchObject({ postId: id, userName: 'Eve Writer' });
  });
});

describe('forum moderation', () => {
  it('a report reaches the admins; a hidden post disappears for others and shows hidden to its author', async () => {
    const author = await createUserSession(ctx.app, ctx.sql);
    const reader = await createUserSession(ctx.app, ctx.sql);
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const id = await newPost(author, { title: 'Buy my totally legit car' });
    const report = await ctx.app.inject({
      method: 'POST',
      url: `/api/forum/posts/${id}/report`,
      headers: jsonHeaders(reader.cookie),
      payload: { reason: 'Spam' },
    });
    expect(report.statusCode).toBe(204);
    const reports = await ctx.app.inject({ url: '/api/admin/forum/reports', headers: { cookie: admin.cookie } });
    expect(reports.json()[0]).toMatchObject({ postId: id, reason: 'Spam', hidden: false });
    expect(
      (await ctx.app.inject({ url: '/api/admin/forum/reports', headers: { cookie: reader.cookie } })).statusCode,
    ).toBe(403);
    const before = (await page('')).counts;
    const hide = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/forum/posts/${id}/hide`,
      headers: jsonHeaders(admin.cookie),
      payload: { hidden: true },
    });
    expect(hide.statusCode).toBe(204);
    expect((await page('')).counts).toMatchObject({ all: before.all - 1, general: before.general - 1 });
    expect(
      (await ctx.app.inject({ url: `/api/forum/posts/${id}`, headers: { cookie: reader.cookie } })).statusCode,
    ).toBe(404);
    const own = await ctx.app.inject({ url: `/api/forum/posts/${id}`, headers: { cookie: author.cookie } });
    expect(own.json()).toMatchObject({ hidden: true });
    expect((await page('', reader.cookie)).posts.map((p) => p.id)).not.toContain(id);
    expect((await page('', author.cookie)).posts.find((p) => p.id === id)?.hidden).toBe(true);
  });

  it('a hidden reply stays in the discussion for its author, marked hidden, and disappears for everyone else', async () => {
    const author = await createUserSession(ctx.app, ctx.sql);
    const replier = await createUserSession(ctx.app, ctx.sql);
    const reader = await createUserSession(ctx.app, ctx.sql);
    const admin = await createAdminSession(ctx.app, ctx.sql);
    const id = await newPost(author, { title: 'Which tyres for a winter in the Alps?' });
    const reply = async (u: Session, content: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/forum/posts/${id}/replies`,
        headers: jsonHeaders(u.cookie),
        payload: { content },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const kept = await reply(reader, 'Proper winter tyres, not all-seasons.');
    const spam = await reply(replier, 'Cheap tyres at my totally legit shop');
    const hide = (hidden: boolean, cookie = admin.cookie) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/forum/posts/${id}/replies/${spam}/hide`,
        headers: jsonHeaders(cookie),
        payload: { hidden },
      });
    // Only an admin hides.
    expect((await hide(true, author.cookie)).statusCode).toBe(403);
    expect((await hide(true)).statusCode).toBe(204);

    const thread = async (cookie?: string) => {
      const res = await ctx.app.inject({ url: `/api/forum/posts/${id}`, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, res.body).toBe(200);
      return ForumThreadSchema.parse(res.json());
    };
    const theirs = await thread(replier.cookie);
    expect(theirs.allReplies.map((r) => [r.id, r.hidden])).toEqual([
      [kept, false],
      [spam, true],
    ]);
    for (const cookie of [reader.cookie, author.cookie, undefined]) {
      const seen = await thread(cookie);
      expect(seen.allReplies.map((r) => r.id)).toEqual([kept]);
      expect(seen.recentReplies.map((r) => r.id)).toEqual([kept]);
    }
    // The list's latest reply is the hidden one for its author only.
    const latest = async (cookie: string) =>
      (await page('category=general', cookie)).posts
        .find((p) => p.id === id)
        ?.recentReplies.map((r) => [r.id, r.hidden]);
    expect(await latest(replier.cookie)).toContainEqual([spam, true]);
    expect(await latest(reader.cookie)).not.toContainEqual([spam, expect.anything()]);
    // A hidden reply cannot be liked; shown again, it is back for everyone.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/forum/posts/${id}/replies/${spam}/like`,
          headers: jsonHeaders(reader.cookie),
        })
      ).statusCode,
    ).toBe(404);
    const [row] = await ctx.sql<
      { hiddenBy: number | null; likes: number }[]
    >`select hidden_by, likes from forum_replies where id = ${spam}`;
    expect(row).toEqual({ hiddenBy: admin.id, likes: 0 });
    expect((await hide(false)).statusCode).toBe(204);
    expect((await thread(reader.cookie)).allReplies.map((r) => [r.id, r.hidden])).toEqual([
      [kept, false],
      [spam, false],
    ]);
  });
});
