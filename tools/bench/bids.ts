// Bids on one hot auction: the full HTTP path next to the bare hot-row UPDATE of the same Postgres, in the same run;
// optionally the same load with half the bidders sending a maximum, between two plain runs.
import { bidThroughput } from './bid-throughput.js';
import { hotRowUpdatesPerSecond } from './hot-row.js';
import { createBenchAuction } from './setup.js';
import type { BenchProduct } from './product.js';
import type { Row } from './report.js';
import { CpuSampler, type Group } from './proc-cpu.js';

export const BID_CONCURRENCY = 32;

const total = (cpu: Map<Group, number>) => [...cpu.values()].reduce((a, b) => a + b, 0);
/** "api 0.61 ms, ..." for the groups that used any CPU, busiest first, and their sum. */
function cpuPer(cpu: Map<Group, number>, operations: number): string {
  const per = [...cpu].filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1]);
  const ms = (s: number) => `${((s * 1000) / Math.max(1, operations)).toFixed(2)} ms`;
  return `${per.map(([g, s]) => `${g} ${ms(s)}`).join(', ')}; all ${ms(total(cpu))}`;
}

export async function hotAuctionBids(
  p: BenchProduct,
  seconds: number,
  opts: { withMaximums: boolean },
): Promise<Row[]> {
  const bidders = p.bidders.slice(0, BID_CONCURRENCY);
  const run = async (maxAboveBid?: number, forSeconds = seconds) =>
    bidThroughput({
      sql: p.db.sql,
      baseUrl: p.baseUrl,
      origin: p.origin,
      auctionId: await createBenchAuction(p.db.sql),
      bidders,
      seconds: forSeconds,
      maxAboveBid,
    });
  // Two seconds of the same load first, not counted: a fresh process's first bids pay for compiling its code.
  await run(undefined, 2);
  // CPU per operation by process, read from /proc over each measurement: where a shortfall against the bare statement
  // comes from when the cores are the limit.
  const sampler = new CpuSampler(
    () => [
      ['api', p.api.pid!],
      ['realtime', p.realtime.pid!],
      ['load generator', process.pid],
    ],
    new URL(p.db.url).pathname.slice(1),
  );
  sampler.start();
  const bare = await hotRowUpdatesPerSecond(p.db.sql, BID_CONCURRENCY, seconds);
  const bareCpu = sampler.stop();
  sampler.start();
  const bids = await run();
  const bidsCpu = sampler.stop();
  const rows: Row[] = [
    {
      what: `accepted bids/s, one hot auction, ${BID_CONCURRENCY} concurrent bidders, full HTTP path (target >= 1.2x)`,
      product: `${bids.acceptedPerSecond.toFixed(0)}/s (refused ${bids.refusedPerSecond.toFixed(0)}/s, p50 ${bids.p50Ms} ms, p99 ${bids.p99Ms} ms, ${bids.errors} errors)`,
      limit: `${bare.toFixed(0)} bare hot-row UPDATE ... RETURNING/s at ${BID_CONCURRENCY} clients`,
      ratio: `${(bids.acceptedPerSecond / bare).toFixed(2)}x`,
    },
    {
      what: 'CPU per accepted bid / per bare UPDATE, by process, same measurements (from /proc)',
      product: cpuPer(bidsCpu, bids.acceptedPerSecond * seconds),
      limit: cpuPer(bareCpu, bare * seconds),
      ratio: `${(total(bidsCpu) / (bids.acceptedPerSecond * seconds) / (total(bareCpu) / (bare * seconds))).toFixed(1)}x the CPU`,
    },
  ];
  if (!opts.withMaximums) return rows;
  // Same run, same bidders, a fresh hot auction: half of them bid with a maximum $5,000 above their bid; then the plain
  // load once more, so the variant stands between two plain runs.
  const proxied = await run(5000);
  const plainAgain = await run();
  // Maximums answer bids and so turn more of the crowd's bids away: the comparable rate is requests decided.
  const decided = (r: { acceptedPerSecond: number; refusedPerSecond: number }) =>
    r.acceptedPerSecond + r.refusedPerSecond;
  rows.push({
    what: 'bid requests decided/s (accepted + refused), same hot auction load, half the bidders with a maximum',
    product: `${decided(proxied).toFixed(0)}/s (accepted ${proxied.acceptedPerSecond.toFixed(0)}/s, stored bids incl. automatic ${proxied.storedPerSecond.toFixed(0)}/s, p50 ${proxied.p50Ms} ms, p99 ${proxied.p99Ms} ms)`,
    limit: `${decided(bids).toFixed(0)}/s before and ${decided(plainAgain).toFixed(0)}/s after it without maximums (p50 ${plainAgain.p50Ms} ms, p99 ${plainAgain.p99Ms} ms)`,
    ratio: `${(decided(proxied) / decided(bids)).toFixed(2)}x / ${(decided(proxied) / decided(plainAgain)).toFixed(2)}x`,
  });
  return rows;
}
