// The product's own spans and the trace context that travels inside events and jobs. Only the OpenTelemetry API is used
// here: until startTracing (start.ts) has registered an SDK, every call below returns at once and records nothing, so
// tracing that is off costs a flag check.
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  context,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';
import { TRACEPARENT_PATTERN } from '@app/shared';

export { SpanKind, type Context, type Span };

let enabled = false;
let flush: () => Promise<void> = async () => {};

/**
 * Set by startTracing once an SDK is registered (and by tests that register their own provider), with what exports the
 * spans still buffered at shutdown.
 */
export function setTracingEnabled(on: boolean, flushOnExit?: () => Promise<void>): void {
  enabled = on;
  flush = flushOnExit ?? (async () => {});
}

/** Exports buffered spans; closeOnSignals calls it after the process closed. Never throws. */
export const flushTracing = (): Promise<void> => flush().catch(() => undefined);

export const tracingEnabled = (): boolean => enabled;

const tracer = () => trace.getTracer('car-auction');

/** The traceparent of the span active in `ctx` (the current one by default), or undefined when none is recording. */
export function currentTraceparent(ctx: Context = context.active()): string | undefined {
  if (!enabled) return undefined;
  const sc = trace.getSpanContext(ctx);
  if (!sc || !trace.isSpanContextValid(sc)) return undefined;
  return `00-${sc.traceId}-${sc.spanId}-${(sc.traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/**
 * The remote parent a traceparent names, or undefined for a missing or malformed value: whatever comes from a job, a
 * stream entry or a database row is checked against the strict pattern (shared/src/schemas/jobs.ts), never trusted.
 */
export function contextFromTraceparent(value: unknown): Context | undefined {
  if (!enabled || typeof value !== 'string' || value.length !== 55 || !TRACEPARENT_PATTERN.test(value))
    return undefined;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: value.slice(3, 35),
    spanId: value.slice(36, 52),
    traceFlags: Number.parseInt(value.slice(53), 16) & TraceFlags.SAMPLED,
    isRemote: true,
  });
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /**
   * The traceparents of what this span works for. The first valid one is the parent; the others become links: a batch
   * (a group of bids, a read of the stream, a packet to a room) carries work of several traces and belongs to the
   * first.
   * Without any, the span is a child of the active span.
   */
  for?: readonly (string | undefined)[];
}

/** Runs `work` inside a new active span, recording a thrown error on it; the span ends when `work` settles. */
export async function inSpan<T>(
  name: string,
  opts: SpanOptions,
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!enabled) return work(undefined);
  const { parent, links } = parentAndLinks(opts.for);
  return tracer().startActiveSpan(
    name,
    { kind: opts.kind ?? SpanKind.INTERNAL, attributes: opts.attributes, links },
    parent ?? context.active(),
    async (span) => {
      try {
        return await work(span);
      } catch (err) {
        span.recordException(err instanceof Error ? err : String(err));
        span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** The synchronous twin of inSpan, for work that must not wait a turn (a broadcast, a socket write). */
export function inSpanSync<T>(name: string, opts: SpanOptions, work: (span: Span | undefined) => T): T {
  if (!enabled) return work(undefined);
  const { parent, links } = parentAndLinks(opts.for);
  return tracer().startActiveSpan(
    name,
    { kind: opts.kind ?? SpanKind.INTERNAL, attributes: opts.attributes, links },
    parent ?? context.active(),
    (span) => {
      try {
        return work(span);
      } catch (err) {
        span.recordException(err instanceof Error ? err : String(err));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** At most this many links on one span: a batch of 500 entries links a sample, not all. */
const MAX_LINKS = 32;

function parentAndLinks(traceparents: readonly (string | undefined)[] | undefined): {
  parent: Context | undefined;
  links: Link[];
} {
  let parent: Context | undefined;
  const links: Link[] = [];
  let parentTrace: string | undefined;
  for (const tp of traceparents ?? []) {
    const ctx = contextFromTraceparent(tp);
    if (!ctx) continue;
    const sc = trace.getSpanContext(ctx)!;
    if (!parent) {
      parent = ctx;
      parentTrace = sc.traceId;
    } else if (sc.traceId !== parentTrace && links.length < MAX_LINKS) links.push({ context: sc });
  }
  return { parent, links };
}

/** The ids pino adds to every line written while a span is active (logger.ts's mixin). */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  // A new object each time: pino merges the line's own fields into what the mixin returns.
  if (!enabled) return {};
  const sc = trace.getSpanContext(context.active());
  if (!sc || !trace.isSpanContextValid(sc)) return {};
  return { trace_id: sc.traceId, span_id: sc.spanId };
}

/** Whether two traceparents belong to one trace (for a batch: which of its items share the leader's trace). */
export const traceIdOf = (traceparent: string | undefined): string | undefined =>
  traceparent && TRACEPARENT_PATTERN.test(traceparent) ? traceparent.slice(3, 35) : undefined;
