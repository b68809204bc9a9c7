// Notices derived from committed events: the previous leader of a `bid.placed`, the owner of an `alert.fired`, the
// winner, seller, top bidder and watchers of an `auction.closed` (a close on time or a Buy It Now), the members whose
// saved searches find the listing of an `auction.opened` (an approval). The events
// consumer may hand the same event over again (a retried batch, a claimed entry, a replay): recordNotices' unique key
// turns every repeat into nothing.
import type { Sql } from 'postgres';
import { recordNotices, type OpenedWindow } from './record-notices.js';
import { savedSearchDrafts } from '../saved-searches/match-notices.js';
import { commitWithEvents, type EventPublisher } from '@app/infra';
import { alertNotice, closeNotices, outbidNotice, type DomainEvent, type NoticeDraft } from '@app/shared';

const titleSql = `c.year || ' ' || c.make || ' ' || c.model`;

async function outbidDrafts(sql: Sql, bids: Extract<DomainEvent, { type: 'bid.placed' }>[]): Promise<NoticeDraft[]> {
  if (bids.length === 0) return [];
  // The leader just before each bid: the highest earlier bid on the auction (bids only go up, so the latest one).
  // An automatic answer is decided and written with the bid it answers (same transaction, same timestamp), so it is
  // there to be seen; a bid of a later decision is a new overtaking, not an answer.
  const rows = await sql<
    {
      bidId: string;
      title: string;
      previousLeaderId: number | null;
      next: { u: number; p: boolean } | null;
      hasOutbidAlert: boolean;
    }[]
  >`
    select q.*, exists (
             select 1 from bid_alerts x
             where x.auction_id = q.auction_id and x.user_id = q.previous_leader_id and x.alert_type = 'outbid' and x.is_active
           ) as has_outbid_alert
    from (
    select b.bid_id, b.auction_id, ${sql.unsafe(titleSql)} as title,
           (select p.user_id from bids p where p.auction_id = b.auction_id and p.id < b.bid_id order by p.amount desc, p.id desc limit 1) as previous_leader_id,
           (select json_build_object('u', n.user_id, 'p', n.proxy) from bids n, bids self
            where self.id = b.bid_id and n.auction_id = b.auction_id and n.id > b.bid_id and n.timestamp = self.timestamp
            order by n.id limit 1) as next
    from unnest(${bids.map((b) => b.bidId)}::bigint[], ${bids.map((b) => b.auctionId)}::int[]) as b(bid_id, auction_id)
    join auctions a on a.id = b.auction_id join cars c on c.id = a.car_id
    ) q`;
  // bids.id is a bigint: it arrives as a string.
  const byBid = new Map(rows.map((r) => [Number(r.bidId), r]));
  return bids.flatMap((e) => {
    const r = byBid.get(e.bidId);
    const n =
      r &&
      outbidNotice({
        auctionId: e.auctionId,
        title: r.title,
        bidId: e.bidId,
        bidderId: e.bidderId,
        amount: e.amount,
        previousLeaderId: r.previousLeaderId,
        answeredByPreviousLeader: r.next !== null && r.next.p && r.next.u === r.previousLeaderId,
        previousLeaderHasOutbidAlert: r.hasOutbidAlert,
      });
    return n ? [n] : [];
  });
}

