// One bid is one trace: the API request, the bid group's transaction, the outbox publication, the gateway's broadcast
// and the outbid notice's mail window job, across the three services run in this process with one tracer provider and an
// in-memory exporter; and each service's log lines written for that bid carry its trace id.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { startTracing, type Tracing } from '@app/infra/tracing';
import { createLogger } from '@app/infra';
import { createGateway } from '@app/realtime';
import { startWorkers } from '@app/workers';
import {
  createAuction,
  createUserSession,
  jsonHeaders,
  REDIS_URL,
  startTestApp,
  type TestContext,
} from '../api/test/support/test-app.js';

/** Log lines of one service, parsed. */
function logSink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let ctx: TestContext;
const apiLog = logSink();

beforeAll(async () => {
  tracing = await startTracing('carbid', {}, { spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  // node:http was loaded before the SDK started: requiring it again lets the instrumentation patch its server.
  createRequire(import.meta.url)('node:http');
  ctx = await startTestApp({ logStream: apiLog.stream }, { LOG_LEVEL: 'debug' });
});
afterAll(async () => {
  await ctx?.close();
  await tracing?.shutdown();
});

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

it('one POST /api/bids on a watched auction is one trace from the request to the socket write and the outbid mail', async () => {
  expect(tracing.enabled).toBe(true);
  const gatewayLog = logSink();
  const workersLog = logSink();
  const http = createServer();
  const gateway = await createGateway(http, {
    sql: ctx.sql,
    redisUrl: REDIS_URL,
    redisPrefix: ctx.config.REDIS_PREFIX,
    origins: [],
    logger: await createLogger({ level: 'debug', format: 'json', stream: gatewayLog.stream }),
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const workers = await startWorkers({
    sql: ctx.sql,
    redisUrl: REDIS_URL,
    redisPrefix: ctx.config.REDIS_PREFIX,
    logger: await createLogger({ level: 'debug', format: 'json', stream: workersLog.stream }),
    // Outbid mails wait for their window (one mail per member and auction); a short one keeps the test short.
    noticeMailWindowMs: 300,
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const socket = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
    transports: ['websocket'],
    forceNew: true,
  });
  try {
    const auctionId = await createAuction(ctx.sql, { startingBid: '10000.00' });
    const watcher = await createUserSession(ctx.app, ctx.sql, { name: 'Outbid Watcher' });
    const bidder = await createUserSession(ctx.app, ctx.sql);
    await ctx.sql`insert into watchlist (user_id, auction_id) values (${watcher.id}, ${auctionId})`;
    if (!socket.connected) await new Promise<void>((r) => socket.once('connect', () => r()));
    expect((await socket.emitWithAck('auction:join', { auctionId })).ok).toBe(true);
    const packets: unknown[] = [];
    socket.on('auction:events', (events: unknown[]) => packets.push(...events));

    const bid = (cookie: string, amount: number, headers: Record<string, string> = {}) =>
      fetch(`${apiUrl}/api/bids`, {
        method: 'POST',
        headers: { ...jsonHeaders(cookie), 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ auctionId, amount }),
      });
    expect((await bid(watcher.cookie, 10000)).status).toBe(201);
    // The bid under test comes with a trace context of its own, so its trace id is known.
    const outbid = await bid(bidder.cookie, 11000, { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` });
    expect(outbid.status).toBe(201);

    const inTrace = () => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === TRACE_ID);
    const named = (name: string) => inTrace().find((s) => s.name === name);
    const deadline = Date.now() + 20_000;
    while (!(named('mail window job') && named('room broadcast')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));

    const spans = inTrace();
    const request = spans.find((s) => s.kind === SpanKind.SERVER && s.attributes['http.request.method'] === 'POST');
    expect(request, 'the API request span').toBeDefined();
    expect(request!.attributes['url.path'] ?? request!.attributes['http.target']).toBe('/api/bids');
    for (const name of ['bid group transaction', 'outbox publish', 'outbox claim', 'room broadcast', 'mail window job'])
      expect(named(name), name).toBeDefined();
    // One tree: every span's parent is in the trace, up to the request, whose parent is the caller's.
    const ids = new Set(spans.map((s) => s.spanContext().spanId));
    const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;
    for (const s of spans)
      if (s !== request) expect(ids.has(parentOf(s)!), `${s.name} has its parent in the trace`).toBe(true);
    expect(parentOf(request!)).toBe('00f067aa0ba902b7');
    // The chain the bid took: request > ... > transaction > publish > broadcast, and > ... > the mail window's job.
    const ancestors = (s: ReadableSpan): string[] => {
      const parent = spans.find((p) => p.spanContext().spanId === parentOf(s));
      return parent ? [parent.name, ...ancestors(parent)] : [];
    };
    expect(ancestors(named('bid group transaction')!)).toContain(request!.name);
    expect(ancestors(named('outbox publish')!)).toContain('bid group transaction');
    expect(ancestors(named('room broadcast')!)).toContain('outbox publish');
    expect(ancestors(named('mail window job')!)).toEqual(expect.arrayContaining(['events read', 'outbox publish']));

    // A log line of each service, written for this bid, carries its trace id.
    const traced = (lines: Record<string, unknown>[]) => lines.filter((l) => l.trace_id === TRACE_ID);
    expect(traced(apiLog.lines).map((l) => l.msg)).toContain('request');
    expect(traced(gatewayLog.lines).map((l) => l.msg)).toContain('broadcast');
    expect(traced(workersLog.lines).map((l) => l.msg)).toContain('mail window job done');
    for (const l of [...traced(apiLog.lines), ...traced(gatewayLog.lines), ...traced(workersLog.lines)])
      expect(l.span_id).toMatch(/^[0-9a-f]{16}$/);
  } finally {
    socket.disconnect();
    await workers.close();
    await gateway.close();
    await new Promise<void>((r) => http.close(() => r()));
  }
});
