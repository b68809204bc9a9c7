import type { Sql } from 'postgres';
import { commitWithEvents, type EventDeps } from '@app/infra';
import type { ChatMessage, SessionUser } from '@app/shared';
import { assertAuctionVisible } from '../auctions/auction-guard.js';

interface ChatRow {
  id: string;
  auctionId: number;
  message: string;
  timestamp: Date;
  isSystemMessage: boolean;
  userId: number | null;
  userName: string | null;
  isSeller: boolean | null;
}

const toMessage = (r: ChatRow): ChatMessage => ({
  id: Number(r.id),
  auctionId: r.auctionId,
  message: r.message,
  timestamp: r.timestamp.toISOString(),
  isSystemMessage: r.isSystemMessage,
  user: r.userId === null ? null : { id: r.userId, name: r.userName },
  isSeller: r.isSeller === true,
});

/** Whether a chat line's writer owns the car (the Seller badge): one key lookup per line, through the auction. */
const SELLER_OF_LINE = `exists (select 1 from auctions a join cars c on c.id = a.car_id
                                where a.id = m.auction_id and c.owner_id = m.user_id) as is_seller`;

const PAGE = 100;

/** Without a cursor: the latest page, oldest first. With `after`: only newer messages (what the 2 s poll asks for). */
/** The newest chat line id of the auction (0 when it has none). */
export async function newestChatId(sql: Sql, auctionId: number): Promise<number> {
  const [row] = await sql<
    { id: string | null }[]
  >`select max(id) as id from chat_messages where auction_id = ${auctionId}`;
  return Number(row?.id ?? 0);
}

export async function listChatMessages(sql: Sql, auctionId: number, after?: number): Promise<ChatMessage[]> {
  const rows =
    after === undefined
      ? await sql<ChatRow[]>`
          select * from (
            select m.id, m.auction_id, m.message, m.timestamp, m.is_system_message, m.user_id, u.name as user_name,
                   ${sql.unsafe(SELLER_OF_LINE)}
            from chat_messages m left join users u on u.id = m.user_id
            where m.auction_id = ${auctionId}
            order by m.id desc limit ${PAGE}
          ) latest order by id asc`
      : await sql<ChatRow[]>`
          select m.id, m.auction_id, m.message, m.timestamp, m.is_system_message, m.user_id, u.name as user_name,
                 ${sql.unsafe(SELLER_OF_LINE)}
          from chat_messages m left join users u on u.id = m.user_id
          where m.auction_id = ${auctionId} and m.id > ${after}
          order by m.id asc limit ${PAGE}`;
  return rows.map(toMessage);
}

export async function postChatMessage(
  deps: EventDeps,
  { auctionId, user, message }: { auctionId: number; user: SessionUser; message: string },
): Promise<ChatMessage> {
  await assertAuctionVisible(deps.sql, auctionId);
  // The chat stream's own counter orders messages; the auction row that bids lock is never touched.
  return commitWithEvents(deps, async (tx, outbox) => {
    const [row] = await tx<ChatRow[]>`
      insert into chat_messages as m (auction_id, user_id, message) values (${auctionId}, ${user.id}, ${message})
      returning id, auction_id, message, timestamp, is_system_message, user_id, ${user.name}::text as user_name,
                ${tx.unsafe(SELLER_OF_LINE)}`;
    const chat = toMessage(row!);
    await outbox.append([
      {
        type: 'chat.message',
        auctionId,
        at: chat.timestamp,
        id: chat.id,
        message: chat.message,
        userName: user.name,
        userId: user.id,
        timestamp: chat.timestamp,
        isSystemMessage: false,
        isSeller: chat.isSeller,
      },
    ]);
    return chat;
  });
}
