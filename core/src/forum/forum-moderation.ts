// Moderation: members report a post or a reply; admins read the reports and hide (or show again) what breaks the
// rules. Hidden rows stay in the database and their authors still see them, marked hidden.
import type { Sql } from 'postgres';
import { NotFound } from '../errors.js';
import type { z } from 'zod';
import type { ForumReportListSchema } from '@app/shared';

export async function reportForumContent(
  sql: Sql,
  reporterId: number,
  postId: number,
  replyId: number | undefined,
  reason: string,
): Promise<void> {
  const [target] =
    replyId === undefined
      ? await sql`select 1 from forum_posts where id = ${postId}`
      : await sql`select 1 from forum_replies where id = ${replyId} and post_id = ${postId}`;
  if (!target) throw new NotFound(replyId === undefined ? 'Discussion not found' : 'Reply not found');
  // A second report by the same member changes nothing: the first one already asked a moderator to look.
  await sql`
    insert into forum_reports (post_id, reply_id, reporter_id, reason) values (${postId}, ${replyId ?? null}, ${reporterId}, ${reason})
    on conflict do nothing`;
}

export async function hideForumContent(
  sql: Sql,
  adminId: number,
  target: { postId: number; replyId: number | null },
  hidden: boolean,
): Promise<void> {
  const rows =
    target.replyId === null
      ? await sql`
          update forum_posts set hidden_at = ${hidden ? sql`now()` : null}, hidden_by = ${hidden ? adminId : null}
           where id = ${target.postId} returning 1`
      : await sql`
          update forum_replies set hidden_at = ${hidden ? sql`now()` : null}, hidden_by = ${hidden ? adminId : null}
           where id = ${target.replyId} and post_id = ${target.postId} returning 1`;
  if (rows.length === 0) throw new NotFound(target.replyId === null ? 'Discussion not found' : 'Reply not found');
}

export async function listForumReports(sql: Sql): Promise<z.infer<typeof ForumReportListSchema>> {
  const rows = await sql<
    {
      id: number;
      postId: number;
      replyId: number | null;
      postTitle: string;
      excerpt: string;
      reason: string;
      reporterId: number;
      reporterName: string;
      hidden: boolean;
      createdAt: Date;
    }[]
  >`
    select f.id, f.post_id, f.reply_id, p.title as post_title, left(coalesce(r.content, p.content), 200) as excerpt, f.reason,
           u.id as reporter_id, u.name as reporter_name,
           coalesce(r.hidden_at, p.hidden_at) is not null as hidden, f.created_at
    from forum_reports f
    join forum_posts p on p.id = f.post_id
    left join forum_replies r on r.id = f.reply_id
    join users u on u.id = f.reporter_id
    order by f.created_at desc, f.id desc
    limit 200`;
  return rows.map((r) => ({
    id: r.id,
    postId: r.postId,
    replyId: r.replyId,
    postTitle: r.postTitle,
    excerpt: r.excerpt,
    reason: r.reason,
    reporter: { id: r.reporterId, name: r.reporterName },
    hidden: r.hidden,
    createdAt: r.createdAt.toISOString(),
  }));
}
