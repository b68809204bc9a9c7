import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuctionIdParamsSchema,
  CaughtMailListSchema,
  EmailSettingsSchema,
  MarkNotificationsReadBodySchema,
  NotificationListSchema,
  UnreadCountSchema,
  UnsubscribeBodySchema,
  UnsubscribedSchema,
  UpdateEmailSettingBodySchema,
  WatchStateSchema,
  WatchlistSchema,
} from '@app/shared';
import { requireAdmin, requireUser } from '../plugins/auth.js';
import { limit } from '../plugins/rate-limits.js';
import {
  caughtMails,
  emailSettings,
  listNotifications,
  markRead,
  setEmail,
  setWatching,
  unsubscribe,
  watchlist,
} from '@app/core/notices';
import { errors } from './responses.js';

const tags = ['notifications'];
const security = [{ session: [] }];

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    { schema: { tags, security, response: { 200: NotificationListSchema, ...errors(401) } } },
    async (request) => listNotifications(app.sql, (await requireUser(request)).id),
  );
  app.post(
    '/api/notifications/read',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        body: MarkNotificationsReadBodySchema,
        response: { 200: UnreadCountSchema, ...errors(400, 401) },
      },
    },
    async (request) => markRead(app.sql, (await requireUser(request)).id, request.body.upToId),
  );

  app.get(
    '/api/watchlist',
    { schema: { tags, security, response: { 200: WatchlistSchema, ...errors(401) } } },
    async (request) => watchlist(app.sql, (await requireUser(request)).id),
  );
  for (const [method, watching] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/watchlist/:auctionId',
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        params: AuctionIdParamsSchema,
        response: { 200: WatchStateSchema, ...errors(400, 401, 404) },
      },
      handler: async (request) =>
        setWatching(app.sql, (await requireUser(request)).id, request.params.auctionId, watching),
    });
  }

  app.get(
    '/api/settings/email',
    { schema: { tags, security, response: { 200: EmailSettingsSchema, ...errors(401) } } },
    async (request) => emailSettings(app.sql, (await requireUser(request)).id),
  );
  app.patch(
    '/api/settings/email',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        body: UpdateEmailSettingBodySchema,
        response: { 200: EmailSettingsSchema, ...errors(400, 401) },
      },
    },
    async (request) => setEmail(app.sql, (await requireUser(request)).id, request.body.kind, request.body.email),
  );
  // The link in every mail: works without signing in, for the one user and kind it was signed for.
  app.post(
    '/api/notifications/unsubscribe',
    { schema: { tags, body: UnsubscribeBodySchema, response: { 200: UnsubscribedSchema, ...errors(400) } } },
    async (request) => unsubscribe(app.sql, request.body.token),
  );

  app.get(
    '/api/admin/mail',
    { schema: { tags: ['admin'], security, response: { 200: CaughtMailListSchema, ...errors(401, 403) } } },
    async (request) => {
      await requireAdmin(request);
      return caughtMails(app.sql);
    },
  );
};
