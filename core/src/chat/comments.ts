import type { Sql } from 'postgres';
import { commitWithEvents, type EventDeps } from '@app/infra';
import type { Comment, SessionUser } from '@app/shared';
import { assertAuctionVisible } from '../auctions/auction-guard.js';

interface CommentRow {
  id: number;
  auctionId: number;
  content: string;
  timestamp: Date;
  userId: number;
  userName: string;
}

const toComment = (r: CommentRow): Comment => ({
  id: r.id,
  auctionId: r.auctionId,
  content: r.content,
  timestamp: r.timestamp.toISOString(),
  user: { id: r.userId, name: r.userName },
});

export async function listComments(sql: Sql, auctionId: number): Promise<Comment[]> {
  await assertAuctionVisible(sql, auctionId);
  const rows = await sql<CommentRow[]>`
    select c.id, c.auction_id, c.content, c.timestamp, u.id as user_id, u.name as user_name
    from comments c join users u on u.id = c.user_id
    where c.auction_id = ${auctionId}
    order by c.timestamp desc, c.id desc
    limit 200`;
  return rows.map(toComment);
}

export async function postComment(
  deps: EventDeps,
  { auctionId, user, content }: { auctionId: number; user: SessionUser; content: string },
): Promise<Comment> {
  await assertAuctionVisible(deps.sql, auctionId);
  return commitWithEvents(deps, async (tx, outbox) => {
    const [row] = await tx<CommentRow[]>`
      insert into comments (auction_id, user_id, content) values (${auctionId}, ${user.id}, ${content})
      returning id, auction_id, content, timestamp, user_id, ${user.name}::text as user_name`;
    const comment = toComment(row!);
    await outbox.append([
      {
        type: 'comment.posted',
        auctionId,
        at: comment.timestamp,
        id: comment.id,
        content: comment.content,
        userName: user.name,
        userId: user.id,
        timestamp: comment.timestamp,
      },
    ]);
    return comment;
  });
}
