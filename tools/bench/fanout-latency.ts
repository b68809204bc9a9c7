// Fan-out next to its limit: N sockets in one auction room receive each bid.placed, timed from the moment the bid's
// POST is answered; in the same run and on the same cores, N other sockets in a room of the bare Socket.IO server
// (bare-server.ts) receive a packet of the same size, timed from the moment its broadcast request is answered. The two
// kinds of event alternate, so both meet the same machine. The receivers live in processes of their own.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createBenchAuction } from './setup.js';
import { roomFinals, type BenchProduct } from './product.js';
import { Receivers, type DeliveryReport } from './sockets/receivers.js';
import { nowMs } from './sockets/wire-client.js';
import { fmt, type Summary } from './sockets/latency-histogram.js';
import { ms, signedMs, type Row } from './report.js';

const BARE_ENTRY = fileURLToPath(new URL('./sockets/bare-server.ts', import.meta.url));
const BARE_ROOM = 1;
const WARM_UP = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface JoinStorm {
  acks: Summary;
  totalMs: number;
  joins: number;
}

export interface FanoutRow {
  sockets: number;
  events: number;
  product: DeliveryReport;
  bare: DeliveryReport;
  /** Every socket's join sent at once: the presence storm, and the bare server's join storm beside it. */
  productJoin: JoinStorm;
  bareJoin: JoinStorm;
}

export async function startBareServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(BARE_ENTRY, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`bare Socket.IO server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

export async function fanoutComparison(
  p: BenchProduct,
  bareUrl: string,
  opts: { sockets: number; events: number; intervalMs: number; receiverProcesses: number; firstAmount: number },
): Promise<FanoutRow> {
  const auctionId = await createBenchAuction(p.db.sql);
  const productRx = new Receivers(opts.receiverProcesses);
  const bareRx = new Receivers(opts.receiverProcesses);
  try {
    await productRx.connect(p.realtimeUrl, opts.sockets, { origin: p.origin });
    await bareRx.connect(bareUrl, opts.sockets);
    const productJoin = await productRx.join('product', Array<number>(opts.sockets).fill(auctionId));
    const bareJoin = await bareRx.join('bare', Array<number>(opts.sockets).fill(BARE_ROOM));

    const productRefs = new Map<string, number>();
    const bareRefs = new Map<string, number>();
    const bid = bidder(p, auctionId, opts.firstAmount, productRefs);
    let bareSeq = 0;
    let packet: Record<string, unknown> | undefined;
    const broadcast = async () => {
      bareSeq += 1;
      const bidId = 1_000_000_000 + bareSeq;
      const res = await fetch(`${bareUrl}/broadcast/${BARE_ROOM}`, {
        method: 'POST',
        body: JSON.stringify([{ ...packet, stream: `bare:${BARE_ROOM}`, seq: bareSeq, bidId }]),
      });
      bareRefs.set(`b${bidId}`, nowMs());
      await res.arrayBuffer();
    };
    for (let i = 0; i < WARM_UP; i += 1) {
      await bid();
      // The bare server sends the product's own packet (one bid.placed, as a lone bid travels), so both carry the same bytes.
      packet ??= await lastBidPlaced(p, auctionId);
      await broadcast();
      await sleep(opts.intervalMs);
    }
    await sleep(500);
    await productRx.reset();
    await bareRx.reset();
    for (let i = 0; i < opts.events; i += 1) {
      await bid();
      await sleep(opts.intervalMs / 2);
      await broadcast();
      await sleep(opts.intervalMs / 2);
    }
    await sleep(1500);
    const product = await productRx.collect({ bids: productRefs }, await roomFinals(p.db, [auctionId]));
    const bare = await bareRx.collect({ bids: bareRefs }, new Map([[BARE_ROOM, [[`bare:${BARE_ROOM}`, bareSeq]]]]));
    return { sockets: opts.sockets, events: opts.events, product, bare, productJoin, bareJoin };
  } finally {
    await productRx.close();
    await bareRx.close();
  }
}

/**
 * One bidder raising the auction by $1,000 a call; each accepted bid's answer time is kept under its delivery key, for
 * the sockets' bid.placed to be timed from.
 */
export function bidder(
  p: BenchProduct,
  auctionId: number,
  firstAmount: number,
  refs: Map<string, number>,
): () => Promise<void> {
  let amount = firstAmount;
  return async () => {
    const res = await fetch(`${p.baseUrl}/api/bids`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: p.origin, cookie: p.bidders[0]!.cookie },
      body: JSON.stringify({ auctionId, amount }),
    });
    const answeredAt = nowMs();
    if (res.status !== 201) throw new Error(`bench bid refused: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { id: number };
    refs.set(`b${body.id}`, answeredAt);
    amount += 1000;
  };
}

async function lastBidPlaced(p: BenchProduct, auctionId: number): Promise<Record<string, unknown>> {
  const [row] = await p.db.sql<{ payload: Record<string, unknown> }[]>`
    select payload from outbox where stream = ${`auction:${auctionId}`} and type = 'bid.placed' order by seq desc limit 1`;
  return row!.payload;
}

/** The fan-out's two rows: delivery next to the bare server's, and the join storm next to the bare server's. */
export function fanoutRows(r: FanoutRow): Row[] {
  const n = r.sockets.toLocaleString('en-US');
  const counts = (d: DeliveryReport) =>
    `${d.latency.bids!.count} timed deliveries, ${d.missing} missing, ${d.duplicates} duplicated, ${d.outOfOrder} out of order`;
  return [
    {
      what: `bid POST answered -> bid.placed at each of ${n} sockets in one room, ${r.events} bids (target: p99 within +10 ms of bare)`,
      product: `${fmt(r.product.latency.bids!)} (${counts(r.product)})`,
      limit: `bare Socket.IO, same packet, same receivers: ${fmt(r.bare.latency.bids!)} (${counts(r.bare)})`,
      ratio: `p99 ${signedMs(r.product.latency.bids!.p99 - r.bare.latency.bids!.p99)}`,
    },
    {
      what: `${n} auction:join sent at once into one room (presence storm; target: all acknowledged within 3 s)`,
      product: `all ${r.productJoin.joins} acknowledged in ${ms(r.productJoin.totalMs)}; each join ${fmt(r.productJoin.acks)}`,
      limit: `bare Socket.IO join + ack: all in ${ms(r.bareJoin.totalMs)}; each ${fmt(r.bareJoin.acks)}`,
      ratio: `${(r.productJoin.totalMs / r.bareJoin.totalMs).toFixed(1)}x`,
    },
  ];
}
