// Forum writes: a post announced to the forum's stream; likes counted exactly under a crowd of likers, and a repeated
// like changes nothing and tells no one.
import { expect, it } from 'vitest';
import { streams } from '@app/shared';
import { setForumLike } from '../../src/forum/forum-likes.js';
import { createForumPost, replyToForumPost } from '../../src/forum/forum-write.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

const member = async () => ({ ...(await createUser(ctx.sql)), isPremium: false });
const newPost = async (title: string) =>
  createForumPost(ctx, await member(), {
    title,
    content: 'For a rear-wheel-drive coupe.',
    category: 'technical',
    tags: [],
  });

it('counts every like of twenty members liking at once, and a repeated like tells no one', async () => {
  const postId = await newPost('Best winter tyres?');
  const likers = await Promise.all(Array.from({ length: 20 }, member));
  const answers = await Promise.all(likers.map((u) => setForumLike(ctx, u.id, { postId, replyId: null }, true)));
  expect(answers.every((a) => a.liked)).toBe(true);
  const [counted] = await ctx.sql<{ likes: number; rows: number }[]>`
    select likes, (select count(*)::int from forum_post_likes where post_id = ${postId}) as rows from forum_posts where id = ${postId}`;
  expect(counted).toEqual({ likes: 20, rows: 20 });
  expect(await setForumLike(ctx, likers[0]!.id, { postId, replyId: null }, true)).toEqual({ liked: true, likes: 20 });
  const events = await ctx.published();
  expect(events.filter((e) => e.type === 'forum.post.created' && e.postId === postId).map((e) => e.stream)).toEqual([
    streams.forum,
  ]);
  const likes = events.filter((e) => e.type === 'forum.likes.changed' && e.postId === postId);
  expect(likes).toHaveLength(20);
  // Each like is numbered in the order it took the post's row: in that order the counts run 1 to 20. (Publications
  // after concurrent commits may reach the stream in another order; readers put a stream's events back in seq order.)
  const bySeq = [...likes].sort((a, b) => a.seq - b.seq) as { likes: number }[];
  expect(bySeq.map((e) => e.likes)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
});

it("tells a discussion's viewers of each reply with the count right after it", async () => {
  const postId = await newPost('Hello');
  await Promise.all([1, 2, 3].map(async (i) => replyToForumPost(ctx, await member(), postId, `Reply ${i}`)));
  const replies = (await ctx.published()).filter((e) => e.type === 'forum.reply.posted' && e.postId === postId);
  expect(replies.map((e) => (e as { replies: number }).replies).sort()).toEqual([1, 2, 3]);
});
