// The full bench (`npm run bench`) and its bids-only part (`npm run bench -- bids`).
import { hotAuctionBids } from './bids.js';
import { chatPollComparison } from './chat-poll.js';
import { closeLateness, closingRow } from './close-lateness.js';
import { fanoutComparison, fanoutRows, startBareServer } from './fanout-latency.js';
import { idleCapacity, idleCapacityRows } from './idle-capacity.js';
import { forumSearchBench, forumSearchReport } from './forum-search.js';
import { startBenchProduct } from './product.js';
import { printTable, type Row } from './report.js';
import { valuationBench, valuationReport } from './valuation.js';

/** Source addresses for the idle sockets, so their connections do not all share one address's ephemeral ports. */
const IDLE_SOURCES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];

export async function runFull(mode: 'bids' | 'full', seconds: number): Promise<void> {
  const p = await startBenchProduct({ bidders: 34 });
  const rows: Row[] = [];
  const extra: string[] = [];
  try {
    rows.push(...(await hotAuctionBids(p, seconds, { withMaximums: true })));
    if (mode === 'full') {
      const bare = await startBareServer();
      try {
        for (const sockets of [100, 1000, 5000]) {
          const fan = await fanoutComparison(p, bare.url, {
            sockets,
            events: 100,
            intervalMs: sockets > 1000 ? 200 : 100,
            receiverProcesses: 4,
            firstAmount: 1000,
          });
          rows.push(...fanoutRows(fan));
        }
      } finally {
        bare.child.kill();
      }
      // 18,000 idle and 1,000 in the room: this machine lets a process hold 20,000 open files (ulimit -Hn).
      rows.push(
        ...idleCapacityRows(
          await idleCapacity({ idle: 18_000, roomSockets: 1000, events: 50, sources: IDLE_SOURCES }),
          1000,
        ),
      );
      rows.push(await chatPollComparison(p, p.bidders[32]!.cookie, 500, 2 * seconds));
      const closing = await closeLateness({
        sql: p.db.sql,
        env: p.env,
        auctions: 500,
        bidderId: p.bidders[33]!.id,
        leadMs: 12_000,
        spreadMs: 10_000,
      });
      rows.push(closingRow(closing, 500, 10_000));
      const forum = await forumSearchBench({
        sql: p.db.sql,
        baseUrl: p.baseUrl,
        posts: 50_000,
        perSecond: 50,
        seconds,
      });
      extra.push(forumSearchReport(forum));
      extra.push(...valuationReport(await valuationBench()));
    }
  } finally {
    await p.stop();
  }
  printTable(mode === 'bids' ? `Bid rates, ${seconds} s per rate` : `Results, ${seconds} s per rate`, rows);
  for (const line of extra) console.log(line);
}
