import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAuthResponseSchema,
  AdminSignInAnswerSchema,
  RecoveryCodesSchema,
  SecondFactorBodySchema,
  TotpCodeBodySchema,
  TotpSetupSchema,
  AdminEscrowActionBodySchema,
  AdminEscrowSchema,
  AdminLoginBodySchema,
  AdminAuctionListQuerySchema,
  AdminAuctionListSchema,
  AdminExportQuerySchema,
  AdminOverviewSchema,
  AdminPeriodQuerySchema,
  AdminSecuritySchema,
  FlaggedUserListSchema,
  AdminSettingsResponseSchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  BidExemptionBodySchema,
  BidExemptionSchema,
  SetPremiumBodySchema,
  SuspendUserBodySchema,
  UpdateMarketplaceSettingsBodySchema,
  AuctionDecisionResponseSchema,
  AuctionListSchema,
  EscrowChangeResponseSchema,
  IdParamsSchema,
} from '@app/shared';
import { decideAuction, listPendingAuctions } from '@app/core/auctions';
import { requireAdmin, requireAdminSession } from '../plugins/auth.js';
import {
  adminOverview,
  listEscrowsForAdmin,
  listUsersForAdmin,
  reactivateUser,
  setPremium,
  suspendUser,
  adminReportStream,
  listAuctionsForAdmin,
  adminSecurity,
  flaggedUsers,
} from '@app/core/admin';
import { takeEscrowAction } from '@app/core/escrow';
import { setBidExemption } from '@app/core/payments';
import {
  LoginThrottle,
  ADMIN_COOKIE,
  beginTotpSetup,
  completeAdminSecondFactor,
  enableTotp,
  findSessionAdmin,
  signIn,
  signOut,
} from '@app/core/identity';
import { limit } from '../plugins/rate-limits.js';
import { settingsWithAudit, updateSettings } from '@app/core/settings';
import { setSessionCookie } from './auth.js';
import { errors } from './responses.js';

