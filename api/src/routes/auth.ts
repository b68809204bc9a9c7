import type { FastifyInstance, FastifyReply } from 'fastify';
import { LoginBodySchema, RegisterBodySchema } from '@app/shared';
import { Unauthorized } from '../domain-errors.js';
import { currentUser } from '../plugins/auth.js';
import { checkUserCredentials, registerUser } from '../services/accounts.js';
import { LoginThrottle } from '../services/login-throttle.js';
import {
  REMEMBER_ME_TTL_MS,
  SESSION_TTL_MS,
  USER_COOKIE,
  createUserSession,
  deleteSession,
} from '../services/sessions.js';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, name: string, token: string, maxAgeMs?: number) {
  reply.setCookie(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Behind a TLS-terminating proxy the protocol comes from X-Forwarded-Proto (trustProxy is on).
    secure: app.config.COOKIE_SECURE || reply.request.protocol === 'https',
    ...(maxAgeMs ? { maxAge: Math.floor(maxAgeMs / 1000) } : {}),
  });
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const throttle = new LoginThrottle(app.redis, app.config.REDIS_PREFIX);

  app.post('/api/auth/login', async (request, reply) => {
    const body = LoginBodySchema.parse(request.body);
    await throttle.assertAllowed('user', body.email, request.ip);
    const user = await checkUserCredentials(app.sql, body.email, body.password);
    if (!user) {
      await throttle.recordFailure('user', body.email, request.ip);
      throw new Unauthorized(INVALID_CREDENTIALS);
    }
    await throttle.clearAccount('user', body.email);
    // Rotation: whatever session the browser had before is ended, a new token is issued.
    const previous = request.cookies[USER_COOKIE];
    if (previous) {
      app.sessionCache.evict(previous);
      await deleteSession(app.sql, previous);
    }
    const ttl = body.rememberMe ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS;
    const token = await createUserSession(app.sql, user.id, ttl);
    setSessionCookie(app, reply, USER_COOKIE, token, body.rememberMe ? ttl : undefined);
    return { user };
  });

  app.post('/api/auth/register', async (request, reply) => {
    const body = RegisterBodySchema.parse(request.body);
    await throttle.assertRegistrationAllowed(request.ip);
    const user = await registerUser(app.sql, body);
    const token = await createUserSession(app.sql, user.id, SESSION_TTL_MS);
    setSessionCookie(app, reply, USER_COOKIE, token);
    return reply.status(201).send({ user });
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const token = request.cookies[USER_COOKIE];
    if (token) {
      app.sessionCache.evict(token);
      await deleteSession(app.sql, token);
    }
    reply.clearCookie(USER_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/api/auth/me', async (request, reply) => {
    const user = await currentUser(request);
    if (!user) return reply.status(401).send({ error: 'Not signed in' });
    return { user };
  });
}
