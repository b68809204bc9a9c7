import type { FastifyInstance } from 'fastify';
import { AdminEscrowActionBodySchema, AdminLoginBodySchema, IdParamsSchema } from '@app/shared';
import { decideAuction, listPendingAuctions } from '../services/auction-approval.js';
import { requireAdmin } from '../plugins/auth.js';
import { listEscrowsForAdmin } from '../services/admin-escrows.js';
import { takeEscrowAction } from '../services/escrow.js';
import { LoginThrottle } from '../services/login-throttle.js';
import { ADMIN_COOKIE } from '../services/sessions.js';
import { signIn, signOut } from '../services/sign-in.js';
import { setSessionCookie } from './auth.js';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const deps = {
    sql: app.sql,
    throttle: new LoginThrottle(app.redis, app.config.REDIS_PREFIX),
    // Admin sessions are not cached, so there is nothing to evict.
    evict: () => {},
  };

  app.post('/api/admin/login', async (request, reply) => {
    const body = AdminLoginBodySchema.parse(request.body);
    const s = await signIn(deps, 'admin', { ...body, ip: request.ip, previousToken: request.cookies[ADMIN_COOKIE] });
    setSessionCookie(app, reply, s.cookie, s.token);
    return { admin: s.principal };
  });

  app.post('/api/admin/logout', async (request, reply) => {
    await signOut(deps, request.cookies[ADMIN_COOKIE]);
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
    scope.get('/api/admin/escrows', async () => listEscrowsForAdmin(app.sql));
    scope.post('/api/admin/escrows/:id/actions', async (request) => {
      const { id } = IdParamsSchema.parse(request.params);
      const body = AdminEscrowActionBodySchema.parse(request.body);
      const admin = await requireAdmin(request);
      return takeEscrowAction({ sql: app.sql, events: app.events }, { transactionId: id, ...body }, { kind: 'admin', adminId: admin.id });
    });
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
