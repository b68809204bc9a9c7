// 500 auctions ending within the same 10 seconds, closed by the real workers process: how late is each close?
import { percentile, startProcess, stopProcess, type Sql } from './setup.js';

export async function closeLateness(opts: { sql: Sql; env: Record<string, string>; auctions: number; bidderId: number }) {
  const { sql } = opts;
  const [{ first }] = (await sql<{ first: number }[]>`
    with cars_in as (
      insert into cars (vin, year, make, model, mileage, condition)
      select 'LAT' || lpad(g::text, 14, '0'), 2021, 'Ford', 'Mustang', 1000, 'Good' from generate_series(1, ${opts.auctions}) g
      returning id
    ), numbered as (select id, row_number() over (order by id) as n from cars_in)
    insert into auctions (car_id, starting_bid, current_bid, bid_count, start_time, end_time, location)
    select id, 1000, case when n % 3 = 0 then 5000 else 0 end, case when n % 3 = 0 then 1 else 0 end,
           now() - interval '1 hour', now() + interval '12 seconds' + (n % 100) * interval '100 milliseconds', 'Bench'
    from numbered
    returning id`) as unknown as [{ first: number }];
  void first;
  await sql`
    insert into bids (auction_id, user_id, amount)
    select id, ${opts.bidderId}, 5000 from auctions where location = 'Bench' and bid_count = 1`;

  // Its own status port, so a product running beside the bench (default 3002) is no obstacle.
  const workersPort = String(3800 + Math.floor(Math.random() * 100));
  const workers = await startProcess('workers', { ...opts.env, WORKERS_PORT: workersPort }, `http://127.0.0.1:${workersPort}/healthz`);
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [{ open }] = (await sql<{ open: number }[]>`
        select count(*)::int as open from auctions where location = 'Bench' and status = 'active'`) as unknown as [{ open: number }];
      if (open === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const rows = await sql<{ lateMs: number; status: string }[]>`
      select extract(epoch from closed_at - end_time) * 1000 as late_ms, status from auctions where location = 'Bench'`;
    const late = rows.filter((r) => r.status !== 'active').map((r) => Number(r.lateMs)).sort((a, b) => a - b);
    return {
      closed: late.length,
      open: rows.length - late.length,
      sold: rows.filter((r) => r.status === 'sold').length,
      p50Ms: percentile(late, 50),
      p99Ms: percentile(late, 99),
      maxMs: late.at(-1) ?? NaN,
    };
  } finally {
    await stopProcess(workers);
  }
}
