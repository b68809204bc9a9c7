// The one way to lock an auction for a decision about it (bids and buy-now in the API, closing in the workers), and
// the server-written chat line a closing event carries.
import type { TransactionSql } from 'postgres';
import { toCents, type BiddingState, type SystemChatLine } from '@app/shared';

export interface LockedAuction extends BiddingState {
  /** The database clock read after the lock was granted: the moment the decision is made. */
  dbNow: Date;
  /** Ids reserved for bids and their chat lines (as many as asked for). */
  bidIds: number[];
  chatIds: number[];
}

interface Row {
  status: BiddingState['status'];
  endTime: Date;
  isPremiumOnly: boolean;
  ownerId: number | null;
  currentBid: string;
  buyItNowPrice: string | null;
  startingBid: string;
  bidCount: number;
  reservePrice: string | null;
}

/** Read once the lock is held: the leading bid, its maximum, the clock and the reserved ids. */
interface Standing {
  dbNow: Date;
  bidIds: string[];
  chatIds: string[];
  leaderId: number | null;
  leaderName: string | null;
  leaderMax: string | null;
}

/**
 * Locks the auction row, waiting for any writer in flight, and reads it as the shared rules do.
 *
 * FOR NO KEY UPDATE serializes every writer of the auction's state but leaves alone the key-share locks that inserting
 * a chat message or a comment takes on its auction (a foreign key), so talk about an auction never waits for its bids.
 *
 * Two statements, sent together (one round trip): in READ COMMITTED a statement that waited for a row lock sees the
 * locked row as the writer before it left it, but every other table as of the moment the statement started, before
 * that writer committed. So the leading bid and its maximum are read by a second statement, whose snapshot is taken
 * once the lock is held: reading them in the locking statement decided a group of bids against the leader before
 * last. The second statement also reserves the ids (drawn in the order groups are decided) and reads the clock at the
 * moment of the decision (clock_timestamp, not the transaction's start), so a bid that waited on the lock is judged
 * when it is decided.
 */
export async function lockAuction(
  tx: TransactionSql,
  auctionId: number,
  reserveIds = 0,
): Promise<LockedAuction | undefined> {
  const locking = tx<Row[]>`
    select a.status, a.end_time, a.is_premium_only, a.current_bid, a.buy_it_now_price, a.starting_bid, a.bid_count,
           a.reserve_price, c.owner_id
    from auctions a join cars c on c.id = a.car_id
    where a.id = ${auctionId}
    for no key update of a`;
  const standing = tx<Standing[]>`
    select clock_timestamp() as db_now, top.user_id as leader_id, lu.name as leader_name, m.max_amount as leader_max,
           array(select nextval(pg_get_serial_sequence('bids', 'id')) from generate_series(1, ${reserveIds})) as bid_ids,
           array(select nextval(pg_get_serial_sequence('chat_messages', 'id')) from generate_series(1, ${reserveIds})) as chat_ids
    from auctions a
    left join lateral (select b.user_id from bids b where b.auction_id = a.id order by b.timestamp desc, b.id desc limit 1) top on true
    left join users lu on lu.id = top.user_id
    left join max_bids m on m.auction_id = a.id and m.user_id = top.user_id
    where a.id = ${auctionId}`;
  const [[locked], [now]] = await Promise.all([locking, standing]);
  const r: (Row & Standing) | undefined = locked && now ? { ...locked, ...now } : undefined;
  if (!r) return undefined;
  return {
    auctionId,
    status: r.status,
    endTimeMs: r.endTime.getTime(),
    isPremiumOnly: r.isPremiumOnly,
    sellerId: r.ownerId,
    currentBidCents: toCents(r.currentBid),
    buyItNowCents: r.buyItNowPrice === null ? null : toCents(r.buyItNowPrice),
    startingBidCents: toCents(r.startingBid),
    bidCount: r.bidCount,
    reserveCents: r.reservePrice === null ? null : toCents(r.reservePrice),
    dbNow: r.dbNow,
    bidIds: r.bidIds.map(Number),
    chatIds: r.chatIds.map(Number),
    // Bids only go up, so the latest bid is the leading one; its bidder's maximum is the only one that can answer.
    leaderId: r.leaderId,
    leaderName: r.leaderName,
    leaderMaxCents: r.leaderMax === null ? null : toCents(r.leaderMax),
  };
}

/** A system line in the auction's chat ("Sold via Buy It Now for ..."); its event carries it, so it needs no event of its own. */
export async function insertSystemChat(
  tx: TransactionSql,
  auctionId: number,
  message: string,
): Promise<SystemChatLine> {
  const [row] = await tx<{ id: string; timestamp: Date }[]>`
    insert into chat_messages (auction_id, user_id, message, is_system_message)
    values (${auctionId}, null, ${message}, true)
    returning id, timestamp`;
  return { id: Number(row!.id), message, timestamp: row!.timestamp.toISOString() };
}
