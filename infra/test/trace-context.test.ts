// The trace context that travels with events and jobs: nothing is written while tracing is off; on, an outbox row
// keeps the trace of the work that committed it, so a row the relay publishes later goes out in that trace; and a
// traceparent that is not one (a job's data, a stream entry) is ignored, never a failure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { MailJobSchema, streams, type DomainEvent, type EventDraft } from '@app/shared';
import { commitWithEvents } from '../src/events/commit-with-events.js';
import { EventPublisher } from '../src/events/publish.js';
import { RELAY_GRACE_MS, relayOnce } from '../src/events/outbox-relay.js';
import { eventFromStreamFields, traceparentOfEvent } from '../src/events/stream-fields.js';
import { contextFromTraceparent, currentTraceparent, inSpan, traceLogFields } from '../src/tracing/spans.js';
import { startTracing, type Tracing } from '../src/tracing/start.js';
import { createLogger } from '../src/logger.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

let db: TestDatabase;
const exporter = new InMemorySpanExporter();
let tracing: Tracing;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await tracing?.shutdown();
  await db.drop();
});

const extended = (auctionId: number): EventDraft => ({
  type: 'auction.extended',
  auctionId,
  endTime: new Date(Date.now() + 60_000).toISOString(),
  at: new Date().toISOString(),
});
const failingWrite = async () => {
  throw new Error('redis away');
};
const silent = pino({ level: 'silent' });

describe('off (the default)', () => {
  it('starts no SDK without an OTEL_* variable asking for it, or with OTEL_SDK_DISABLED', async () => {
    expect((await startTracing('test', {})).enabled).toBe(false);
    expect((await startTracing('test', { OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' })).enabled).toBe(
      false,
    );
    // A malformed value starts nothing here: the process's own environment parse stops it, naming the variable.
    expect((await startTracing('test', { OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).enabled).toBe(false);
  });

  it('logs lines with their own fields and no trace ids', async () => {
    const lines: string[] = [];
    const log = await createLogger({ level: 'info', format: 'json', stream: { write: (l: string) => lines.push(l) } });
    log.info({ port: 1 }, 'one');
    log.info({ port: 2 }, 'two');
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.not.objectContaining({ trace_id: expect.anything() }),
      expect.objectContaining({ port: 2, msg: 'two' }),
    ]);
    expect(JSON.parse(lines[0]!)).toMatchObject({ port: 1, msg: 'one' });
  });

  it('writes no traceparent and runs the work of a span as is', async () => {
    expect(await inSpan('nothing', {}, async (span) => span)).toBeUndefined();
    expect(currentTraceparent()).toBeUndefined();
    expect(traceLogFields()).toEqual({});
    const events = new EventPublisher(db.sql, failingWrite, silent);
    await commitWithEvents({ sql: db.sql, events }, (_tx, outbox) => outbox.append([extended(7001)]));
    await events.drain();
    const [row] = await db.sql<{ traceparent: string | null }[]>`
      select traceparent from outbox where stream = ${streams.auction(7001)}`;
    expect(row!.traceparent).toBeNull();
  });
});

describe('on', () => {
  beforeAll(async () => {
    tracing = await startTracing('test', {}, { spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  });

  it('keeps the trace on the outbox row, and the relay publishes the row in it', async () => {
    // The stream write fails: the row stays unpublished until the relay takes it.
    const events = new EventPublisher(db.sql, failingWrite, silent);
    const committedIn = await inSpan('a command', {}, async () => {
      await commitWithEvents({ sql: db.sql, events }, (_tx, outbox) => outbox.append([extended(7002)]));
      return currentTraceparent()!;
    });
    await events.drain();
    const traceId = committedIn.slice(3, 35);
    const [row] = await db.sql<{ traceparent: string | null }[]>`
      select traceparent from outbox where stream = ${streams.auction(7002)}`;
    expect(row!.traceparent).toBe(committedIn);

    await new Promise((r) => setTimeout(r, RELAY_GRACE_MS + 100));
    const entries: { event: DomainEvent; traceparent: string | undefined }[] = [];
    await relayOnce(db.sql, async (evs, tps) => {
      evs.forEach((event, i) => entries.push({ event, traceparent: tps?.[i] }));
    });
    const relayed = entries.find((e) => e.event.stream === streams.auction(7002))!;
    expect(relayed.traceparent?.slice(3, 35)).toBe(traceId);
    const relaySpan = exporter.getFinishedSpans().find((s) => s.name === 'outbox relay')!;
    expect(relaySpan.spanContext().traceId).toBe(traceId);
  });

  it('reads a well-formed traceparent and ignores anything else', () => {
    const good = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(trace.getSpanContext(contextFromTraceparent(good)!)?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    for (const bad of [
      good.toUpperCase(),
      `ff${good.slice(2)}`,
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      `${good}-extra`,
      'x'.repeat(100_000),
      '',
      42,
      { traceId: 'x' },
      null,
    ])
      expect(contextFromTraceparent(bad), String(bad).slice(0, 60)).toBeUndefined();
  });

  it('runs a job whose traceparent is malformed, untraced by it', () => {
    expect(MailJobSchema.parse({ notificationId: 5, traceparent: 'garbage' })).toEqual({ notificationId: 5 });
    expect(MailJobSchema.parse({ notificationId: 5, traceparent: 'x'.repeat(10_000) })).toEqual({ notificationId: 5 });
    const tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(MailJobSchema.parse({ notificationId: 5, traceparent: tp })).toEqual({ notificationId: 5, traceparent: tp });
  });

  it('reads a stream entry whose traceparent field is malformed, and starts a new trace for it', async () => {
    const event = { ...extended(7003), stream: streams.auction(7003), seq: 1 };
    const read = eventFromStreamFields(['event', JSON.stringify(event), 'traceparent', 'not-a-traceparent'])!;
    expect(read).toEqual(event);
    const traceId = await inSpan('events read', { for: [traceparentOfEvent(read)] }, async () =>
      currentTraceparent()!.slice(3, 35),
    );
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(traceId).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it("puts the active span ids in log fields, beside the line's own", async () => {
    const fields = await inSpan('logging', {}, async () => traceLogFields());
    expect(fields.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(fields.span_id).toMatch(/^[0-9a-f]{16}$/);
    const lines: string[] = [];
    const log = await createLogger({ level: 'info', format: 'json', stream: { write: (l: string) => lines.push(l) } });
    log.info({ port: 3 }, 'outside');
    await inSpan('logging', {}, async () => log.info({ port: 4 }, 'inside'));
    const [outside, inside] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(outside).not.toHaveProperty('trace_id');
    expect(inside).toMatchObject({ port: 4, trace_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });
});
