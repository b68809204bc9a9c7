// Export Report: the selected tab and period as CSV, streamed row by row from a database cursor, so a report of any
// size holds only one batch of rows in memory and the first bytes leave before the last row is read.
import { Readable } from 'node:stream';
import type { Sql } from 'postgres';
import { ADMIN_PERIODS, csvRow, type AdminExportQuery, type CsvValue } from '@app/shared';
import { adminOverview } from './admin-overview.js';

const BATCH = 500;

type Row = Record<string, CsvValue>;

function reportQuery(sql: Sql, { tab, period }: AdminExportQuery) {
  const since = sql`now() - ${ADMIN_PERIODS[period]} * interval '1 day'`;
  switch (tab) {
    case 'users':
      return sql<Row[]>`
        select u.id, u.name, u.email, u.is_premium, u.created_at, u.suspended_at, u.suspension_reason,
               (select count(*)::int from bids b where b.user_id = u.id) as bids
        from users u where u.created_at > ${since} order by u.id`;
    case 'revenue':
      return sql<Row[]>`
        select e.id as transaction_id, e.auction_id, e.status, e.amount, e.fees ->> 'paymentProcessingFee' as buyers_premium,
               e.fees ->> 'sellersCommission' as sellers_commission, e.fees ->> 'buyerFee' as buyer_escrow_fee,
               e.fees ->> 'sellerFee' as seller_escrow_fee, e.created_at
        from escrow_transactions e where e.created_at > ${since} order by e.id`;
    default:
      return sql<Row[]>`
        select a.id, c.year, c.make, c.model, c.vin, a.status, a.auction_type, a.starting_bid, a.current_bid, a.buy_it_now_price,
               a.bid_count, a.winning_amount, a.location, a.start_time, a.end_time, a.closed_at, a.created_at
        from auctions a join cars c on c.id = a.car_id where a.created_at > ${since} order by a.id`;
  }
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export async function* reportLines(sql: Sql, query: AdminExportQuery): AsyncGenerator<string> {
  if (query.tab === 'overview') {
    const o = await adminOverview(sql, query.period);
    yield csvRow(['figure', 'value']);
    for (const [key, value] of Object.entries(o)) {
      if (typeof value !== 'object' || value === null) yield csvRow([snake(key), value]);
    }
    for (const e of o.escrowVolume) yield csvRow([`escrow_${e.status}`, `${e.count} / ${e.amount}`]);
    return;
  }
  let header = true;
  for await (const batch of reportQuery(sql, query).cursor(BATCH)) {
    for (const row of batch) {
      if (header) {
        yield csvRow(Object.keys(row).map(snake));
        header = false;
      }
      yield csvRow(Object.values(row));
    }
  }
  if (header) yield csvRow(['no rows in this period']);
}

export function adminReportStream(sql: Sql, query: AdminExportQuery): Readable {
  // Readable.from pulls the next line only when the socket takes the last one: the cursor waits on a slow reader.
  return Readable.from(reportLines(sql, query), { objectMode: false, highWaterMark: 64 * 1024 });
}
