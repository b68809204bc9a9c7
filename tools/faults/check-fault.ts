// One fault under the steady load, and every check the suite makes after it: every acknowledged bid is stored, the
// auction's price is the highest accepted bid, every socket's state equals the database, no socket got an event twice
// or out of order, auctions that fell due during the fault are closed exactly once within 5 s of its end, no request
// hung over 5 s, and every process is back without a manual step.
import { createBenchAuction } from '../bench/setup.js';
import type { Scenario } from './scenario.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Fault {
  name: string;
  /**
   * Injects the fault and resolves when it is over. A failover resolves once the manager has promoted the standby,
   * with the moment of the kill in `since`: the first accepted bid is timed from the kill, and must come within 15 s.
   */
  inject(): Promise<void | { since: number; note: string }>;
  /** After the checks: the killed server is started again, as its supervisor would, so the next fault finds a pair. */
  after?(): Promise<void>;
}

export const FAULT_TABLE_HEADER = [
  '| fault | all processes healthy after (ms) | first accepted bid after (ms) | due auctions closed after (ms, worst) | bids acknowledged | lost | delivered twice | out of order | processes restarted | result |',
  '|---|---|---|---|---|---|---|---|---|---|',
];

/** Runs one fault and its checks; returns its table row and whether every check passed. */
export async function checkFault(s: Scenario, fault: Fault): Promise<{ row: string; ok: boolean }> {
  const { sql, bidding, watchers, product, bidders, hot } = s;
  console.log(`\n> ${fault.name}`);
  const ackedBefore = bidding.rec.acked.length;
  const slowBefore = bidding.rec.slowOver5s;
  const dupBefore = watchers.reduce((n, w) => n + w.duplicates, 0);
  const oooBefore = watchers.reduce((n, w) => n + w.outOfOrder, 0);
  const restartsBefore = Object.values(product.restarts()).reduce((a, b) => a + b, 0);
  // Auctions that fall due while the fault is on.
  const closing: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const id = await createBenchAuction(sql, 1500);
    await sql`insert into bids (auction_id, user_id, amount) values (${id}, ${bidders[i]!.id}, 2000)`;
    await sql`update auctions set current_bid = 2000, bid_count = 1 where id = ${id}`;
    closing.push(id);
  }
  const problems: string[] = [];
  let since: number | undefined;
  let note = '';
  try {
    const r = await fault.inject();
    if (r) ({ since, note } = r);
  } catch (err) {
    problems.push(err instanceof Error ? err.message : String(err));
  }
  const faultEnd = Date.now();
  let healthyMs = -1;
  try {
    healthyMs = await product.waitHealthy(30_000);
  } catch (err) {
    problems.push(err instanceof Error ? err.message : String(err));
  }
  // After a kill, the first bid sent after it and accepted: one in flight at the kill may have committed before it.
  const from = since ?? faultEnd;
  const firstAck = () =>
    bidding.rec.acked.slice(ackedBefore).find((a) => (since ? a.sentAt >= since : a.at >= from))?.at;
  while (firstAck() === undefined && Date.now() - from < 15_000) await sleep(50);
  const ackAt = firstAck();
  const bidsBackMs = ackAt !== undefined && ackAt - from <= 15_000 ? ackAt - from : -1;
  if (bidsBackMs < 0) problems.push(`no bid accepted within 15 s of the ${since ? 'kill' : "fault's end"}`);

  // Closing: each fell-due auction closed once, within 5 s of the fault's end (or of its own end, if later).
  const closeDeadline = faultEnd + 5000;
  let open = closing.length;
  while (open > 0 && Date.now() < closeDeadline + 500) {
    // The suite's own connection may be one the fault just closed (a Postgres restart): polled again, not fatal.
    open = await sql<{ open: number }[]>`
      select count(*)::int as open from auctions where id = any(${closing}) and status = 'active'`
      .then((rows) => rows[0]!.open)
      .catch(() => open);
    if (open > 0) await sleep(100);
  }
  const closes = await sql<
    { id: number; closedAt: Date | null; endTime: Date; escrows: number; closedEvents: number }[]
  >`
    select a.id, a.closed_at, a.end_time,
           (select count(*)::int from escrow_transactions e where e.auction_id = a.id) as escrows,
           (select count(*)::int from outbox o where o.stream = 'auction:' || a.id and o.type = 'auction.closed') as closed_events
    from auctions a where a.id = any(${closing})`;
  let closeLateMs = 0;
  for (const c of closes) {
    if (!c.closedAt) {
      problems.push(`auction ${c.id} still open 5 s after the fault`);
      continue;
    }
    // Due during the fault, or after it if the fault was shorter than the wait for the end.
    const late = c.closedAt.getTime() - Math.max(faultEnd, c.endTime.getTime());
    closeLateMs = Math.max(closeLateMs, late);
    if (late > 5000) problems.push(`auction ${c.id} closed ${late} ms after it could be`);
    if (c.escrows !== 1 || c.closedEvents !== 1)
      problems.push(`auction ${c.id} closed ${c.closedEvents} times with ${c.escrows} escrows`);
  }

  // Quiet for a moment, then compare everything with the database.
  bidding.pause();
  await sleep(3000);
  const acked = bidding.rec.acked;
  const ids = acked.map((a) => a.id);
  const stored = (await sql<{ stored: number }[]>`select count(*)::int as stored from bids where id = any(${ids})`)[0]!
    .stored;
  const lost = new Set(ids).size - stored;
  if (lost > 0) problems.push(`${lost} acknowledged bids not stored`);
  const prices = await sql<{ id: number; currentBid: string; bidCount: number; top: string | null }[]>`
    select a.id, a.current_bid, a.bid_count, (select max(amount) from bids b where b.auction_id = a.id) as top from auctions a where a.id = any(${hot})`;
  for (const p of prices)
    if (p.top !== null && Number(p.currentBid) !== Number(p.top))
      problems.push(`auction ${p.id}: current_bid ${p.currentBid} but top bid ${p.top}`);
  const price = new Map(prices.map((p) => [p.id, Number(p.currentBid)]));
  const counts = new Map(prices.map((p) => [p.id, p.bidCount]));
  const wrong = watchers.filter(
    (w) => Number(w.currentBid) !== price.get(w.auctionId) || w.bidCount !== counts.get(w.auctionId),
  ).length;
  if (wrong > 0) {
    problems.push(`${wrong} sockets show a price or bid count that is not the database's`);
    // What the first of them holds, to tell a missed event from a dead connection.
    const w = watchers.find(
      (x) => Number(x.currentBid) !== price.get(x.auctionId) || x.bidCount !== counts.get(x.auctionId),
    )!;
    const [seq] = await sql<
      { seq: string }[]
    >`select seq from event_streams where stream = ${`auction:${w.auctionId}`}`;
    console.log(
      `  a wrong socket: ${w.url}, connected ${w.socket.connected}, joins ${w.joins}, seq ${w.seq} (database ${seq?.seq}), bid ${w.currentBid} x${w.bidCount} (database ${price.get(w.auctionId)} x${counts.get(w.auctionId)})`,
    );
  }
  const dup = watchers.reduce((n, w) => n + w.duplicates, 0) - dupBefore;
  const ooo = watchers.reduce((n, w) => n + w.outOfOrder, 0) - oooBefore;
  if (dup > 0) problems.push(`${dup} events delivered twice to one socket`);
  if (ooo > 0) problems.push(`${ooo} events delivered out of order`);
  const hung = bidding.rec.slowOver5s - slowBefore;
  if (hung > 0) problems.push(`${hung} requests took longer than 5 s`);
  const restarts = Object.values(product.restarts()).reduce((a, b) => a + b, 0) - restartsBefore;
  if (fault.after) {
    try {
      await fault.after();
    } catch (err) {
      problems.push(`after the checks: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  bidding.resume();

  const ok = problems.length === 0;
  const result = ok ? `pass${note ? ` (${note})` : ''}` : problems.join('; ');
  console.log(ok ? `  ${result}` : `  FAIL: ${result}`);
  return {
    ok,
    row: `| ${fault.name} | ${healthyMs} | ${bidsBackMs} | ${closeLateMs} | ${acked.length - ackedBefore} | ${lost} | ${dup} | ${ooo} | ${restarts} | ${result} |`,
  };
}
