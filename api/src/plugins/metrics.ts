// The API's metrics: request latency by route, bids accepted and refused and the size of the groups they are decided
// in, and the event flow (outbox lag, stream length, consumer-group lag). GET /metrics answers an admin session or
// the METRICS_TOKEN bearer token, nobody else. Postgres and Redis as the API sees them: its readiness checks.
import type { FastifyInstance } from 'fastify';
import {
  PROMETHEUS_CONTENT_TYPE,
  createMetrics,
  eventFlowMetrics,
  hasMetricsToken,
  readinessMetrics,
} from '@app/infra';
import { apiReadiness } from '../routes/health.js';
import { currentAdmin } from './auth.js';
import { decodeQueue } from '@app/core/files';

export interface BidMetrics {
  group(size: number): void;
  decided(accepted: number, refused: number): void;
}

export function registerMetrics(app: FastifyInstance): BidMetrics {
  const m = createMetrics('api');
  const latency = m.histogram(
    'http_request_duration_seconds',
    'HTTP answers by route',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    ['method', 'route', 'status'],
  );
  const bids = m.counter('bids_total', 'Bids decided, by outcome', ['outcome']);
  const groups = m.histogram(
    'bid_group_size',
    'Bids decided together under one lock',
    [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
  );
  eventFlowMetrics(m, { sql: app.sql, redis: app.redis, prefix: app.config.REDIS_PREFIX });
  m.gauge(
    'upload_decodes_total',
    'Images decoded and PDFs rendered since the process began, by kind',
    ['kind'],
    (g) => {
      for (const [kind, n] of Object.entries(decodeQueue.started)) g.set({ kind }, n);
    },
  );
  readinessMetrics(m, () => apiReadiness(app));

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    latency.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const allowed =
      hasMetricsToken(request.headers, app.config.METRICS_TOKEN) || (await currentAdmin(request)) !== null;
    if (!allowed) return reply.status(401).send({ error: 'Metrics need an admin session or the metrics token' });
    return reply.type(PROMETHEUS_CONTENT_TYPE).send(await m.text());
  });

  return {
    group: (size) => groups.observe(size),
    decided: (accepted, refused) => {
      if (accepted) bids.inc({ outcome: 'accepted' }, accepted);
      if (refused) bids.inc({ outcome: 'refused' }, refused);
    },
  };
}
