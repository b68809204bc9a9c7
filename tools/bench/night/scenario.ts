// `npm run bench -- night`: an auction night. 200 live auctions; 5,000 sockets (three hot rooms of 1,000, the rest
// about ten to a room); 300 bids/s, half of them on the hot three; 20 chat lines/s; 500 chat pollers; 100 auctions
// closing during the 60 s. Then the bid rate stepped up from a low one, all else equal (the closes excepted), until the
// p99 bid answer passes 100 ms: the last rate within it is the capacity. Load generators and receivers run in processes
// of their own; CPU is read from /proc.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { profiled, startBenchProduct, roomFinals, type BenchProduct } from '../product.js';
import { freePort, startProcess, stopProcess } from '../setup.js';
import { Receivers, type DeliveryReport } from '../sockets/receivers.js';
import { fromSamples, merge, summarize, type Histogram, type Summary } from '../sockets/latency-histogram.js';
import type { PollResult } from '../chat-poll.js';
import { CpuSampler, type Group } from '../proc-cpu.js';
import { createNightAuctions, moveEnds, type NightAuctions } from './auctions.js';
import { askChild } from '../child-ipc.js';
import type { Sent, TrafficCommand, TrafficReply } from './traffic-protocol.js';

const TRAFFIC_ENTRY = fileURLToPath(new URL('./traffic-process.ts', import.meta.url));
const SMTP_SINK_ENTRY = fileURLToPath(new URL('./smtp-sink.ts', import.meta.url));

export interface NightShape {
  auctions: { hot: number; warm: number; closing: number };
  hotRoomSockets: number;
  otherSockets: number;
  bidsPerSecond: number;
  hotShare: number;
  chatPerSecond: number;
  pollers: number;
  seconds: number;
}

export const AUCTION_NIGHT: NightShape = {
  auctions: { hot: 3, warm: 97, closing: 100 },
  hotRoomSockets: 1000,
  otherSockets: 2000,
  bidsPerSecond: 300,
  hotShare: 0.5,
  chatPerSecond: 20,
  pollers: 500,
  seconds: 60,
};

export interface WindowResult {
  bidsPerSecond: number;
  seconds: number;
  bids: Sent & { answerTimes: Summary };
  chat: Sent & { answerTimes: Summary };
  polls: PollResult;
  deliveries: DeliveryReport;
  /** How long after the window's last request the sockets were still receiving. */
  drainMs: number;
  cpu: Map<Group, number>;
  /** The CPU window: from the first request to the last answer (longer than `seconds` when answers lag). */
  cpuWindowMs: number;
  closes?: { closed: number; of: number; lateness: Summary };
  /** Mails the SMTP server took during the run and the settling after it (outbid and close notices). */
  mails?: number;
  /** What the gateway's sequencer did in the window (from its /metrics): reordered, gapsFilled, gapsSkipped, duplicates. */
  sequencer: Record<string, number>;
}

export interface NightResult {
  shape: NightShape;
  joins: { totalMs: number; acks: Summary; joins: number };
  main: WindowResult;
  steps: WindowResult[];
  /** The highest stepped rate whose p99 bid answer stayed within 100 ms (null: not even the first). */
  capacity: number | null;
}

const ask = <R extends TrafficReply['reply']>(child: ChildProcess, command: TrafficCommand, reply: R) =>
  askChild<TrafficReply, R>(child, command, reply);

const answered = (s: Sent): Sent & { answerTimes: Summary } => ({
  ...s,
  answerTimes: summarize(merge(new Map() as Histogram, s.answer), s.maxMs),
});

