import type { FastifyInstance } from 'fastify';
import { AdminLoginBodySchema, IdParamsSchema } from '@app/shared';
import { decideAuction, listPendingAuctions } from '../services/auction-approval.js';
import { Unauthorized } from '../domain-errors.js';
import { requireAdmin } from '../plugins/auth.js';
import { checkAdminCredentials } from '../services/accounts.js';
import { LoginThrottle } from '../services/login-throttle.js';
import { ADMIN_COOKIE, createAdminSession, deleteSession } from '../services/sessions.js';
import { setSessionCookie } from './auth.js';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const throttle = new LoginThrottle(app.redis, app.config.REDIS_PREFIX);

  app.post('/api/admin/login', async (request, reply) => {
    const body = AdminLoginBodySchema.parse(request.body);
    await throttle.assertAllowed('admin', body.email, request.ip);
    const admin = await checkAdminCredentials(app.sql, body.email, body.password);
    if (!admin) {
      await throttle.recordFailure('admin', body.email, request.ip);
      throw new Unauthorized('Invalid admin credentials');
    }
    await throttle.clearAccount('admin', body.email);
    const previous = request.cookies[ADMIN_COOKIE];
    if (previous) await deleteSession(app.sql, previous);
    setSessionCookie(app, reply, ADMIN_COOKIE, await createAdminSession(app.sql, admin.id));
    return { admin };
  });

  app.post('/api/admin/logout', async (request, reply) => {
    const token = request.cookies[ADMIN_COOKIE];
    if (token) await deleteSession(app.sql, token);
    reply.clearCookie(ADMIN_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  // Everything else under /api/admin requires an admin session; the guard sits on the scope, not on each route.
  await app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      await requireAdmin(request);
    });
    scope.get('/api/admin/me', async (request) => ({ admin: await requireAdmin(request) }));
    scope.get('/api/admin/pending-auctions', async () => listPendingAuctions(app.sql));
    scope.post('/api/admin/auctions/:id/approve', async (request) =>
      decideAuction(app.sql, app.events, IdParamsSchema.parse(request.params).id, true),
    );
    scope.post('/api/admin/auctions/:id/reject', async (request) =>
      decideAuction(app.sql, app.events, IdParamsSchema.parse(request.params).id, false),
    );
    scope.get('/api/admin/overview', async () => {
      const [counts] = await app.sql<{ liveAuctions: number; users: number; bidsToday: number; pending: number }[]>`
        select (select count(*)::int from auctions where status = 'active') as live_auctions,
               (select count(*)::int from users) as users,
               (select count(*)::int from bids where timestamp > now() - interval '1 day') as bids_today,
               (select count(*)::int from auctions where status = 'pending') as pending`;
      return counts;
    });
  });
}
