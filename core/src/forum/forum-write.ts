// Writing to the forum: posts, edits, deletions and replies, each with its event appended in the same transaction.
import type { Sql, TransactionSql } from 'postgres';
import { commitWithEvents, type EventDeps } from '@app/infra';
import { decideForumDelete, decideForumEdit, type ForumCategory, type ForumReply, type SessionUser } from '@app/shared';
import { NotFound, refusalError } from '../errors.js';
import { toReply, type ReplyRow } from './forum-rows.js';

export async function createForumPost(
  deps: EventDeps,
  user: SessionUser,
  body: { title: string; content: string; category: ForumCategory; tags: string[] },
): Promise<number> {
  return commitWithEvents(deps, async (tx, outbox) => {
    const [row] = await tx<{ id: number; createdAt: Date }[]>`
      insert into forum_posts (user_id, category, title, content, tags)
      values (${user.id}, ${body.category}, ${body.title}, ${body.content}, ${body.tags})
      returning id, created_at`;
    await outbox.append([
      {
        type: 'forum.post.created',
        at: row!.createdAt.toISOString(),
        postId: row!.id,
        category: body.category,
        title: body.title,
        userId: user.id,
        userName: user.name,
      },
    ]);
    return row!.id;
  });
}

interface LockedPost {
  userId: number;
  createdAt: Date;
  hidden: boolean;
  now: Date;
}

async function lockPost(tx: TransactionSql, postId: number): Promise<LockedPost> {
  const [post] = await tx<LockedPost[]>`
    select user_id, created_at, hidden_at is not null as hidden, now() as now from forum_posts where id = ${postId} for update`;
  if (!post) throw new NotFound('Discussion not found');
  return post;
}

export async function updateForumPost(
  sql: Sql,
  user: SessionUser,
  postId: number,
  body: { title?: string | undefined; content?: string | undefined; tags?: string[] | undefined },
): Promise<void> {
  await sql.begin(async (tx) => {
    const post = await lockPost(tx, postId);
    const verdict = decideForumEdit(
      { authorId: post.userId, createdAt: post.createdAt, hidden: post.hidden },
      user.id,
      post.now,
    );
    if (!verdict.ok) throw refusalError(verdict.refusal);
    await tx`
      update forum_posts
         set title = coalesce(${body.title ?? null}, title),
             content = coalesce(${body.content ?? null}, content),
             tags = coalesce(${body.tags ?? null}::text[], tags),
             updated_at = now()
       where id = ${postId}`;
  });
}

export async function deleteForumPost(sql: Sql, user: SessionUser, postId: number): Promise<void> {
  await sql.begin(async (tx) => {
    const post = await lockPost(tx, postId);
    const verdict = decideForumDelete(
      { authorId: post.userId, createdAt: post.createdAt, hidden: post.hidden },
      user.id,
    );
    if (!verdict.ok) throw refusalError(verdict.refusal);
    await tx`delete from forum_posts where id = ${postId}`;
  });
}

export async function replyToForumPost(
  deps: EventDeps,
  user: SessionUser,
  postId: number,
  content: string,
): Promise<ForumReply> {
  return commitWithEvents(deps, async (tx, outbox) => {
    // The post row's lock orders replies, so the count a reply reports is the count right after it.
    const [post] = await tx<{ replies: number }[]>`
      update forum_posts set replies = replies + 1, last_activity_at = now()
       where id = ${postId} and hidden_at is null
      returning replies`;
    if (!post) throw new NotFound('Discussion not found');
    const [row] = await tx<ReplyRow[]>`
      insert into forum_replies (post_id, user_id, content) values (${postId}, ${user.id}, ${content})
      returning id, post_id, user_id, ${user.name}::text as user_name, content, likes, created_at, false as hidden, false as liked_by_me`;
    const reply = toReply(row!);
    await outbox.append([
      {
        type: 'forum.reply.posted',
        at: reply.createdAt,
        postId,
        reply: { ...reply, user: reply.user },
        replies: post.replies,
      },
    ]);
    return reply;
  });
}
