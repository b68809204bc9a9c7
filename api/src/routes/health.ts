import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClientConfigSchema, HealthResponseSchema, ReadinessResponseSchema } from '@app/shared';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { tags: ['system'], response: { 200: HealthResponseSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { tags: ['system'], response: { 200: ReadinessResponseSchema, 503: ReadinessResponseSchema } } },
    async (_request, reply) => {
      const [pg, redis] = await Promise.allSettled([
        app.sql`select 1`,
        Promise.race([
          app.redis.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000)),
        ]),
      ]);
      const body = {
        postgres: pg.status === 'fulfilled' ? ('ok' as const) : ('down' as const),
        redis: redis.status === 'fulfilled' ? ('ok' as const) : ('down' as const),
      };
      return reply.status(body.postgres === 'ok' && body.redis === 'ok' ? 200 : 503).send(body);
    },
  );

  app.get('/api/config', { schema: { tags: ['system'], response: { 200: ClientConfigSchema } } }, async () => ({
    realtimeUrl: app.config.PUBLIC_REALTIME_URL || null,
    realtimePort: app.config.REALTIME_PORT,
  }));
};
