// Auctions ending within a few seconds of each other, closed by the real workers process (started just before, it
// schedules a delayed close job per auction): how late is each close? Beside it, in the same seconds, BullMQ alone runs
// no-op delayed jobs due at the same moments (bare-delayed-jobs.ts): the raw limit of a scheduled close.
import { bareDelayedJobLateness } from './bare-delayed-jobs.js';
import { REDIS_URL, freePort, startProcess, stopProcess, type Sql } from './setup.js';
import { fmt, fromSamples, type Summary } from './sockets/latency-histogram.js';
import { signedMs, type Row } from './report.js';

export interface ClosingResult {
  closed: number;
  open: number;
  sold: number;
  lateness: Summary;
  bare: Summary;
  bareRan: number;
}

/** `auctions` ending `leadMs` from now, spread over `spreadMs` in steps of 100 ms; a third of them with a winning bid. */
export async function closeLateness(opts: {
  sql: Sql;
  env: Record<string, string>;
  auctions: number;
  bidderId: number;
  leadMs: number;
  spreadMs: number;
}): Promise<ClosingResult> {
  const { sql } = opts;
  const steps = Math.max(1, Math.floor(opts.spreadMs / 100));
  const location = `Bench close ${Date.now()}`;
  const rows = await sql<{ id: number; endsInMs: number }[]>`
    with cars_in as (
      insert into cars (vin, year, make, model, mileage, condition)
      select 'LAT' || lpad((${Date.now() % 1e9} + g)::text, 14, '0'), 2021, 'Ford', 'Mustang', 1000, 'Good' from generate_series(1, ${opts.auctions}) g
      returning id
    ), numbered as (select id, row_number() over (order by id) as n from cars_in)
    insert into auctions (car_id, starting_bid, current_bid, bid_count, start_time, end_time, location)
    select id, 1000, case when n % 3 = 0 then 5000 else 0 end, case when n % 3 = 0 then 1 else 0 end,
           now() - interval '1 hour', now() + ${opts.leadMs} * interval '1 millisecond' + (n % ${steps}) * interval '100 milliseconds', ${location}
    from numbered
    returning id, extract(epoch from end_time - now()) * 1000 as ends_in_ms`;
  const dueAt = rows.map((r) => Date.now() + Number(r.endsInMs));
  await sql`
    insert into bids (auction_id, user_id, amount)
    select id, ${opts.bidderId}, 5000 from auctions where location = ${location} and bid_count = 1`;

  // Its own status port, so a product running beside the bench (default 3002) is no obstacle.
  const workersPort = String(await freePort());
  const workers = await startProcess(
    'workers',
    { ...opts.env, WORKERS_PORT: workersPort },
    `http://127.0.0.1:${workersPort}/healthz`,
  );
  try {
    const bare = bareDelayedJobLateness(REDIS_URL, opts.env.REDIS_PREFIX!, dueAt);
    const deadline = Date.now() + opts.leadMs + opts.spreadMs + 60_000;
    for (;;) {
      const [{ open }] = (await sql<{ open: number }[]>`
        select count(*)::int as open from auctions where location = ${location} and status = 'active'`) as unknown as [
        { open: number },
      ];
      if (open === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const closedRows = await sql<{ lateMs: number; status: string }[]>`
      select extract(epoch from closed_at - end_time) * 1000 as late_ms, status from auctions where location = ${location}`;
    const late = closedRows.filter((r) => r.status !== 'active').map((r) => Number(r.lateMs));
    const bareLate = await bare;
    return {
      closed: late.length,
      open: closedRows.length - late.length,
      sold: closedRows.filter((r) => r.status === 'sold').length,
      lateness: fromSamples(late),
      bare: fromSamples(bareLate),
      bareRan: bareLate.length,
    };
  } finally {
    await stopProcess(workers);
  }
}

export function closingRow(r: ClosingResult, auctions: number, spreadMs: number): Row {
  return {
    what: `close lateness (closed_at - end_time): ${auctions} auctions ending within ${spreadMs / 1000} s, a third sold with escrow (target p99 < 1 s)`,
    product: `${r.closed} closed (${r.sold} sold), ${r.open} left open; ${fmt(r.lateness)}`,
    limit: `BullMQ alone, no-op jobs due at the same moments: ${fmt(r.bare)} (${r.bareRan} ran)`,
    ratio: `p99 ${signedMs(r.lateness.p99 - r.bare.p99)}`,
  };
}
