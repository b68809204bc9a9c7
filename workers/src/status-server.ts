// The workers' own small HTTP server: GET /healthz (the process lives) and GET /readyz (Postgres and every queue's Redis
// connection answer) for the orchestrator's probes, GET /metrics for Prometheus (with the METRICS_TOKEN bearer token).
// The workers serve nothing else.
import { createServer } from 'node:http';
import type { Logger } from 'pino';
import { answerStatus, type Metrics, type ReadinessChecks } from '@app/infra';

export async function startStatusServer(opts: {
  port: number;
  host: string;
  token: string;
  metrics: Metrics;
  ready: ReadinessChecks;
  logger: Logger;
}): Promise<{ close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (!answerStatus(req, res, { metrics: opts.metrics, token: opts.token, ready: opts.ready })) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'EADDRINUSE'
            ? `Port ${opts.port} is already in use: set WORKERS_PORT to a free port (or 0)`
            : err.message,
        ),
      ),
    );
    server.listen(opts.port, opts.host, resolve);
  });
  opts.logger.info({ port: opts.port }, 'workers status server listening');
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
