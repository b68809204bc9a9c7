// Who is asking: the session cookie resolves to a user (or an admin); write routes require one and refuse foreign origins.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_SECOND_FACTOR_REQUIRED, type AdminUser, type SessionUser } from '@app/shared';
import { Forbidden, Unauthorized } from '@app/core';
import { ADMIN_COOKIE, USER_COOKIE, findSessionAdmin, findSessionUser } from '@app/core/identity';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: Promise<SessionUser | null>;
    sessionAdmin?: Promise<AdminUser | null>;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write that acts for no session, so a foreign page gains nothing by sending it: browsers' CSP reports, which
     * come from whatever page framed or injected into ours (Origin: null or another site).
     */
    crossSite?: 'allowed';
  }
}

export function registerAuth(app: FastifyInstance, origins: readonly string[]): void {
  // CSRF: cookies ride along on cross-site requests, so a write must come from one of our own pages.
  // Answered here rather than thrown: plugins with error handlers of their own (the queue dashboard) would turn a thrown
  // refusal into a 500.
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE.has(request.method) || request.routeOptions.config.crossSite === 'allowed') return;
    const origin = request.headers.origin;
    const crossSite =
      origin !== undefined ? !origins.includes(origin) : request.headers['sec-fetch-site'] === 'cross-site';
    if (crossSite) return reply.status(403).send({ error: 'Cross-origin request refused' });
  });
}

/** The signed-in user or null; looked up once per request and only when a route asks. */
export function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (!request.sessionUser) {
    const token = request.cookies[USER_COOKIE];
    request.sessionUser = token ? lookUpUser(request, token) : Promise.resolve(null);
  }
  return request.sessionUser;
}

async function lookUpUser(request: FastifyRequest, token: string): Promise<SessionUser | null> {
  const cache = request.server.sessionCache;
  const cached = cache.get(token);
  if (cached !== undefined) return cached;
  const user = await findSessionUser(request.server.sql, token);
  cache.set(token, user);
  return user;
}

export async function requireUser(request: FastifyRequest, claimedUserId?: number): Promise<SessionUser> {
  const user = await currentUser(request);
  if (!user) throw new Unauthorized();
  // The spec's client sends userId; it may only name the session's own user.
  if (claimedUserId !== undefined && claimedUserId !== user.id) {
    throw new Forbidden('userId does not match the signed-in user');
  }
  return user;
}

/** The admin session of this browser, with or without the second factor (which admins must set up before anything else). */
export function adminSession(request: FastifyRequest): Promise<AdminUser | null> {
  if (!request.sessionAdmin) {
    const token = request.cookies[ADMIN_COOKIE];
    request.sessionAdmin = token ? findSessionAdmin(request.server.sql, token) : Promise.resolve(null);
  }
  return request.sessionAdmin;
}

/** The signed-in admin who may act as one: an admin without the second factor is not one yet. */
export async function currentAdmin(request: FastifyRequest): Promise<AdminUser | null> {
  const admin = await adminSession(request);
  return admin?.secondFactor ? admin : null;
}

/** An admin session, second factor or not: for the routes that set it up. */
export async function requireAdminSession(request: FastifyRequest): Promise<AdminUser> {
  const admin = await adminSession(request);
  if (admin) return admin;
  if (await currentUser(request)) throw new Forbidden('Admin access only');
  throw new Unauthorized('Admin sign-in required');
}

/** 401 when nobody is signed in, 403 when an ordinary user tries an admin route. */
export async function requireAdmin(request: FastifyRequest, _reply?: FastifyReply): Promise<AdminUser> {
  const admin = await adminSession(request);
  if (admin && !admin.secondFactor) throw new Forbidden(ADMIN_SECOND_FACTOR_REQUIRED);
  if (admin) return admin;
  if (await currentUser(request)) throw new Forbidden('Admin access only');
  throw new Unauthorized('Admin sign-in required');
}
