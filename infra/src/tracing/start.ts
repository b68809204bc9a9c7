// Starts OpenTelemetry tracing in a process, when its environment asks for it. Each entry (the api's, the gateway's,
// the workers') calls startTracing first and only then imports the rest of its code: the instrumentations of http,
// ioredis and Socket.IO patch those modules as they load. Off (no OTEL_* variable naming an exporter or an endpoint)
// nothing below is loaded and the spans of spans.ts stay no-ops.
import { TracingEnvSchema, tracingRequested } from '@app/shared';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import { setTracingEnabled } from './spans.js';
import { readEnvFile } from '../env-file.js';

export interface Tracing {
  enabled: boolean;
  /** Exports what is still buffered and stops; a process calls it last on shutdown. */
  shutdown(): Promise<void>;
}

const OFF: Tracing = { enabled: false, shutdown: async () => {} };

/** What a test hands over instead of the exporters the environment names: its own span processors. */
export interface TracingOverrides {
  spanProcessors?: SpanProcessor[];
}

/**
 * Starts the Node SDK for `serviceName` (OTEL_SERVICE_NAME wins) if tracing is requested (by the environment or .env),
 * with the instrumentations of the modules the product uses. Exporter, endpoint, protocol, sampler and resource come
 * from the standard OTEL_* variables, read by the SDK itself; metrics and logs keep their own channels (prom-client,
 * pino) unless set otherwise.
 */
export async function startTracing(
  serviceName: string,
  env: NodeJS.ProcessEnv = process.env,
  overrides: TracingOverrides = {},
): Promise<Tracing> {
  if (env === process.env) readEnvFile();
  // A malformed value is left for the process's own environment parse, which stops it naming the variable.
  const parsed = TracingEnvSchema.safeParse(env);
  if (!parsed.success || (!overrides.spanProcessors && !tracingRequested(parsed.data))) return OFF;
  // The SDK reads these from the process's environment: metrics stay with prom-client and logs with pino unless asked.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  // ESM imports are patched through a loader hook limited to the instrumented modules; CommonJS requires by the
  // instrumentations' own require hook.
  const { register } = await import('import-in-the-middle/register-hooks.mjs');
  register({ include: ['ioredis', 'socket.io', 'http', 'https', 'node:http', 'node:https'] });
  const [{ NodeSDK }, { HttpInstrumentation }, { IORedisInstrumentation }, { SocketIoInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-ioredis'),
      import('@opentelemetry/instrumentation-socket.io'),
    ]);
  const sdk = new NodeSDK({
    serviceName: parsed.data.OTEL_SERVICE_NAME || serviceName,
    ...(overrides.spanProcessors ? { spanProcessors: overrides.spanProcessors } : {}),
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes are not requests anyone traces; outgoing calls count only inside a traced request.
        ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)\b/.test(req.url ?? ''),
        requireParentforOutgoingSpans: true,
      }),
      // Only commands made for a traced piece of work: the stream reader's idle polls and the queues' own traffic stay
      // out.
      new IORedisInstrumentation({ requireParentSpan: true }),
      new SocketIoInstrumentation(),
    ],
  });
  sdk.start();
  setTracingEnabled(true, () => sdk.shutdown());
  return {
    enabled: true,
    async shutdown() {
      setTracingEnabled(false);
      await sdk.shutdown();
    },
  };
}
