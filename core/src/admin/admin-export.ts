// Export Report: the selected tab and period as CSV, streamed line by line. Tables of any size (auctions, users,
// revenue, the settings' change log) come from a database cursor, so a report holds only one batch of rows in memory
// and the first bytes leave before the last row is read; the overview and security figures are a page's worth.
import { Readable } from 'node:stream';
import type { Sql } from 'postgres';
import type { Redis } from 'ioredis';
import { readSettings } from '../settings/read-settings.js';
import { ADMIN_PERIODS, type AdminExportQuery, type AdminExportTab, type AdminPeriod } from '@app/shared';
import { adminOverview } from './admin-overview.js';
import { csvRow, type CsvValue } from './csv-row.js';
import { adminSecurity } from './admin-security.js';
import { listForumReports } from '../forum/index.js';

const BATCH = 500;

type Row = Record<string, CsvValue>;
export interface ExportDeps {
  sql: Sql;
  redis: Redis;
  prefix: string;
}

const since = (sql: Sql, period: AdminPeriod) => sql`now() - ${ADMIN_PERIODS[period]} * interval '1 day'`;

/** The tabs that are a table: one query, read through a cursor. */
function tableQuery(sql: Sql, tab: 'auctions' | 'users' | 'revenue', period: AdminPeriod) {
  const from = since(sql, period);
  switch (tab) {
    case 'users':
      // Every member, as the users tab lists them, with what they did in the period.
      return sql<Row[]>`
        select u.id, u.name, u.email, u.is_premium, u.created_at, u.suspended_at, u.suspension_reason,
               (select count(*)::int from bids b where b.user_id = u.id) as bids,
               (select count(*)::int from bids b where b.user_id = u.id and b.timestamp > ${from}) as bids_in_period
        from users u order by u.id desc`;
    case 'revenue':
      return sql<Row[]>`
        select e.id as transaction_id, e.auction_id, e.status, e.amount, e.fees ->> 'paymentProcessingFee' as buyers_premium,
               e.fees ->> 'sellersCommission' as sellers_commission, e.fees ->> 'buyerFee' as buyer_escrow_fee,
               e.fees ->> 'sellerFee' as seller_escrow_fee, e.created_at
        from escrow_transactions e where e.created_at > ${from} order by e.id`;
    case 'auctions':
      return sql<Row[]>`
        select a.id, c.year, c.make, c.model, c.vin, a.status, a.auction_type, a.starting_bid, a.current_bid, a.buy_it_now_price,
               a.bid_count, a.winning_amount, a.location, a.start_time, a.end_time, a.closed_at, a.created_at
        from auctions a join cars c on c.id = a.car_id where a.created_at > ${from} order by a.id`;
  }
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

async function* table(rows: AsyncIterable<Row[]>): AsyncGenerator<string> {
  let header = true;
  for await (const batch of rows) {
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

async function* overview(sql: Sql, period: AdminPeriod): AsyncGenerator<string> {
  const o = await adminOverview(sql, period);
  yield csvRow(['figure', 'value']);
  for (const [key, value] of Object.entries(o)) {
    if (typeof value !== 'object' || value === null) yield csvRow([snake(key), value]);
  }
  for (const [key, value] of Object.entries(o.feesByType)) yield csvRow([`fees_${snake(key)}`, value]);
  for (const e of o.escrowVolume) yield csvRow([`escrow_${e.status}`, `${e.count} / ${e.amount}`]);
}

/** The security tab's lists, one section per row: failed sign-ins, throttled requests, flagged members, forum reports. */
async function* security(deps: ExportDeps, period: AdminPeriod): AsyncGenerator<string> {
  const [s, reports] = await Promise.all([adminSecurity(deps, period), listForumReports(deps.sql)]);
  const from = Date.now() - ADMIN_PERIODS[period] * 86_400_000;
  yield csvRow(['section', 'subject', 'count', 'detail']);
  for (const a of s.failedSignInsByAccount) yield csvRow(['failed_sign_ins_by_account', a.email, a.failures, null]);
  for (const a of s.failedSignInsByAddress) yield csvRow(['failed_sign_ins_by_address', a.ip, a.failures, null]);
  yield csvRow(['throttled_requests', 'total', s.throttled.total, null]);
  for (const r of s.throttled.byRoute) yield csvRow(['throttled_by_route', r.route, r.count, null]);
  for (const r of s.throttled.byAddress) yield csvRow(['throttled_by_address', r.ip, r.count, null]);
  for (const r of s.throttled.byAccount) yield csvRow(['throttled_by_account', r.account, r.count, null]);
  for (const f of s.flaggedUsers) yield csvRow(['flagged_user', f.email, f.reasons.length, f.reasons.join('; ')]);
  for (const r of reports.filter((x) => Date.parse(x.createdAt) > from)) {
    yield csvRow([
      'forum_report',
      `${r.postTitle}${r.replyId === null ? '' : ` (reply ${r.replyId})`}`,
      1,
      `${r.reason} · by ${r.reporter.name}${r.hidden ? ' · hidden' : ''}`,
    ]);
  }
}

/** The settings in force, then every change made in the period (who, what from and to, when). */
async function* settings(sql: Sql, period: AdminPeriod): AsyncGenerator<string> {
  const current = await readSettings(sql);
  yield csvRow(['section', 'key', 'value', 'admin', 'at']);
  for (const [key, value] of Object.entries(current)) yield csvRow(['setting', key, JSON.stringify(value), null, null]);
  const changes = sql<
    { action: string; subject: string; details: unknown; adminName: string | null; createdAt: Date }[]
  >`
    select l.action, l.subject, l.details, a.name as admin_name, l.created_at
    from admin_audit_log l left join admin_users a on a.id = l.admin_id
    where l.created_at > ${since(sql, period)} order by l.id desc`;
  for await (const batch of changes.cursor(BATCH)) {
    for (const c of batch) yield csvRow([c.action, c.subject, JSON.stringify(c.details), c.adminName, c.createdAt]);
  }
}

export function reportLines(deps: ExportDeps, { tab, period }: AdminExportQuery): AsyncGenerator<string> {
  const byTab: Record<AdminExportTab, () => AsyncGenerator<string>> = {
    overview: () => overview(deps.sql, period),
    auctions: () => table(tableQuery(deps.sql, 'auctions', period).cursor(BATCH)),
    users: () => table(tableQuery(deps.sql, 'users', period).cursor(BATCH)),
    revenue: () => table(tableQuery(deps.sql, 'revenue', period).cursor(BATCH)),
    security: () => security(deps, period),
    settings: () => settings(deps.sql, period),
  };
  return byTab[tab]();
}

export function adminReportStream(deps: ExportDeps, query: AdminExportQuery): Readable {
  // Readable.from pulls the next line only when the socket takes the last one: the cursor waits on a slow reader.
  return Readable.from(reportLines(deps, query), { objectMode: false, highWaterMark: 64 * 1024 });
}