export async function runNight(shape: NightShape, stepRates: number[], stepSeconds: number): Promise<NightResult> {
  const users = 300;
  const p = await startBenchProduct({ bidders: users });
  const bidders = p.bidders.slice(0, 200);
  const chatters = p.bidders.slice(200);
  const auctions = await createNightAuctions(p.db.sql, shape.auctions, bidders[0]!.id);
  const all = [...auctions.hot, ...auctions.warm, ...auctions.closing];
  const smtp = fork(SMTP_SINK_ENTRY, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const smtpPort = await new Promise<number>((resolve) =>
    smtp.once('message', (m: { port: number }) => resolve(m.port)),
  );
  const workersPort = String(await freePort());
  const workers = await startProcess(
    'workers',
    { ...p.env, WORKERS_PORT: workersPort, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    `http://127.0.0.1:${workersPort}/healthz`,
    profiled('workers'),
  );
  const rx = new Receivers(4);
  const traffic = fork(TRAFFIC_ENTRY, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const polls = fork(TRAFFIC_ENTRY, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const others = [...auctions.warm, ...auctions.closing];
    const rooms = [
      ...auctions.hot.flatMap((id) => Array<number>(shape.hotRoomSockets).fill(id)),
      ...Array.from({ length: shape.otherSockets }, (_, i) => others[i % others.length]!),
    ];
    await rx.connect(p.realtimeUrl, rooms.length, { origin: p.origin });
    const joins = await rx.join('product', rooms);
    const setup: TrafficCommand = {
      cmd: 'setup',
      baseUrl: p.baseUrl,
      origin: p.origin,
      hot: auctions.hot,
      warm: auctions.warm,
      chatAuctions: all,
      bidders: bidders.map((b) => b.cookie),
      chatters: chatters.map((c) => c.cookie),
    };
    await Promise.all([ask(traffic, setup, 'ready'), ask(polls, setup, 'ready')]);
    const sampler = new CpuSampler(
      () => [
        ['api', p.api.pid!],
        ['realtime', p.realtime.pid!],
        ['workers', workers.pid!],
        ...[process.pid, traffic.pid!, polls.pid!, smtp.pid!, ...rx.pids].map((pid): [Group, number] => [
          'load generator',
          pid,
        ]),
      ],
      new URL(p.db.url).pathname.slice(1),
    );
    const window = (bidsPerSecond: number, seconds: number) =>
      runWindow(p, rx, traffic, polls, sampler, all, { ...shape, bidsPerSecond, seconds });

    // The closes are spread over the run, from 5 s in to 5 s before its end.
    const spanMs = (shape.seconds - 10) * 1000;
    await moveEnds(
      p.db.sql,
      p.env.REDIS_PREFIX!,
      auctions.closing,
      auctions.closing.map((_, i) => 5000 + (i * spanMs) / auctions.closing.length),
    );
    const main = await window(shape.bidsPerSecond, shape.seconds);
    main.closes = await closesOf(p, auctions);
    main.mails = await new Promise<number>((resolve) => {
      smtp.once('message', (m: { mails: number }) => resolve(m.mails));
      smtp.send('count');
    });

    const steps: WindowResult[] = [];
    let capacity: number | null = null;
    for (const rate of stepRates) {
      const step = await window(rate, stepSeconds);
      steps.push(step);
      console.log(`night step ${rate} bids/s: p99 bid answer ${step.bids.answerTimes.p99.toFixed(1)} ms`);
      if (step.bids.answerTimes.p99 > 100) break;
      capacity = rate;
    }
    return { shape, joins, main, steps, capacity };
  } finally {
    for (const child of [traffic, polls]) if (child.connected) child.send({ cmd: 'close' } satisfies TrafficCommand);
    await rx.close();
    await stopProcess(workers);
    smtp.disconnect();
    await p.stop();
  }
}

async function runWindow(
  p: BenchProduct,
  rx: Receivers,
  traffic: ChildProcess,
  polls: ChildProcess,
  sampler: CpuSampler,
  all: number[],
  shape: NightShape,
): Promise<WindowResult> {
  await rx.reset();
  const sequencerBefore = await sequencerCounts(p);
  sampler.start();
  const started = performance.now();
  const [ran, polled] = await Promise.all([
    ask(
      traffic,
      {
        cmd: 'run',
        bidsPerSecond: shape.bidsPerSecond,
        hotShare: shape.hotShare,
        chatPerSecond: shape.chatPerSecond,
        seconds: shape.seconds,
      },
      'ran',
    ),
    ask(
      polls,
      { cmd: 'polls', baseUrl: p.baseUrl, auctionIds: all, pollers: shape.pollers, seconds: shape.seconds },
      'polled',
    ),
  ]);
  const cpu = sampler.stop();
  const cpuWindowMs = performance.now() - started;
  // Whatever is still on its way to a socket lands before anything is counted as missing.
  const drainMs = await rx.settle();
  const deliveries = await rx.collect(
    { bids: new Map(ran.bids.refs), chat: new Map(ran.chat.refs) },
    await roomFinals(p.db, all),
  );
  return {
    bidsPerSecond: shape.bidsPerSecond,
    seconds: shape.seconds,
    bids: { ...answered(ran.bids), refs: [] },
    chat: { ...answered(ran.chat), refs: [] },
    polls: polled.polls,
    deliveries,
    drainMs,
    cpu,
    cpuWindowMs,
    sequencer: Object.fromEntries(
      Object.entries(await sequencerCounts(p)).map(([kind, n]) => [kind, n - (sequencerBefore[kind] ?? 0)]),
    ),
  };
}

/** The gateway's sequencer counts so far, by kind. */
async function sequencerCounts(p: BenchProduct): Promise<Record<string, number>> {
  const res = await fetch(`${p.realtimeUrl}/metrics`, { headers: { authorization: `Bearer ${p.env.METRICS_TOKEN}` } });
  const text = await res.text();
  const counts: Record<string, number> = {};
  for (const m of text.matchAll(/^events_sequencer_total\{[^}]*kind="(\w+)"[^}]*\} (\S+)$/gm))
    counts[m[1]!] = Number(m[2]);
  return counts;
}

async function closesOf(p: BenchProduct, a: NightAuctions): Promise<WindowResult['closes']> {
  const rows = await p.db.sql<{ lateMs: number | null }[]>`
    select extract(epoch from closed_at - end_time) * 1000 as late_ms from auctions where id = any(${a.closing}::int[])`;
  const late = rows.filter((r) => r.lateMs !== null).map((r) => Number(r.lateMs));
  return { closed: late.length, of: a.closing.length, lateness: fromSamples(late) };
}
