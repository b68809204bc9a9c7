import type { Sql } from 'postgres';
import { commitWithEvents, type EventDeps } from '@app/infra';
import type { AnsweredQuestion, Comment, SessionUser } from '@app/shared';
import { assertAuctionVisible } from '../auctions/auction-guard.js';
import { Invalid } from '../errors.js';

interface CommentRow {
  id: number;
  auctionId: number;
  content: string;
  timestamp: Date;
  userId: number;
  userName: string;
  isSeller: boolean;
  replyTo: number | null;
}

const toComment = (r: CommentRow): Comment => ({
  id: r.id,
  auctionId: r.auctionId,
  content: r.content,
  timestamp: r.timestamp.toISOString(),
  user: { id: r.userId, name: r.userName },
  isSeller: r.isSeller,
  replyTo: r.replyTo,
});

/** Whether a comment's writer owns the car: the Seller badge, and what makes a reply an answer. */
const SELLER_OF_COMMENT = `exists (select 1 from auctions a join cars car on car.id = a.car_id
                                   where a.id = c.auction_id and car.owner_id = c.user_id) as is_seller`;
const COMMENT_COLUMNS = `c.id, c.auction_id, c.content, c.timestamp, c.reply_to, u.id as user_id, u.name as user_name,
                         ${SELLER_OF_COMMENT}`;

export async function listComments(sql: Sql, auctionId: number): Promise<Comment[]> {
  await assertAuctionVisible(sql, auctionId);
  const rows = await sql<CommentRow[]>`
    select ${sql.unsafe(COMMENT_COLUMNS)}
    from comments c join users u on u.id = c.user_id
    where c.auction_id = ${auctionId}
    order by c.timestamp desc, c.id desc
    limit 200`;
  return rows.map(toComment);
}

/**
 * The questions the seller answered (a comment the seller replied to), each with the seller's answers, oldest question
 * first: pinned above the comments, however far down the list they have gone.
 */
export async function listAnsweredQuestions(sql: Sql, auctionId: number): Promise<AnsweredQuestion[]> {
  await assertAuctionVisible(sql, auctionId);
  const rows = await sql<CommentRow[]>`
    with answers as (
      select c.id, c.reply_to from comments c
      join auctions a on a.id = c.auction_id join cars car on car.id = a.car_id
      where c.auction_id = ${auctionId} and c.reply_to is not null and c.user_id = car.owner_id
      order by c.id limit 200
    )
    select ${sql.unsafe(COMMENT_COLUMNS)}
    from comments c join users u on u.id = c.user_id
    where c.id in (select id from answers union select reply_to from answers)
    order by c.id`;
  const byId = new Map(rows.map((r) => [r.id, toComment(r)]));
  const pinned = new Map<number, AnsweredQuestion>();
  for (const c of byId.values()) {
    if (!c.isSeller || c.replyTo === null) continue;
    const question = byId.get(c.replyTo);
    // The seller answering their own comment is not a question.
    if (!question || question.isSeller) continue;
    const entry = pinned.get(question.id) ?? { question, answers: [] };
    entry.answers.push(c);
    pinned.set(question.id, entry);
  }
  return [...pinned.values()];
}

export async function postComment(
  deps: EventDeps,
  {
    auctionId,
    user,
    content,
    replyTo,
  }: { auctionId: number; user: SessionUser; content: string; replyTo?: number | undefined },
): Promise<Comment> {
  await assertAuctionVisible(deps.sql, auctionId);
  return commitWithEvents(deps, async (tx, outbox) => {
    if (replyTo !== undefined) {
      const [parent] = await tx<{ auctionId: number }[]>`select auction_id from comments where id = ${replyTo}`;
      if (!parent || parent.auctionId !== auctionId) throw new Invalid('The comment replied to is not on this auction');
    }
    const [row] = await tx<CommentRow[]>`
      insert into comments as c (auction_id, user_id, content, reply_to)
      values (${auctionId}, ${user.id}, ${content}, ${replyTo ?? null})
      returning id, auction_id, content, timestamp, reply_to, user_id, ${user.name}::text as user_name,
                ${tx.unsafe(SELLER_OF_COMMENT)}`;
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
        isSeller: comment.isSeller,
        replyTo: comment.replyTo,
      },
    ]);
    return comment;
  });
}
