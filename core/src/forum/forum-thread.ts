// One discussion (/community/{id}): the post, every visible reply, and what the reader may do with it.
import type { Sql } from 'postgres';
import { decideForumDelete, decideForumEdit, type ForumThread } from '@app/shared';
import { NotFound } from '../errors.js';
import { toPost, toReply, type PostRow, type ReplyRow } from './forum-rows.js';
import type { Viewer } from './forum-list.js';

const THREAD_REPLY_LIMIT = 500;

export async function readForumThread(sql: Sql, postId: number, viewer: Viewer): Promise<ForumThread> {
  const me = viewer.userId ?? 0;
  const [post] = await sql<(PostRow & { now: Date })[]>`
    select p.id, p.user_id, u.name as user_name, p.category, p.title, p.content, p.tags, p.likes, p.replies,
           p.created_at, p.updated_at, p.hidden_at is not null as hidden, null as title_marked, null as content_marked,
           null as last_reply, now() as now,
           exists (select 1 from forum_post_likes l where l.post_id = p.id and l.user_id = ${me}) as liked_by_me
    from forum_posts p join users u on u.id = p.user_id
    where p.id = ${postId} and (p.hidden_at is null or p.user_id = ${me} or ${viewer.isAdmin})`;
  if (!post) throw new NotFound('Discussion not found');
  const [replies, [follow]] = await Promise.all([
    sql<ReplyRow[]>`
      select r.id, r.post_id, r.user_id, u.name as user_name, r.content, r.likes, r.created_at,
             r.hidden_at is not null as hidden,
             exists (select 1 from forum_reply_likes l where l.reply_id = r.id and l.user_id = ${me}) as liked_by_me
      from forum_replies r join users u on u.id = r.user_id
      where r.post_id = ${postId} and (r.hidden_at is null or r.user_id = ${me} or ${viewer.isAdmin})
      order by r.created_at, r.id
      limit ${THREAD_REPLY_LIMIT}`,
    sql<
      { n: number }[]
    >`select count(*)::int as n from user_follows where follower_id = ${me} and following_id = ${post.userId}`,
  ]);
  const facts = { authorId: post.userId, createdAt: post.createdAt, hidden: post.hidden };
  const base = toPost(post);
  return {
    ...base,
    recentReplies: replies.slice(-1).map(toReply),
    allReplies: replies.map(toReply),
    followingAuthor: (follow?.n ?? 0) > 0,
    canEdit: decideForumEdit(facts, me, post.now).ok,
    canDelete: decideForumDelete(facts, me).ok,
  };
}
