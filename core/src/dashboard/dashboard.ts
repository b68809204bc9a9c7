// The signed-in user's dashboard, read for the session's user only: the four tiles, the open auctions they bid on
// (Leading or Outbid, by the shared standing rule) and the cars they listed with their auctions' state.
import type { Sql } from 'postgres';
import {
  PAID_MILESTONE,
  bidStanding,
  formatMoney,
  type ActivityItem,
  type Dashboard,
  type DashboardTiles,
  type ListedCar,
  type UserBid,
} from '@app/shared';

interface BidRow {
  auctionId: number;
  title: string;
  image: string | null;
  myHighestBid: string;
  currentBid: string;
  bidCount: number;
  endTime: Date;
  leaderId: number | null;
}

/** The open auctions the user has bid on, most recently bid first. */
export async function userActiveBids(sql: Sql, userId: number): Promise<UserBid[]> {
  const rows = await sql<BidRow[]>`
    with mine as (
      select auction_id, max(amount) as my_highest_bid, max(id) as last_bid from bids where user_id = ${userId} group by auction_id
    )
    select a.id as auction_id, c.year || ' ' || c.make || ' ' || c.model as title, c.images[1] as image,
           mine.my_highest_bid, a.current_bid, a.bid_count, a.end_time,
           (select b.user_id from bids b where b.auction_id = a.id order by b.amount desc, b.id desc limit 1) as leader_id
    from mine join auctions a on a.id = mine.auction_id join cars c on c.id = a.car_id
    where a.status = 'active'
    order by mine.last_bid desc`;
  return rows.map((r) => ({
    auctionId: r.auctionId,
    title: r.title,
    image: r.image,
    myHighestBid: r.myHighestBid,
    currentBid: r.currentBid,
    bidCount: r.bidCount,
    endTime: r.endTime.toISOString(),
    standing: bidStanding(userId, r.leaderId),
  }));
}

export async function dashboardTiles(sql: Sql, userId: number): Promise<DashboardTiles> {
  const [tiles] = await sql<DashboardTiles[]>`
    select (select count(*)::int from cars where owner_id = ${userId}) as cars_listed,
           (select count(distinct b.auction_id)::int from bids b join auctions a on a.id = b.auction_id
             where b.user_id = ${userId} and a.status = 'active') as active_bids,
           (select count(*)::int from auctions where winner_id = ${userId} and status in ('sold', 'bought-now')) as won_auctions,
           -- Purchases the buyer paid (PAID_MILESTONE): the total the fee module computed at the sale (price, buyer's
           -- premium, escrow fee), less what a mediator's refund paid back. An unpaid escrow (pending, cancelled) costs nothing yet.
           (select coalesce(sum((e.fees ->> 'buyerTotal')::numeric
                                - (select coalesce(sum(p.amount), 0) from payment_schedules p
                                   where p.transaction_id = e.id and p.payment_type = 'refund' and p.status = 'paid')), 0)::numeric(12, 2)::text
             from escrow_transactions e
             where e.buyer_id = ${userId}
               and exists (select 1 from transaction_milestones m where m.transaction_id = e.id and m.milestone = ${PAID_MILESTONE} and m.status = 'completed')
           ) as total_spent`;
  return tiles!;
}

interface CarRow {
  carId: number;
  title: string;
  auctionId: number | null;
  status: string | null;
  currentBid: string | null;
  watchers: number;
  winningAmount: string | null;
  transactionId: number | null;
  endTime: Date | null;
}

const STATE_OF: Record<string, ListedCar['state']> = {
  pending: 'pending',
  active: 'live',
  sold: 'sold',
  'bought-now': 'sold',
  'reserve-not-met': 'unsold',
  'no-bids': 'unsold',
  rejected: 'rejected',
};

export async function userListedCars(sql: Sql, userId: number): Promise<ListedCar[]> {
  const rows = await sql<CarRow[]>`
    select c.id as car_id, c.year || ' ' || c.make || ' ' || c.model as title, a.id as auction_id, a.status, a.current_bid,
           a.winning_amount, a.end_time, e.id as transaction_id,
           (select count(*)::int from watchlist w where w.auction_id = a.id) as watchers
    from cars c
    left join lateral (select * from auctions x where x.car_id = c.id order by x.id desc limit 1) a on true
    left join escrow_transactions e on e.auction_id = a.id
    where c.owner_id = ${userId}
    order by c.id desc`;
  return rows.map((r) => {
    const state = r.status === null ? 'not-listed' : (STATE_OF[r.status] ?? 'unsold');
    return {
      carId: r.carId,
      title: r.title,
      auctionId: r.auctionId,
      state,
      currentBid: state === 'live' ? r.currentBid : null,
      watchers: r.watchers,
      salePrice: state === 'sold' ? r.winningAmount : null,
      transactionId: r.transactionId,
      endTime: r.endTime?.toISOString() ?? null,
    };
  });
}

const ACTIVITY_LIMIT = 10;

export async function recentActivity(sql: Sql, userId: number): Promise<ActivityItem[]> {
  const rows = await sql<
    {
      kind: 'bid' | 'notice';
      amount: string | null;
      title: string | null;
      text: string | null;
      link: string;
      at: Date;
    }[]
  >`
    (select 'bid' as kind, b.amount, c.year || ' ' || c.make || ' ' || c.model as title, null as text, '/listing/' || b.auction_id as link, b.timestamp as at
     from bids b join auctions a on a.id = b.auction_id join cars c on c.id = a.car_id
     where b.user_id = ${userId} order by b.id desc limit ${ACTIVITY_LIMIT})
    union all
    (select 'notice', null, null, n.text, n.link, n.created_at from notifications n where n.user_id = ${userId} order by n.id desc limit ${ACTIVITY_LIMIT})
    order by at desc limit ${ACTIVITY_LIMIT}`;
  return rows.map((r) => ({
    kind: r.kind,
    text: r.kind === 'bid' ? `You bid ${formatMoney(r.amount)} on the ${r.title ?? 'car'}` : (r.text ?? ''),
    link: r.link,
    at: r.at.toISOString(),
  }));
}

export async function dashboard(sql: Sql, userId: number): Promise<Dashboard> {
  const [tiles, activeBids, listedCars, activity] = await Promise.all([
    dashboardTiles(sql, userId),
    userActiveBids(sql, userId),
    userListedCars(sql, userId),
    recentActivity(sql, userId),
  ]);
  return { tiles, recentActivity: activity, activeBids, listedCars };
}
