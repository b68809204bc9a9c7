// Accepted bids per second on one hot auction through the whole HTTP path: session, validation, transaction, outbox, publish.
import autocannon from 'autocannon';
import type { Sql } from './setup.js';

export async function bidThroughput(opts: {
  sql: Sql;
  baseUrl: string;
  origin: string;
  auctionId: number;
  bidders: { cookie: string }[];
  seconds: number;
  /** Every second bidder also sends a private maximum this far above their bid, so maximums answer the others. */
  maxAboveBid?: number;
}): Promise<{
  acceptedPerSecond: number;
  storedPerSecond: number;
  refusedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}> {
  let nextAmount = 1000;
  let connection = 0;
  let accepted = 0;
  let refused = 0;
  const result = await autocannon({
    url: opts.baseUrl,
    connections: opts.bidders.length,
    duration: opts.seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/bids',
        setupRequest: (req: autocannon.Request, ctx: object) => {
          const context = ctx as { cookie?: string };
          const context2 = ctx as { cookie?: string; withMax?: boolean };
          if (context.cookie === undefined) {
            context2.withMax = opts.maxAboveBid !== undefined && connection % 2 === 1;
            context.cookie = opts.bidders[connection++ % opts.bidders.length]!.cookie;
          }
          // Each bidder raises by the minimum step over the last amount handed out, as a live crowd would.
          const amount = nextAmount;
          nextAmount += 1000;
          return {
            ...req,
            headers: { 'content-type': 'application/json', origin: opts.origin, cookie: context.cookie },
            body: JSON.stringify({
              auctionId: opts.auctionId,
              amount,
              ...(context2.withMax ? { maxAmount: amount + opts.maxAboveBid! } : {}),
            }),
          };
        },
        onResponse: (status: number) => {
          if (status === 201) accepted += 1;
          else if (status === 409) refused += 1;
        },
      },
    ],
  });
  const [{ count }] = (await opts.sql<{ count: number }[]>`
    select count(*)::int from bids where auction_id = ${opts.auctionId}`) as unknown as [{ count: number }];
  // Answers still in flight when the clock stops are not counted by the load generator; the database is the truth.
  // With maximums the stored bids include their automatic answers, so only the answered requests are comparable.
  if (opts.maxAboveBid === undefined && (count < accepted || count - accepted > opts.bidders.length)) {
    throw new Error(`bench bookkeeping: ${accepted} answers said accepted but ${count} bids are stored`);
  }
  return {
    acceptedPerSecond: (opts.maxAboveBid === undefined ? count : accepted) / opts.seconds,
    storedPerSecond: count / opts.seconds,
    refusedPerSecond: refused / opts.seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx - refused,
  };
}
