// The admin auctions tab: every auction, filtered by status, searched by car or VIN, newest first, a page at a time.
import type { Sql } from 'postgres';
import type { AUCTION_STATUSES, AdminAuctionList } from '@app/shared';

type AuctionStatus = (typeof AUCTION_STATUSES)[number];

const PAGE_SIZE = 25;

export async function listAuctionsForAdmin(
  sql: Sql,
  q: { status?: AuctionStatus | undefined; search?: string | undefined; page: number },
): Promise<AdminAuctionList> {
  const pattern = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await sql<
    {
      id: number;
      title: string;
      seller: string | null;
      status: AuctionStatus;
      currentBid: string;
      bidCount: number;
      endTime: Date;
      createdAt: Date;
      total: number;
    }[]
  >`
    select a.id, c.year || ' ' || c.make || ' ' || c.model as title, u.name as seller, a.status, a.current_bid, a.bid_count,
           a.end_time, a.created_at, count(*) over ()::int as total
    from auctions a join cars c on c.id = a.car_id left join users u on u.id = c.owner_id
    where ${q.status ? sql`a.status = ${q.status}` : sql`true`}
      and ${pattern === null ? sql`true` : sql`(c.make || ' ' || c.model ilike ${pattern} or c.vin ilike ${pattern})`}
    order by a.id desc
    limit ${PAGE_SIZE} offset ${(q.page - 1) * PAGE_SIZE}`;
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map(({ total: _t, endTime, createdAt, ...r }) => ({
      ...r,
      endTime: endTime.toISOString(),
      createdAt: createdAt.toISOString(),
    })),
  };
}
