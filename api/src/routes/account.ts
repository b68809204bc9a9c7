// The account page's security: the member's address and a change of it (confirmed at the new address), and the second
// factor (set up with a key and its first code; recovery codes shown once; turned off with a code).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountSecuritySchema,
  AccountTokenBodySchema,
  AuthResponseSchema,
  EMAIL_CHANGE_ANSWER,
  EmailChangeBodySchema,
  MessageAnswerSchema,
  RecoveryCodesSchema,
  TotpCodeBodySchema,
  TotpSetupSchema,
} from '@app/shared';
import {
  AccountMails,
  beginTotpSetup,
  confirmEmailChange,
  disableTotp,
  enableTotp,
  pendingEmailChange,
  requestEmailChange,
  secondFactorState,
} from '@app/core/identity';
import { requireUser } from '../plugins/auth.js';
import { errors } from './responses.js';
import { limit } from '../plugins/rate-limits.js';

const tags = ['account'];
const security = [{ session: [] }];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const mails = new AccountMails(app.config, app.log);
  app.addHook('onClose', () => mails.close());
  const write = { rateLimit: limit('write', app.config) };

  app.get(
    '/api/account/security',
    { schema: { tags, security, response: { 200: AccountSecuritySchema, ...errors(401) } } },
    async (request) => {
      const user = await requireUser(request);
      const [factor, pendingEmail] = await Promise.all([
        secondFactorState(app.sql, user.id),
        pendingEmailChange(app.sql, user.id),
      ]);
      return { email: user.email, secondFactor: factor.on, recoveryCodesLeft: factor.recoveryCodesLeft, pendingEmail };
    },
  );

  app.post(
    '/api/account/email',
    {
      config: write,
      schema: {
        tags,
        security,
        body: EmailChangeBodySchema,
        response: { 202: MessageAnswerSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await requestEmailChange({ sql: app.sql, mails }, user.id, request.body);
      return reply.status(202).send({ message: EMAIL_CHANGE_ANSWER });
    },
  );

  // Opened from the mail, perhaps on another device: the token proves the new mailbox; no session is needed.
  app.post(
    '/api/account/email/confirm',
    {
      config: write,
      schema: { tags, body: AccountTokenBodySchema, response: { 200: AuthResponseSchema, ...errors(400, 409) } },
    },
    async (request) => ({
      user: await confirmEmailChange(
        { sql: app.sql, evictUser: (id: number) => app.sessionCache.evictUser(id) },
        request.body.token,
      ),
    }),
  );

  app.post(
    '/api/account/totp/setup',
    { config: write, schema: { tags, security, response: { 200: TotpSetupSchema, ...errors(401, 409) } } },
    async (request) => beginTotpSetup(app.sql, (await requireUser(request)).id),
  );

  app.post(
    '/api/account/totp/enable',
    {
      config: write,
      schema: {
        tags,
        security,
        body: TotpCodeBodySchema,
        response: { 200: RecoveryCodesSchema, ...errors(400, 401, 409, 429) },
      },
    },
    async (request) => ({
      recoveryCodes: await enableTotp(app.sql, (await requireUser(request)).id, request.body.code),
    }),
  );

  app.post(
    '/api/account/totp/disable',
    {
      config: write,
      schema: {
        tags,
        security,
        body: TotpCodeBodySchema,
        response: { 204: z.null().describe('Turned off'), ...errors(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      await disableTotp(app.sql, (await requireUser(request)).id, request.body.code);
      return reply.status(204).send(null);
    },
  );
};
