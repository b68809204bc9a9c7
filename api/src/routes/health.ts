// Liveness (/healthz: the process answers; nothing outside it is asked, so an outage of Postgres or Redis never gets a
// healthy process restarted) and readiness (/readyz: Postgres and Redis answer in time, else 503 and out of rotation).
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postgresAnswers, readiness, redisAnswers, type Readiness } from '@app/infra';
import { ClientConfigSchema, HealthResponseSchema, ReadinessResponseSchema } from '@app/shared';

/** What the API needs to serve: Postgres for every request, Redis for sign-in, rate limits and the events. */
export const apiReadiness = (app: FastifyInstance): Promise<Readiness<'postgres' | 'redis'>> =>
  readiness({ postgres: postgresAnswers(app.sql), redis: redisAnswers(app.redis) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { tags: ['system'], response: { 200: HealthResponseSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { tags: ['system'], response: { 200: ReadinessResponseSchema, 503: ReadinessResponseSchema } } },
    async (_request, reply) => {
      const { ready, body } = await apiReadiness(app);
      if (!ready) void reply.header('retry-after', '2');
      return reply.status(ready ? 200 : 503).send(body);
    },
  );

  app.get('/api/config', { schema: { tags: ['system'], response: { 200: ClientConfigSchema } } }, async () => ({
    realtimeUrl: app.config.PUBLIC_REALTIME_URL || null,
    realtimePort: app.config.REALTIME_PORT,
  }));
};
