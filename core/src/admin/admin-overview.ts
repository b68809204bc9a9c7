// The admin portal's figures for a period (7d, 30d, 90d, 1y), every one a query on the live tables.
import type { Sql } from 'postgres';
import { ADMIN_PERIODS, type AdminOverview, type AdminPeriod } from '@app/shared';

type Counts = Omit<
  AdminOverview,
  'period' | 'sellThroughRate' | 'avgBidsPerAuction' | 'escrowVolume' | 'series' | 'feesByType'
> & {
  bidsInPeriod: number;
  auctionsBidOn: number;
};

export async function adminOverview(sql: Sql, period: AdminPeriod = '30d'): Promise<AdminOverview> {
  const days = ADMIN_PERIODS[period];
  const since = sql`now() - ${days} * interval '1 day'`;
  const [[c], escrowVolume, series, [feesByType]] = await Promise.all([
    sql<Counts[]>`
      select (select count(*)::int from auctions where status = 'active') as live_auctions,
             (select count(*)::int from users) as users,
             (select count(*)::int from bids where timestamp > now() - interval '1 day') as bids_today,
             (select count(*)::int from auctions where status = 'pending') as pending,
             (select coalesce(sum(winning_amount), 0)::numeric(14, 2)::text from auctions
               where status in ('sold', 'bought-now') and closed_at > ${since}) as gmv,
             (select count(*)::int from auctions where closed_at > ${since}) as auctions_ended,
             (select count(*)::int from auctions where status in ('sold', 'bought-now') and closed_at > ${since}) as auctions_sold,
             (select count(*)::int from bids where timestamp > ${since}) as bids_in_period,
             (select count(distinct auction_id)::int from bids where timestamp > ${since}) as auctions_bid_on,
             (select count(*)::int from users where created_at > ${since}) as new_users,
             (select coalesce(sum((fees ->> 'paymentProcessingFee')::numeric + (fees ->> 'sellersCommission')::numeric
                                 + (fees ->> 'buyerFee')::numeric + (fees ->> 'sellerFee')::numeric), 0)::numeric(14, 2)::text
               -- Earned only on money actually taken: a sale paid in full and not refunded or cancelled since.
               from escrow_transactions where created_at > ${since} and funded_at is not null
                 and status not in ('cancelled', 'refunded')) as fees_earned`,
    sql<{ status: string; count: number; amount: string }[]>`
      select status, count(*)::int as count, sum(amount)::numeric(14, 2)::text as amount
      from escrow_transactions where created_at > ${since} group by status order by status`,
    sql<{ day: string; sales: number; bids: number }[]>`
      select to_char(d, 'YYYY-MM-DD') as day,
             (select count(*)::int from auctions a where a.status in ('sold', 'bought-now') and a.closed_at >= d and a.closed_at < d + interval '1 day') as sales,
             (select count(*)::int from bids b where b.timestamp >= d and b.timestamp < d + interval '1 day') as bids
      from generate_series(date_trunc('day', now()) - ${days - 1} * interval '1 day', date_trunc('day', now()), interval '1 day') as d
      order by d`,
    sql<AdminOverview['feesByType'][]>`
      select coalesce(sum((fees ->> 'paymentProcessingFee')::numeric), 0)::numeric(14, 2)::text as buyers_premium,
             coalesce(sum((fees ->> 'sellersCommission')::numeric), 0)::numeric(14, 2)::text as sellers_commission,
             coalesce(sum((fees ->> 'buyerFee')::numeric), 0)::numeric(14, 2)::text as buyer_escrow_fees,
             coalesce(sum((fees ->> 'sellerFee')::numeric), 0)::numeric(14, 2)::text as seller_escrow_fees
      from escrow_transactions where created_at > ${since} and funded_at is not null and status not in ('cancelled', 'refunded')`,
  ]);
  const { bidsInPeriod, auctionsBidOn, ...counts } = c!;
  return {
    ...counts,
    period,
    sellThroughRate:
      counts.auctionsEnded === 0 ? null : Math.round((counts.auctionsSold * 1000) / counts.auctionsEnded) / 10,
    avgBidsPerAuction: auctionsBidOn === 0 ? 0 : Math.round((bidsInPeriod * 100) / auctionsBidOn) / 100,
    escrowVolume,
    feesByType: feesByType!,
    series,
  };
}
