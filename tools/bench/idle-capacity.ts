// Idle capacity of one gateway process, run with a 1 GiB heap as a deployment would size it: a room of 1,000 sockets
// receives bids before and while thousands of idle sockets (connected, in no auction room, answering pings) are held
// by the same process, their connections spread over several 127.0.0.x source addresses. The gateway's heap and RSS
// before and after give the memory a socket costs, and so how many fit under the 1 GiB heap.
import { readFileSync } from 'node:fs';
import { bidder } from './fanout-latency.js';
import { roomFinals, startBenchProduct, type BenchProduct } from './product.js';
import { createBenchAuction } from './setup.js';
import { Receivers } from './sockets/receivers.js';
import { fmt, type Summary } from './sockets/latency-histogram.js';
import { signedMs, type Row } from './report.js';

const HEAP_LIMIT_MIB = 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Memory {
  heapUsedMiB: number;
  rssMiB: number;
}

async function gatewayMemory(p: BenchProduct): Promise<Memory> {
  // The lowest of a few readings a second apart: a reading taken just before a collection counts garbage.
  let best: Memory = { heapUsedMiB: Infinity, rssMiB: Infinity };
  for (let i = 0; i < 5; i += 1) {
    const text = await (
      await fetch(`${p.realtimeUrl}/metrics`, { headers: { authorization: `Bearer ${p.env.METRICS_TOKEN}` } })
    ).text();
    const heap = Number(/^nodejs_heap_size_used_bytes\{[^}]*\} (\S+)$/m.exec(text)?.[1]);
    const rssKiB = Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${p.realtime.pid}/status`, 'utf8'))?.[1]);
    best = { heapUsedMiB: Math.min(best.heapUsedMiB, heap / 2 ** 20), rssMiB: Math.min(best.rssMiB, rssKiB / 1024) };
    await sleep(1000);
  }
  return best;
}

export interface IdleCapacity {
  idle: number;
  before: Memory;
  after: Memory;
  heapPerSocketKiB: number;
  rssPerSocketKiB: number;
  /** Sockets that fit under the heap limit at the measured cost each, beside what the process holds anyway. */
  fitUnderHeap: number;
  quiet: Summary;
  loaded: Summary;
  missing: number;
  duplicates: number;
}

export async function idleCapacity(opts: {
  idle: number;
  roomSockets: number;
  events: number;
  sources: string[];
}): Promise<IdleCapacity> {
  const p = await startBenchProduct({ bidders: 1, realtimeNodeArgs: [`--max-old-space-size=${HEAP_LIMIT_MIB}`] });
  const room = new Receivers(2);
  const idle = new Receivers(4);
  try {
    const auctionId = await createBenchAuction(p.db.sql);
    await room.connect(p.realtimeUrl, opts.roomSockets, { origin: p.origin });
    await room.join('product', Array<number>(opts.roomSockets).fill(auctionId));
    const refs = new Map<string, number>();
    const bid = bidder(p, auctionId, 1000, refs);
    const deliver = async () => {
      refs.clear();
      await room.reset();
      for (let i = 0; i < opts.events; i += 1) {
        await bid();
        await sleep(100);
      }
      await sleep(1500);
      return room.collect({ bids: refs }, await roomFinals(p.db, [auctionId]));
    };
    await bid(); // warm-up
    const quiet = await deliver();
    const before = await gatewayMemory(p);
    await idle.connect(p.realtimeUrl, opts.idle, { origin: p.origin, localAddresses: opts.sources });
    const after = await gatewayMemory(p);
    const loaded = await deliver();
    const heapPerSocketKiB = ((after.heapUsedMiB - before.heapUsedMiB) * 1024) / opts.idle;
    return {
      idle: opts.idle,
      before,
      after,
      heapPerSocketKiB,
      rssPerSocketKiB: ((after.rssMiB - before.rssMiB) * 1024) / opts.idle,
      fitUnderHeap: Math.floor(((HEAP_LIMIT_MIB - before.heapUsedMiB) * 1024) / heapPerSocketKiB),
      quiet: quiet.latency.bids!,
      loaded: loaded.latency.bids!,
      missing: loaded.missing,
      duplicates: loaded.duplicates,
    };
  } finally {
    await idle.close();
    await room.close();
    await p.stop();
  }
}

export function idleCapacityRows(r: IdleCapacity, roomSockets: number): Row[] {
  const n = r.idle.toLocaleString('en-US');
  return [
    {
      what: `idle sockets held by one gateway process (heap limit ${HEAP_LIMIT_MIB} MiB; target >= 20,000 under it)`,
      product: `${n} connected: heap ${r.before.heapUsedMiB.toFixed(0)} -> ${r.after.heapUsedMiB.toFixed(0)} MiB (${r.heapPerSocketKiB.toFixed(1)} KiB a socket), RSS ${r.before.rssMiB.toFixed(0)} -> ${r.after.rssMiB.toFixed(0)} MiB (${r.rssPerSocketKiB.toFixed(1)} KiB a socket)`,
      limit: `${HEAP_LIMIT_MIB} MiB heap`,
      ratio: `about ${r.fitUnderHeap.toLocaleString('en-US')} sockets fit under it`,
    },
    {
      what: `bid POST answered -> bid.placed at ${roomSockets.toLocaleString('en-US')} sockets in one room, while the ${n} idle ones are connected`,
      product: `${fmt(r.loaded)} (${r.missing} missing, ${r.duplicates} duplicated)`,
      limit: `same room, same process, before the idle ones connected: ${fmt(r.quiet)}`,
      ratio: `p99 ${signedMs(r.loaded.p99 - r.quiet.p99)}`,
    },
  ];
}
