import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthResponseSchema,
  ConfirmSignUpBodySchema,
  ForgotPasswordBodySchema,
  MessageAnswerSchema,
  RESET_ANSWER,
  ResetPasswordBodySchema,
  SecondFactorBodySchema,
  SignInAnswerSchema,
  LoginBodySchema,
  RegisterBodySchema,
  SessionStateSchema,
  SIGN_UP_ANSWER,
  SIGN_UP_SIGNED_IN,
  SignUpAnswerSchema,
} from '@app/shared';
import { Conflict } from '@app/core';
import { adminSession, currentUser } from '../plugins/auth.js';
import {
  AccountMails,
  LoginThrottle,
  SESSION_TTL_MS,
  completeSecondFactor,
  requestPasswordReset,
  resetPassword,
  type SignedIn,
  USER_COOKIE,
  createUserSession,
  signIn,
  signOut,
  confirmSignUp,
  requestSignUp,
  SignUpMails,
} from '@app/core/identity';
import { errors } from './responses.js';
import { limit } from '../plugins/rate-limits.js';

export { INVALID_CREDENTIALS } from '@app/core/identity';

export function setSessionCookie(
  app: FastifyInstance,
  reply: FastifyReply,
  name: string,
  token: string,
  maxAgeMs?: number,
) {
  reply.setCookie(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Behind a trusted TLS-terminating proxy (TRUST_PROXY) the protocol comes from X-Forwarded-Proto.
    secure: app.config.COOKIE_SECURE || reply.request.protocol === 'https',
    ...(maxAgeMs ? { maxAge: Math.floor(maxAgeMs / 1000) } : {}),
  });
}

const tags = ['account'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    sql: app.sql,
    events: app.events,
    throttle: new LoginThrottle(app.redis, app.config.REDIS_PREFIX),
    evict: (token: string) => app.sessionCache.evict(token),
  };

  app.post(
    '/api/auth/login',
    { schema: { tags, body: LoginBodySchema, response: { 200: SignInAnswerSchema, ...errors(400, 401, 429) } } },
    async (request, reply) => {
      const s = await signIn(deps, 'user', {
        ...request.body,
        ip: request.ip,
        previousToken: request.cookies[USER_COOKIE],
      });
      // The second factor on: no session yet, only a challenge the code turns into one.
      if ('challenge' in s) return { secondFactor: { challenge: s.challenge } };
      setSessionCookie(app, reply, s.cookie, s.token, s.persistentMs);
      return { user: s.principal };
    },
  );

  /** A session started by a reset or a second-factor code; "remember me" carried from the password step. */
  const answerSignedIn = (reply: FastifyReply, s: SignedIn) => {
    if ('challenge' in s) return { secondFactor: { challenge: s.challenge } };
    setSessionCookie(app, reply, USER_COOKIE, s.token, s.ttlMs > SESSION_TTL_MS ? s.ttlMs : undefined);
    return { user: s.user };
  };

  app.post(
    '/api/auth/login/second-factor',
    {
      schema: { tags, body: SecondFactorBodySchema, response: { 200: SignInAnswerSchema, ...errors(400, 401, 429) } },
    },
    async (request, reply) => {
      const s = await completeSecondFactor(app.sql, request.body.challenge, request.body.code);
      await signOut(deps, request.cookies[USER_COOKIE]);
      return answerSignedIn(reply, s);
    },
  );

  const accountMails = new AccountMails(app.config, app.log);
  app.addHook('onClose', () => accountMails.close());

  // The same answer whether or not the address has an account (and after the same work).
  app.post(
    '/api/auth/forgot-password',
    {
      config: { rateLimit: limit('passwordReset', app.config) },
      schema: { tags, body: ForgotPasswordBodySchema, response: { 202: MessageAnswerSchema, ...errors(400, 429) } },
    },
    async (request, reply) => {
      await requestPasswordReset({ sql: app.sql, mails: accountMails }, request.body.email);
      return reply.status(202).send({ message: RESET_ANSWER });
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { rateLimit: limit('passwordReset', app.config) },
      schema: { tags, body: ResetPasswordBodySchema, response: { 200: SignInAnswerSchema, ...errors(400, 429) } },
    },
    async (request, reply) => {
      const s = await resetPassword(
        { ...deps, evictUser: (id: number) => app.sessionCache.evictUser(id) },
        request.body,
      );
      // This browser's own session (if any) ended with the others: a new cookie, or none until the code.
      if ('challenge' in s) reply.clearCookie(USER_COOKIE, { path: '/' });
      return answerSignedIn(reply, s);
    },
  );

  const mails = new SignUpMails(app.config, app.log);
  app.addHook('onClose', () => mails.close());

  // The same answer for a new address and one that has an account; the mail tells the owner which it was.
  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: limit('register', app.config) },
      schema: { tags, body: RegisterBodySchema, response: { 202: SignUpAnswerSchema, ...errors(400, 429) } },
    },
    async (request, reply) => {
      await requestSignUp({ sql: app.sql, mails }, request.body);
      return reply.status(202).send({ message: SIGN_UP_ANSWER });
    },
  );

  app.post(
    '/api/auth/confirm-email',
    { schema: { tags, body: ConfirmSignUpBodySchema, response: { 200: AuthResponseSchema, ...errors(400, 409) } } },
    async (request, reply) => {
      // A link someone else sent must not switch a signed-in browser to the account it makes (its member would then
      // act, pay or type card details as the stranger). The link stays unused until opened signed out.
      if (await currentUser(request)) throw new Conflict(SIGN_UP_SIGNED_IN);
      const user = await confirmSignUp(app.sql, request.body.token, request.body.password);
      // A session cookie that no longer signs anyone in is replaced, and its row (if any is left) removed.
      await signOut(deps, request.cookies[USER_COOKIE]);
      setSessionCookie(app, reply, USER_COOKIE, await createUserSession(app.sql, user.id, SESSION_TTL_MS));
      return { user };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags, response: { 204: z.null().describe('Signed out') } } },
    async (request, reply) => {
      await signOut(deps, request.cookies[USER_COOKIE]);
      reply.clearCookie(USER_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/me',
    { schema: { tags, security: [{ session: [] }], response: { 200: AuthResponseSchema, ...errors(401) } } },
    async (request, reply) => {
      const user = await currentUser(request);
      if (!user) return reply.status(401).send({ error: 'Not signed in' });
      return { user };
    },
  );

  // The pages' session query: signed out is an answer, not a failure (spec: a read may yield empty on 401), given
  // as 200 with nulls so a signed-out visit logs no failed request. Admin sessions are a separate cookie.
  app.get('/api/auth/session', { schema: { tags, response: { 200: SessionStateSchema } } }, async (request) => {
    // An admin without the second factor is named too (secondFactor: false): the portal leads them to set it up.
    const [user, admin] = await Promise.all([currentUser(request), adminSession(request)]);
    return { user, admin };
  });
};
