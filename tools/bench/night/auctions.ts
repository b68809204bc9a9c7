// The night's auctions: three hot ones, others that take the spread bids, and others that close during the run.
import { Redis } from 'ioredis';
import { appendEvents, publishCommitted, redisStreamWriter } from '@app/infra';
import { REDIS_URL, createBenchAuction, type Sql } from '../setup.js';

export interface NightAuctions {
  hot: number[];
  /** Take the bids not on the hot three. */
  warm: number[];
  /** Take no bids (a bid in the last two minutes would move the end); their end is moved into the run. */
  closing: number[];
}

export async function createNightAuctions(
  sql: Sql,
  counts: { hot: number; warm: number; closing: number },
  bidderId: number,
): Promise<NightAuctions> {
  const make = async (n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) ids.push(await createBenchAuction(sql));
    return ids;
  };
  const a = { hot: await make(counts.hot), warm: await make(counts.warm), closing: await make(counts.closing) };
  // A third of the closing auctions have a winning bid, so their close also opens an escrow.
  const sold = a.closing.filter((_, i) => i % 3 === 0);
  await sql`insert into bids (auction_id, user_id, amount) select id, ${bidderId}, 5000 from unnest(${sold}::int[]) as id`;
  await sql`update auctions set current_bid = 5000, bid_count = 1 where id = any(${sold}::int[])`;
  return a;
}

/**
 * Moves each closing auction's end to `offsetsMs[i]` from now and says so with `auction.extended`, the event the
 * product sends when an end moves (soft close): the workers schedule the close from it, and the rooms hear it.
 */
export async function moveEnds(
  sql: Sql,
  redisPrefix: string,
  auctionIds: number[],
  offsetsMs: number[],
): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    const write = redisStreamWriter(redis, redisPrefix);
    for (const [i, auctionId] of auctionIds.entries()) {
      const committed = await sql.begin(async (tx) => {
        const [row] = await tx<{ endTime: Date; at: Date }[]>`
          update auctions set end_time = now() + ${offsetsMs[i]!} * interval '1 millisecond' where id = ${auctionId}
          returning end_time, now() as at`;
        return appendEvents(tx, [
          { type: 'auction.extended', auctionId, at: row!.at.toISOString(), endTime: row!.endTime.toISOString() },
        ]);
      });
      await publishCommitted(sql, write, committed);
    }
  } finally {
    redis.disconnect();
  }
}
