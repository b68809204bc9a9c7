import type { FastifyInstance, FastifyReply } from 'fastify';
import { LoginBodySchema, RegisterBodySchema } from '@app/shared';
import { currentUser } from '../plugins/auth.js';
import { registerUser } from '../services/accounts.js';
import { LoginThrottle } from '../services/login-throttle.js';
import { SESSION_TTL_MS, USER_COOKIE, createUserSession } from '../services/sessions.js';
import { signIn, signOut } from '../services/sign-in.js';

export { INVALID_CREDENTIALS } from '../services/sign-in.js';

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
  const deps = {
    sql: app.sql,
    throttle: new LoginThrottle(app.redis, app.config.REDIS_PREFIX),
    evict: (token: string) => app.sessionCache.evict(token),
  };

  app.post('/api/auth/login', async (request, reply) => {
    const body = LoginBodySchema.parse(request.body);
    const s = await signIn(deps, 'user', { ...body, ip: request.ip, previousToken: request.cookies[USER_COOKIE] });
    setSessionCookie(app, reply, s.cookie, s.token, s.persistentMs);
    return { user: s.principal };
  });

  app.post('/api/auth/register', async (request, reply) => {
    const body = RegisterBodySchema.parse(request.body);
    await deps.throttle.assertRegistrationAllowed(request.ip);
    const user = await registerUser(app.sql, body);
    setSessionCookie(app, reply, USER_COOKIE, await createUserSession(app.sql, user.id, SESSION_TTL_MS));
    return reply.status(201).send({ user });
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await signOut(deps, request.cookies[USER_COOKIE]);
    reply.clearCookie(USER_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/api/auth/me', async (request, reply) => {
    const user = await currentUser(request);
    if (!user) return reply.status(401).send({ error: 'Not signed in' });
    return { user };
  });
}