const tags = ['admin'];
const security = [{ adminSession: [] }];
const guarded = errors(401, 403);

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    sql: app.sql,
    events: app.events,
    throttle: new LoginThrottle(app.redis, app.config.REDIS_PREFIX),
    // Admin sessions are not cached, so there is nothing to evict.
    evict: () => {},
  };

  app.post(
    '/api/admin/login',
    {
      schema: {
        tags,
        body: AdminLoginBodySchema,
        response: { 200: AdminSignInAnswerSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const s = await signIn(deps, 'admin', {
        ...request.body,
        ip: request.ip,
        previousToken: request.cookies[ADMIN_COOKIE],
      });
      if ('challenge' in s) return { secondFactor: { challenge: s.challenge } };
      // An admin without the second factor gets a session that can only set it up (requireAdmin refuses the rest).
      setSessionCookie(app, reply, s.cookie, s.token);
      return { admin: s.principal };
    },
  );

  app.post(
    '/api/admin/login/second-factor',
    {
      schema: {
        tags,
        body: SecondFactorBodySchema,
        response: { 200: AdminAuthResponseSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { token } = await completeAdminSecondFactor(app.sql, request.body.challenge, request.body.code);
      await signOut(deps, request.cookies[ADMIN_COOKIE]);
      setSessionCookie(app, reply, ADMIN_COOKIE, token);
      return { admin: (await findSessionAdmin(app.sql, token))! };
    },
  );

  // Who is signed in, and the second factor's set-up: open to an admin session that does not have it yet.
  app.get(
    '/api/admin/me',
    { schema: { tags, security, response: { 200: AdminAuthResponseSchema, ...guarded } } },
    async (request) => ({ admin: await requireAdminSession(request) }),
  );
  app.post(
    '/api/admin/totp/setup',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: { tags, security, response: { 200: TotpSetupSchema, ...errors(401, 403, 409) } },
    },
    async (request) => beginTotpSetup(app.sql, { kind: 'admin', id: (await requireAdminSession(request)).id }),
  );
  app.post(
    '/api/admin/totp/enable',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        body: TotpCodeBodySchema,
        response: { 200: RecoveryCodesSchema, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request) => ({
      recoveryCodes: await enableTotp(
        app.sql,
        { kind: 'admin', id: (await requireAdminSession(request)).id },
        request.body.code,
      ),
    }),
  );

  app.post(
    '/api/admin/logout',
    { schema: { tags, response: { 204: z.null().describe('Signed out') } } },
    async (request, reply) => {
      await signOut(deps, request.cookies[ADMIN_COOKIE]);
      reply.clearCookie(ADMIN_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );

  // Everything else under /api/admin requires an admin session; the guard sits on the scope, not on each route.
  await app.register(async (instance) => {
    const scope = instance.withTypeProvider<ZodTypeProvider>();
    scope.addHook('preHandler', async (request) => {
      await requireAdmin(request);
    });
    scope.get(
      '/api/admin/overview',
      {
        schema: {
          tags,
          security,
          querystring: AdminPeriodQuerySchema,
          response: { 200: AdminOverviewSchema, ...guarded, ...errors(400) },
        },
      },
      async (request) => adminOverview(app.sql, request.query.period),
    );
    scope.get(
      '/api/admin/pending-auctions',
      { schema: { tags, security, response: { 200: AuctionListSchema, ...guarded } } },
      async () => listPendingAuctions(app.sql),
    );
    for (const decision of ['approve', 'reject'] as const) {
      scope.post(
        `/api/admin/auctions/:id/${decision}`,
        {
          schema: {
            tags,
            security,
            params: IdParamsSchema,
            response: { 200: AuctionDecisionResponseSchema, ...guarded, ...errors(400, 404) },
          },
        },
        async (request) => decideAuction(deps, request.params.id, decision === 'approve'),
      );
    }
    const done = { 204: z.null().describe('Done') };
    scope.get(
      '/api/admin/users',
      {
        schema: {
          tags,
          security,
          querystring: AdminUserListQuerySchema,
          response: { 200: AdminUserListSchema, ...guarded, ...errors(400) },
        },
      },
      async (request) => listUsersForAdmin(app.sql, request.query),
    );
    scope.post(
      '/api/admin/users/:id/suspend',
      {
        schema: {
          tags,
          security,
          params: IdParamsSchema,
          body: SuspendUserBodySchema,
          response: { ...done, ...guarded, ...errors(400, 404) },
        },
      },
      async (request, reply) => {
        const admin = await requireAdmin(request);
        await suspendUser(
          { sql: app.sql, events: app.events, sessionCache: app.sessionCache },
          admin.id,
          request.params.id,
          request.body.reason,
        );
        return reply.status(204).send(null);
      },
    );
    scope.post(
      '/api/admin/users/:id/reactivate',
      { schema: { tags, security, params: IdParamsSchema, response: { ...done, ...guarded, ...errors(400, 404) } } },
      async (request, reply) => {
        await reactivateUser({ sql: app.sql, events: app.events }, (await requireAdmin(request)).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
    scope.post(
      '/api/admin/users/:id/premium',
      {
        schema: {
          tags,
          security,
          params: IdParamsSchema,
          body: SetPremiumBodySchema,
          response: { ...done, ...guarded, ...errors(400, 404) },
        },
      },
      async (request, reply) => {
        await setPremium(
          { sql: app.sql, events: app.events, sessionCache: app.sessionCache },
          (await requireAdmin(request)).id,
          request.params.id,
          request.body.isPremium,
        );
        return reply.status(204).send(null);
      },
    );
    scope.put(
      '/api/admin/users/:id/bid-exemption',
      {
        schema: {
          tags,
          security,
          params: IdParamsSchema,
          body: BidExemptionBodySchema,
          response: { 200: BidExemptionSchema, ...guarded, ...errors(400, 404) },
        },
      },
      async (request) =>
        setBidExemption(app.sql, (await requireAdmin(request)).id, request.params.id, request.body.exempt),
    );
    scope.get(
      '/api/admin/export',
      {
        schema: {
          tags,
          security,
          description: 'Export Report: the tab and period as CSV, streamed',
          querystring: AdminExportQuerySchema,
          response: { 200: z.unknown().describe('text/csv'), ...guarded, ...errors(400) },
        },
      },
      async (request, reply) => {
        const { tab, period } = request.query;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="report-${tab}-${period}.csv"`)
          .send(adminReportStream({ sql: app.sql, redis: app.redis, prefix: app.config.REDIS_PREFIX }, request.query));
      },
    );
    scope.get(
      '/api/admin/security',
      {
        schema: {
          tags,
          security,
          querystring: AdminPeriodQuerySchema,
          response: { 200: AdminSecuritySchema, ...guarded, ...errors(400) },
        },
      },
      async (request) =>
        adminSecurity({ sql: app.sql, redis: app.redis, prefix: app.config.REDIS_PREFIX }, request.query.period),
    );
    scope.get(
      '/api/admin/flagged-users',
      {
        schema: {
          tags,
          security,
          querystring: AdminPeriodQuerySchema,
          response: { 200: FlaggedUserListSchema, ...guarded, ...errors(400) },
        },
      },
      async (request) => flaggedUsers(app.sql, request.query.period),
    );
    scope.get(
      '/api/admin/auctions',
      {
        schema: {
          tags,
          security,
          querystring: AdminAuctionListQuerySchema,
          response: { 200: AdminAuctionListSchema, ...guarded, ...errors(400) },
        },
      },
      async (request) => listAuctionsForAdmin(app.sql, request.query),
    );
    scope.get(
      '/api/admin/settings',
      { schema: { tags, security, response: { 200: AdminSettingsResponseSchema, ...guarded } } },
      async () => settingsWithAudit(app.sql),
    );
    scope.patch(
      '/api/admin/settings',
      {
        schema: {
          tags,
          security,
          body: UpdateMarketplaceSettingsBodySchema,
          response: { 200: AdminSettingsResponseSchema, ...guarded, ...errors(400) },
        },
      },
      async (request) => {
        await updateSettings({ sql: app.sql, events: app.events }, (await requireAdmin(request)).id, request.body);
        return settingsWithAudit(app.sql);
      },
    );
    scope.get(
      '/api/admin/escrows',
      { schema: { tags, security, response: { 200: z.array(AdminEscrowSchema), ...guarded } } },
      async () => listEscrowsForAdmin(app.sql),
    );
    scope.post(
      '/api/admin/escrows/:id/actions',
      {
        schema: {
          tags,
          security,
          params: IdParamsSchema,
          body: AdminEscrowActionBodySchema,
          response: { 200: EscrowChangeResponseSchema, ...guarded, ...errors(400, 404, 409) },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        return takeEscrowAction(
          { sql: app.sql, events: app.events },
          { transactionId: request.params.id, ...request.body },
          { kind: 'admin', adminId: admin.id },
        );
      },
    );
  });
};
