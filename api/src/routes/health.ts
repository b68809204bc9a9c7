import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const [pg, redis] = await Promise.allSettled([
      app.sql`select 1`,
      Promise.race([app.redis.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000))]),
    ]);
    const body = { postgres: pg.status === 'fulfilled' ? 'ok' : 'down', redis: redis.status === 'fulfilled' ? 'ok' : 'down' };
    return reply.status(body.postgres === 'ok' && body.redis === 'ok' ? 200 : 503).send(body);
  });

  app.get('/api/config', async (request) => {
    const realtimeUrl =
      app.config.PUBLIC_REALTIME_URL || `${request.protocol}://${request.hostname.split(':')[0]}:${app.config.REALTIME_PORT}`;
    return { realtimeUrl };
  });
}
