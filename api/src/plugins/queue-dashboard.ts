// The ops view of the background queues (counts, failed jobs, retries) at /admin/queues, for admin sessions only.
import type { FastifyInstance } from 'fastify';
import { Queue } from 'bullmq';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { QUEUE_NAMES } from '@app/shared';
import { bullConnection, bullPrefix } from '@app/infra';
import { requireAdmin } from './auth.js';
import { DomainError } from '@app/core';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';
/** A <link> to another site (the dashboard's own files are linked by relative paths). */
const FOREIGN_LINK = /<link\b[^>]*\bhref="https?:\/\/[^"]*"[^>]*>/gi;

export async function registerQueueDashboard(app: FastifyInstance): Promise<void> {
  // The dashboard only reads: fail fast instead of queueing commands while Redis is away.
  const connection = bullConnection(app.config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const queues = Object.values(QUEUE_NAMES).map(
    (name) => new Queue(name, { connection, prefix: bullPrefix(app.config.REDIS_PREFIX) }),
  );
  for (const q of queues)
    q.on('error', (err) => app.log.warn({ err: err.message, queue: q.name }, 'queue dashboard redis error'));
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q)), serverAdapter });

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      try {
        await requireAdmin(request);
      } catch (err) {
        // A person opening the page is sent to sign in; anything else gets the JSON error. Answered here because the
        // dashboard's own plugin has an error handler of its own that would turn the refusal into a 500.
        if (request.method === 'GET' && request.headers.accept?.includes('text/html'))
          return reply.redirect('/admin/login');
        if (err instanceof DomainError) return reply.status(err.status).send({ error: err.message });
        throw err;
      }
    });
    // The dashboard's page links its fonts from Google, which the Content-Security-Policy blocks (and reports): the
    // link is dropped and the page falls back to the system's sans-serif and monospace fonts.
    scope.addHook('onSend', async (_request, reply, payload) =>
      typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')
        ? payload.replace(FOREIGN_LINK, '')
        : payload,
    );
    await scope.register(serverAdapter.registerPlugin(), { prefix: QUEUE_DASHBOARD_PATH });
  });
  app.addHook('onClose', async () => {
    await Promise.all(queues.map((q) => q.close()));
  });
}
