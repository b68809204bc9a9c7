import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/seed.js';
import { SAMPLE_FORUM_POSTS } from '../src/seed/sample-forum.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.drop());

describe('sample forum', () => {
  it('seeds discussions in all four categories by several members, counters equal to rows, once', async () => {
    await seed(db.sql);
    await seed(db.sql);
    const [row] = await db.sql<
      { posts: number; categories: number; authors: number; badLikes: number; badReplies: number }[]
    >`
      select count(*)::int as posts, count(distinct category)::int as categories, count(distinct user_id)::int as authors,
             count(*) filter (where likes <> (select count(*) from forum_post_likes l where l.post_id = p.id))::int as bad_likes,
             count(*) filter (where replies <> (select count(*) from forum_replies r where r.post_id = p.id))::int as bad_replies
      from forum_posts p`;
    expect(row).toEqual({
      posts: SAMPLE_FORUM_POSTS.length,
      categories: 4,
      authors: expect.any(Number),
      badLikes: 0,
      badReplies: 0,
    });
    expect(row!.authors).toBeGreaterThan(5);
  });
});
