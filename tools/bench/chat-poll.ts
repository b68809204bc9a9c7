// The spec's chat poll at scale: 500 clients, each asking every 2 s (random phase) for messages newer than its cursor,
// i.e. about 250 requests/s spread the way real pollers spread them. Its raw limit: the same pollers asking the same
// API process for GET /healthz (an HTTP round trip to a handler that does nothing) at the same rate.
import { Agent, request } from 'undici';
import { createBenchAuction, percentile, type Sql } from './setup.js';
import type { BenchProduct } from './product.js';
import type { Row } from './report.js';

export interface PollResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  /** Answers other than 200 and 304, by status (0: no answer). */
  errorStatuses: Record<number, number>;
  notModified: number;
}

const EVERY_MS = 2000;

/** `ask` makes one request with the poller's state and returns its status; every poller asks once per EVERY_MS. */
async function poll<S>(
  pollers: number,
  seconds: number,
  init: () => S,
  ask: (state: S, dispatcher: Agent) => Promise<number>,
): Promise<PollResult> {
  const dispatcher = new Agent({ connections: pollers, keepAliveTimeout: 10_000 });
  const latencies: number[] = [];
  let errors = 0;
  const errorStatuses: Record<number, number> = {};
  let notModified = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: pollers }, async () => {
      const state = init();
      await new Promise((r) => setTimeout(r, Math.random() * EVERY_MS));
      while (Date.now() < until) {
        const started = performance.now();
        try {
          const status = await ask(state, dispatcher);
          latencies.push(performance.now() - started);
          if (status === 304) notModified += 1;
          else if (status !== 200) {
            errors += 1;
            errorStatuses[status] = (errorStatuses[status] ?? 0) + 1;
          }
        } catch {
          errors += 1;
          errorStatuses[0] = (errorStatuses[0] ?? 0) + 1;
        }
        await new Promise((r) => setTimeout(r, Math.max(0, EVERY_MS - (performance.now() - started))));
      }
    }),
  );
  await dispatcher.close();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? NaN,
    errors,
    errorStatuses,
    notModified,
  };
}

async function chatPollLatency(opts: {
  baseUrl: string;
  origin: string;
  auctionId: number;
  afterId: number;
  writerCookie: string;
  pollers: number;
  seconds: number;
}): Promise<PollResult> {
  // New messages keep arriving during the run, so polls return real rows, not only empty answers.
  let writes = 0;
  const writer = setInterval(() => {
    writes += 1;
    void fetch(`${opts.baseUrl}/api/chat/messages/${opts.auctionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: opts.origin, cookie: opts.writerCookie },
      body: JSON.stringify({ message: `bench message ${writes}` }),
    }).catch(() => {});
  }, 2500);
  try {
    return await pollEvery({
      baseUrl: opts.baseUrl,
      auctionIds: [opts.auctionId],
      afterId: opts.afterId,
      pollers: opts.pollers,
      seconds: opts.seconds,
    });
  } finally {
    clearInterval(writer);
  }
}

/**
 * Pollers spread over the auctions in turn, each keeping its cursor and ETag as the web client does; without `afterId`
 * a poller first asks for the latest page, then for what is newer than its last line.
 */
export function pollEvery(opts: {
  baseUrl: string;
  auctionIds: number[];
  afterId?: number;
  pollers: number;
  seconds: number;
}): Promise<PollResult> {
  let n = 0;
  return poll(
    opts.pollers,
    opts.seconds,
    () => ({
      auctionId: opts.auctionIds[n++ % opts.auctionIds.length]!,
      after: opts.afterId,
      etag: undefined as string | undefined,
    }),
    async (state, dispatcher) => {
      const query = state.after === undefined ? '' : `?after=${state.after}`;
      const res = await request(`${opts.baseUrl}/api/chat/messages/${state.auctionId}${query}`, {
        dispatcher,
        headers: state.etag ? { 'if-none-match': state.etag } : {},
      });
      const body = await res.body.text();
      if (res.statusCode === 200) {
        const rows = JSON.parse(body) as { id: number }[];
        if (rows.length > 0) state.after = rows.at(-1)!.id;
        state.etag = typeof res.headers.etag === 'string' ? res.headers.etag : undefined;
      }
      return res.statusCode;
    },
  );
}

/** The raw limit of the poll: the same pollers and cadence against GET /healthz of the same API process. */
function barePollLatency(opts: { baseUrl: string; pollers: number; seconds: number }): Promise<PollResult> {
  return poll(
    opts.pollers,
    opts.seconds,
    () => null,
    async (_state, dispatcher) => {
      const res = await request(`${opts.baseUrl}/healthz`, { dispatcher });
      await res.body.text();
      return res.statusCode;
    },
  );
}

/** An auction whose chat holds 200 lines, and the newest line's id (where the pollers start). */
async function seedChat(sql: Sql, auctionId: number): Promise<number> {
  const rows = await sql<{ id: string }[]>`
    insert into chat_messages (auction_id, message) select ${auctionId}, 'seed ' || g from generate_series(1, 200) g returning id`;
  return Number(rows.at(-1)!.id);
}

/** The poll and its raw limit, one after the other, on a fresh auction whose chat holds 200 lines. */
export async function chatPollComparison(
  p: BenchProduct,
  writerCookie: string,
  pollers: number,
  seconds: number,
): Promise<Row> {
  const auctionId = await createBenchAuction(p.db.sql);
  const afterId = await seedChat(p.db.sql, auctionId);
  const chat = await chatPollLatency({
    baseUrl: p.baseUrl,
    origin: p.origin,
    auctionId,
    afterId,
    writerCookie,
    pollers,
    seconds,
  });
  const bare = await barePollLatency({ baseUrl: p.baseUrl, pollers, seconds });
  return pollRow(pollers, chat, bare);
}

function pollRow(pollers: number, chat: PollResult, bare: PollResult): Row {
  return {
    what: `chat poll GET ?after= with ETag, ${pollers} pollers (1 per 2 s each), a line written every 2.5 s (target p99 < 10 ms)`,
    product: `${chat.requestsPerSecond.toFixed(0)} req/s, p50 ${chat.p50Ms.toFixed(1)} ms, p99 ${chat.p99Ms.toFixed(1)} ms, max ${chat.maxMs.toFixed(1)} ms (${chat.notModified} answered 304, ${chat.errors} errors${chat.errors ? ` ${JSON.stringify(chat.errorStatuses)}` : ''})`,
    limit: `GET /healthz, same pollers: p50 ${bare.p50Ms.toFixed(1)} ms, p99 ${bare.p99Ms.toFixed(1)} ms, max ${bare.maxMs.toFixed(1)} ms`,
    ratio: `p99 ${(chat.p99Ms / bare.p99Ms).toFixed(2)}x`,
  };
}
