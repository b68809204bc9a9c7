// `npm run bench -- quick` (under 2 minutes): each headline figure once, next to its raw limit from the same run.
// Run it before merging anything that touches the bid path, the event path, the gateway or the chat poll.
import { hotAuctionBids } from './bids.js';
import { chatPollComparison } from './chat-poll.js';
import { closeLateness, closingRow } from './close-lateness.js';
import { fanoutComparison, fanoutRows, startBareServer } from './fanout-latency.js';
import { startBenchProduct } from './product.js';
import { startOtlpSink } from './otlp-sink.js';
import { printTable, type Row } from './report.js';

/**
 * `tracing`: run the product with OpenTelemetry on, every trace sampled and exported over OTLP/HTTP to a local sink
 * (BENCH_TRACING=on; BENCH_TRACING=compare runs the quick check off, then on).
 */
export async function runQuick(seconds: number, tracing = false): Promise<void> {
  const sink = tracing ? await startOtlpSink() : null;
  const p = await startBenchProduct({ bidders: 34, ...(sink ? { otlpEndpoint: sink.url } : {}) });
  const bare = await startBareServer();
  const rows: Row[] = [];
  try {
    rows.push(...(await hotAuctionBids(p, seconds, { withMaximums: false })));
    const fan = await fanoutComparison(p, bare.url, {
      sockets: 1000,
      events: 50,
      intervalMs: 100,
      receiverProcesses: 3,
      firstAmount: 1000,
    });
    rows.push(...fanoutRows(fan));
    // 8 s: every poller asks four times, about 2,000 answers for each percentile.
    rows.push(await chatPollComparison(p, p.bidders[32]!.cookie, 500, 8));
    const closing = await closeLateness({
      sql: p.db.sql,
      env: p.env,
      auctions: 100,
      bidderId: p.bidders[33]!.id,
      leadMs: 6000,
      spreadMs: 5000,
    });
    rows.push(closingRow(closing, 100, 5000));
  } finally {
    bare.child.kill();
    await p.stop();
    await sink?.close();
  }
  const traced = sink
    ? `, tracing on (${sink.received.requests} OTLP exports, ${(sink.received.bytes / 1e6).toFixed(1)} MB of spans)`
    : ', tracing off';
  printTable(`Quick check, ${seconds} s per rate${traced}`, rows);
}
