// The night's HTTP load generator, in a process of its own: bids and chat lines sent open loop (at a fixed rate,
// whatever the answers; a slow answer never slows the arrivals, as with a real crowd), or the chat pollers. Started by
// the scenario with fork(); it answers each command over the IPC channel with what it measured.
import { Pool } from 'undici';
import { nowMs } from '../sockets/wire-client.js';
import { record, type Histogram } from '../sockets/latency-histogram.js';
import { pollEvery } from '../chat-poll.js';
import type { TrafficCommand, TrafficReply, Sent } from './traffic-protocol.js';

let pool: Pool;
let setup: Extract<TrafficCommand, { cmd: 'setup' }>;
/** The last amount handed out per auction: each bid goes $1,000 above it, as a crowd raising by the minimum step. */
const lastAmount = new Map<number, number>();

function tally(): Sent {
  return { sent: 0, ok: 0, refused: 0, errors: 0, errorStatuses: {}, answer: [], maxMs: 0, refs: [] };
}

async function send(
  t: Sent,
  h: Histogram,
  path: string,
  cookie: string,
  body: unknown,
  key: (answer: { id: number }) => string,
): Promise<void> {
  t.sent += 1;
  const started = nowMs();
  let status = 0;
  try {
    const res = await pool.request({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', origin: setup.origin, cookie },
      body: JSON.stringify(body),
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    status = res.statusCode;
    const text = await res.body.text();
    const at = nowMs();
    record(h, at - started);
    t.maxMs = Math.max(t.maxMs, at - started);
    if (status === 201) {
      t.ok += 1;
      t.refs.push([key(JSON.parse(text) as { id: number }), at]);
      return;
    }
    if (status === 409) {
      t.refused += 1;
      return;
    }
  } catch {
    status = 0;
  }
  t.errors += 1;
  t.errorStatuses[status] = (t.errorStatuses[status] ?? 0) + 1;
}

/** Calls `fire(n)` for the n-th arrival of a fixed-rate schedule, for `seconds`; waits for every answer. */
async function openLoop(perSecond: number, seconds: number, fire: (n: number) => Promise<void>): Promise<void> {
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  let n = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      const due = Math.floor(Math.min(elapsed, seconds) * perSecond);
      while (n < due) inFlight.push(fire(n++));
      if (elapsed >= seconds) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  await Promise.all(inFlight);
}

async function run(cmd: Extract<TrafficCommand, { cmd: 'run' }>): Promise<void> {
  const bids = tally();
  const chat = tally();
  const bidAnswers: Histogram = new Map();
  const chatAnswers: Histogram = new Map();
  const { hot, warm, chatAuctions, bidders, chatters } = setup;
  const bidding = openLoop(cmd.bidsPerSecond, cmd.seconds, (n) => {
    // hotShare of the bids go to the hot auctions in turn, evenly interleaved; the rest spread over the others.
    const onHot = Math.floor((n + 1) * cmd.hotShare) > Math.floor(n * cmd.hotShare);
    const auctionId = onHot ? hot[n % hot.length]! : warm[Math.floor(Math.random() * warm.length)]!;
    const amount = (lastAmount.get(auctionId) ?? 0) + 1000;
    lastAmount.set(auctionId, amount);
    return send(bids, bidAnswers, '/api/bids', bidders[n % bidders.length]!, { auctionId, amount }, (a) => `b${a.id}`);
  });
  // Chatters take turns, so none passes the chat's own limit (5 lines in 10 s).
  const chatting = openLoop(cmd.chatPerSecond, cmd.seconds, (n) =>
    send(
      chat,
      chatAnswers,
      `/api/chat/messages/${chatAuctions[n % chatAuctions.length]!}`,
      chatters[n % chatters.length]!,
      { message: `night line ${n}` },
      (a) => `c${a.id}`,
    ),
  );
  await Promise.all([bidding, chatting]);
  bids.answer = [...bidAnswers];
  chat.answer = [...chatAnswers];
  process.send!({ reply: 'ran', bids, chat } satisfies TrafficReply);
}

process.on('message', (m: TrafficCommand) => {
  if (m.cmd === 'setup') {
    setup = m;
    pool = new Pool(m.baseUrl, { connections: 256, keepAliveTimeout: 30_000 });
    process.send!({ reply: 'ready' } satisfies TrafficReply);
  } else if (m.cmd === 'run') void run(m);
  else if (m.cmd === 'polls') {
    void pollEvery({ baseUrl: m.baseUrl, auctionIds: m.auctionIds, pollers: m.pollers, seconds: m.seconds }).then(
      (polls) => process.send!({ reply: 'polled', polls } satisfies TrafficReply),
    );
  } else if (m.cmd === 'close') {
    void pool?.close();
    process.disconnect();
  }
});
