// Web push devices (a member opts in per browser) and the daily digest's setting; the settings page calls these.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DigestSettingsSchema,
  PushDevicesSchema,
  PushEndpointBodySchema,
  PushKeySchema,
  PushSubscriptionBodySchema,
} from '@app/shared';
import { addPushDevice, digestSettings, pushDevices, removePushDevice, setDigest, vapidKeys } from '@app/core/notices';
import { requireUser } from '../plugins/auth.js';
import { limit } from '../plugins/rate-limits.js';
import { errors } from './responses.js';

const tags = ['notifications'];
const security = [{ session: [] }];

export const pushAndDigestRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read once: configured keys, or outside production the pair kept in the database (made by whichever process
  // started first). A failure is not kept, so the next request asks again.
  let keys: ReturnType<typeof vapidKeys> | null = null;
  const publicKey = async () => {
    keys ??= vapidKeys(app.sql, app.config).catch((err: unknown) => {
      keys = null;
      throw err;
    });
    const k = await keys;
    return 'off' in k ? null : k.publicKey;
  };
  app.addHook('onReady', async () => {
    const k = await vapidKeys(app.sql, app.config);
    if ('off' in k) app.log.warn(k.off);
  });

  app.get('/api/push/key', { schema: { tags, response: { 200: PushKeySchema } } }, async () => ({
    publicKey: await publicKey(),
  }));
  app.get(
    '/api/push/subscriptions',
    { schema: { tags, security, response: { 200: PushDevicesSchema, ...errors(401) } } },
    async (request) => pushDevices(app.sql, (await requireUser(request)).id),
  );
  app.post(
    '/api/push/subscriptions',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        body: PushSubscriptionBodySchema,
        response: { 200: PushDevicesSchema, ...errors(400, 401) },
      },
    },
    async (request) =>
      addPushDevice(app.sql, (await requireUser(request)).id, request.body, app.config.PUSH_ALLOW_HTTP_ENDPOINTS),
  );
  app.delete(
    '/api/push/subscriptions',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        body: PushEndpointBodySchema,
        response: { 200: PushDevicesSchema, ...errors(400, 401) },
      },
    },
    async (request) => removePushDevice(app.sql, (await requireUser(request)).id, request.body.endpoint),
  );

  app.get(
    '/api/settings/digest',
    { schema: { tags, security, response: { 200: DigestSettingsSchema, ...errors(401) } } },
    async (request) => digestSettings(app.sql, (await requireUser(request)).id),
  );
  app.put(
    '/api/settings/digest',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        body: DigestSettingsSchema,
        response: { 200: DigestSettingsSchema, ...errors(400, 401) },
      },
    },
    async (request) => setDigest(app.sql, (await requireUser(request)).id, request.body),
  );
};