async function closeDrafts(
  sql: Sql,
  closes: Extract<DomainEvent, { type: 'auction.closed' }>[],
): Promise<NoticeDraft[]> {
  if (closes.length === 0) return [];
  const rows = await sql<
    {
      id: number;
      title: string;
      winnerId: number | null;
      sellerId: number | null;
      topBidderId: number | null;
      highBid: string | null;
      watcherIds: number[];
    }[]
  >`
    select a.id, ${sql.unsafe(titleSql)} as title, a.winner_id, c.owner_id as seller_id,
           top.user_id as top_bidder_id, top.amount::text as high_bid,
           coalesce((select array_agg(w.user_id order by w.user_id) from watchlist w where w.auction_id = a.id), '{}') as watcher_ids
    from auctions a join cars c on c.id = a.car_id
    left join lateral (select user_id, amount from bids where auction_id = a.id order by amount desc, id desc limit 1) top on true
    where a.id = any(${closes.map((e) => e.auctionId)}::int[])`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return closes.flatMap((e) => {
    const r = byId.get(e.auctionId);
    if (!r) return [];
    return closeNotices({
      auctionId: e.auctionId,
      title: r.title,
      outcome: e.outcome,
      winningAmount: e.winningAmount,
      winnerId: r.winnerId,
      sellerId: r.sellerId,
      topBidderId: r.topBidderId,
      highBid: r.highBid,
      watcherIds: r.watcherIds,
    });
  });
}

async function alertDrafts(sql: Sql, fired: Extract<DomainEvent, { type: 'alert.fired' }>[]): Promise<NoticeDraft[]> {
  if (fired.length === 0) return [];
  const rows = await sql<{ id: number; emailEnabled: boolean }[]>`
    select id, coalesce((settings->>'emailEnabled')::boolean, true) as email_enabled from bid_alerts where id = any(${fired.map((e) => e.alertId)}::int[])`;
  const email = new Map(rows.map((r) => [r.id, r.emailEnabled]));
  return fired.map((e) =>
    alertNotice({
      userId: e.userId,
      alertId: e.alertId,
      seq: e.seq,
      auctionId: e.auction.id,
      text: e.text,
      emailEnabled: email.get(e.alertId) ?? true,
    }),
  );
}

export interface NoticeDeps {
  sql: Sql;
  events: EventPublisher;
  /** Called with the ids of new notices to mail, after they are committed. */
  mail(notificationIds: number[]): Promise<void>;
  /** Called with the ids of new notices to push to their members' devices, after they are committed. */
  push?(notificationIds: number[]): Promise<void>;
  /** Called with the mail windows new notices opened, after they are committed (absent: the sweep finds them due). */
  mailWindows?(windows: OpenedWindow[]): Promise<void>;
  /** How long a mail window stays open after its first notice (NOTICE_MAIL_WINDOW_MS). */
  mailWindowMs?: number;
}

/** Writes the notices these events call for; returns how many were new. */
export async function deriveNotices(deps: NoticeDeps, batch: readonly DomainEvent[]): Promise<number> {
  const bids = batch.filter((e): e is Extract<DomainEvent, { type: 'bid.placed' }> => e.type === 'bid.placed');
  const closes = batch.filter(
    (e): e is Extract<DomainEvent, { type: 'auction.closed' }> => e.type === 'auction.closed',
  );
  const fired = batch.filter((e): e is Extract<DomainEvent, { type: 'alert.fired' }> => e.type === 'alert.fired');
  const opened = batch.filter(
    (e): e is Extract<DomainEvent, { type: 'auction.opened' }> => e.type === 'auction.opened',
  );
  const drafts = [
    ...(await outbidDrafts(deps.sql, bids)),
    ...(await closeDrafts(deps.sql, closes)),
    ...(await alertDrafts(deps.sql, fired)),
    ...(await savedSearchDrafts(deps.sql, opened)),
  ];
  return writeNotices(deps, drafts);
}

export async function writeNotices(deps: NoticeDeps, drafts: NoticeDraft[]): Promise<number> {
  if (drafts.length === 0) return 0;
  const recorded = await commitWithEvents(deps, (tx, outbox) =>
    recordNotices(tx, outbox, drafts, { mailWindowMs: deps.mailWindowMs }),
  );
  await deps.mail(recorded.toMail);
  if (recorded.openedWindows.length > 0) await deps.mailWindows?.(recorded.openedWindows);
  if (recorded.toPush.length > 0) await deps.push?.(recorded.toPush);
  return recorded.inserted;
}
