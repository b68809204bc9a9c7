// Request rate limits, counted in Redis so they hold across API processes. Every client address has a general limit;
// writes are limited per signed-in user (per address when signed out). Some limits are product rules from the spec
// (chat: 5 messages in 10 s) and never scale; the protective ones scale with RATE_LIMIT_SCALE for load tests.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { createRedis } from '@app/infra';
import {
  CHAT_RATE_LIMIT,
  FORUM_POST_RATE_LIMIT,
  FORUM_REPLY_RATE_LIMIT,
  LoginBodySchema,
  VIN_SCAN_RATE_LIMIT,
} from '@app/shared';
import { TooManyRequests } from '@app/core';
import { recordThrottled } from '@app/core/admin';
import { currentUser } from './auth.js';

interface Limit {
  max: number;
  windowMs: number;
  /** Product rules keep their number whatever the scale. */
  scaled: boolean;
  per: 'address' | 'user';
  message: string;
}

export const RATE_LIMITS = {
  general: {
    max: 1200,
    windowMs: 60_000,
    scaled: true,
    per: 'address',
    message: 'Too many requests from this address: slow down and try again shortly',
  },
  bid: { max: 60, windowMs: 60_000, scaled: true, per: 'user', message: 'Too many bids: at most 60 a minute' },
  write: {
    max: 60,
    windowMs: 60_000,
    scaled: true,
    per: 'user',
    message: 'Too many changes in a short time: wait a moment and try again',
  },
  // VIN decodes, valuations and history reports: each costs a decode or a model run, and a scraper would want them all.
  lookup: {
    max: 30,
    windowMs: 60_000,
    scaled: true,
    per: 'user',
    message: 'Too many lookups in a short time: wait a moment and try again',
  },
  // The trade-in wizard saves its draft 0.4 s after each pause in typing.
  draft: {
    max: 120,
    windowMs: 60_000,
    scaled: true,
    per: 'user',
    message: 'Saving too often: wait a moment and try again',
  },
  chat: {
    max: CHAT_RATE_LIMIT.messages,
    windowMs: CHAT_RATE_LIMIT.windowSeconds * 1000,
    scaled: false,
    per: 'user',
    message: `You are sending messages too fast: at most ${CHAT_RATE_LIMIT.messages} every ${CHAT_RATE_LIMIT.windowSeconds} seconds`,
  },
  vinScan: {
    max: VIN_SCAN_RATE_LIMIT.scans,
    windowMs: VIN_SCAN_RATE_LIMIT.windowSeconds * 1000,
    scaled: false,
    per: 'user',
    message: `Too many scans: at most ${VIN_SCAN_RATE_LIMIT.scans} a minute. Type the VIN instead, or try again shortly.`,
  },
  // Protective, like writes: a flood of posts is spam whatever the load test (so they scale).
  forumPost: {
    max: FORUM_POST_RATE_LIMIT.posts,
    windowMs: FORUM_POST_RATE_LIMIT.windowSeconds * 1000,
    scaled: true,
    per: 'user',
    message: `You are posting too fast: at most ${FORUM_POST_RATE_LIMIT.posts} posts every ${FORUM_POST_RATE_LIMIT.windowSeconds / 60} minutes`,
  },
  forumReply: {
    max: FORUM_REPLY_RATE_LIMIT.replies,
    windowMs: FORUM_REPLY_RATE_LIMIT.windowSeconds * 1000,
    scaled: true,
    per: 'user',
    message: `You are replying too fast: at most ${FORUM_REPLY_RATE_LIMIT.replies} replies a minute`,
  },
  register: {
    max: 10,
    windowMs: 3_600_000,
    scaled: false,
    per: 'address',
    message: 'Too many sign-ups from this address. Try again later.',
  },
  // Reset requests and link uses from one address: each request may mail someone, each use hashes a password.
  passwordReset: {
    max: 10,
    windowMs: 3_600_000,
    scaled: false,
    per: 'address',
    message: 'Too many password reset requests from this address. Try again later.',
  },
  // Every write of one member together, whatever the route: each route's own limit holds for that route alone, and
  // one member spread 600 writes in 1.8 s over 10 routes. Above a bidding war with chat and a trade-in draft at once.
  memberWrites: {
    max: 180,
    windowMs: 60_000,
    scaled: true,
    per: 'user',
    message: 'Too many changes in a minute: wait a moment and try again',
  },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof RATE_LIMITS;

/** Who a request counts against: the session's user for per-user limits (its address when signed out). */
async function subject(request: FastifyRequest, per: Limit['per']): Promise<string> {
  if (per === 'user') {
    const user = await currentUser(request);
    if (user) return `u${user.id}`;
  }
  return `a${request.ip}`;
}

/** The route option for one named limit: `{ config: { rateLimit: limit('chat', app.config) } }`. */
export function limit(name: LimitName, config: { RATE_LIMIT_SCALE: number }): RateLimitOptions {
  const l: Limit = RATE_LIMITS[name];
  return {
    max: l.scaled ? Math.round(l.max * config.RATE_LIMIT_SCALE) : l.max,
    timeWindow: l.windowMs,
    groupId: name,
    keyGenerator: (request) => subject(request, l.per),
    errorResponseBuilder: (_request, ctx) => new TooManyRequests(l.message, ctx.ttl / 1000),
  };
}

const SIGN_IN_ROUTES = new Set(['/api/auth/login', '/api/admin/login']);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Browsers post violation reports on their own; they are not the member's writes. */
const NOT_MEMBER_WRITES = new Set(['/api/csp-reports']);
const SignInEmailSchema = LoginBodySchema.pick({ email: true });

/**
 * The account a throttled request counts against, when it costs nothing more to know: the member whose session the
 * request already resolved (every per-user limit does), or the account a sign-in tried.
 */
async function throttledAccount(request: FastifyRequest): Promise<string | null> {
  const user = request.sessionUser ? await request.sessionUser.catch(() => null) : null;
  if (user) return user.email;
  if (!SIGN_IN_ROUTES.has(request.routeOptions.url ?? '')) return null;
  const tried = SignInEmailSchema.safeParse(request.body);
  return tried.success ? tried.data.email : null;
}

/** Counts a member's write and gives the count and the window's time left; the window starts with the first write. */
const COUNT_MEMBER_WRITE = `
  local n = redis.call('incr', KEYS[1])
  redis.call('pexpire', KEYS[1], ARGV[1], 'NX')
  return {n, redis.call('pttl', KEYS[1])}`;

export async function registerRateLimits(
  app: FastifyInstance,
  config: { REDIS_URL: string; REDIS_PREFIX: string; RATE_LIMIT_SCALE: number },
): Promise<void> {
  // Its own connection that fails fast: with Redis away, requests go on unlimited (logged) rather than wait. Counts
  // asked for in the same turn of the event loop (under load, many requests' worth) travel in one write.
  const redis = createRedis(config.REDIS_URL, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    enableAutoPipelining: true,
  });
  redis.on('error', (err) => app.log.warn({ err: err.message }, 'rate limit redis error'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  // Every 429 answered (a rate limit here, the sign-in throttle in its service) is counted for the admin security tab.
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 429) return;
    const entry = {
      route: `${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
      address: request.ip,
      account: await throttledAccount(request),
    };
    await recordThrottled(redis, config.REDIS_PREFIX, entry).catch((err: Error) =>
      request.log.warn({ err: err.message }, 'throttled request not counted'),
    );
  });
  // EVALSHA, with the script sent again only if Redis has forgotten it.
  redis.defineCommand('countMemberWrite', { numberOfKeys: 1, lua: COUNT_MEMBER_WRITE });
  const countMemberWrite = (key: string, windowMs: number) =>
    (redis as unknown as { countMemberWrite(k: string, ms: number): Promise<[number, number]> }).countMemberWrite(
      key,
      windowMs,
    );
  const memberWrites = RATE_LIMITS.memberWrites;
  const maxMemberWrites = Math.round(memberWrites.max * config.RATE_LIMIT_SCALE);
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method) || NOT_MEMBER_WRITES.has(request.routeOptions.url ?? '')) return;
    const user = await currentUser(request).catch(() => null);
    if (!user) return;
    const key = `${config.REDIS_PREFIX}rl:member-writes:${user.id}`;
    // One script, not a MULTI of three commands: one command for auto-pipelining to batch, and no transaction object
    // built per request (the MULTI was the largest Redis cost of a bid in the API's profile).
    const counted = await countMemberWrite(key, memberWrites.windowMs).catch((err: Error) => {
      // As the other limits: with Redis away, writes go on uncounted rather than wait.
      request.log.warn({ err: err.message }, 'member write cap not counted');
      return null;
    });
    if (!counted) return;
    const [n, ttl] = counted;
    if (n > maxMemberWrites) throw new TooManyRequests(memberWrites.message, Math.max(1, ttl) / 1000);
  });

  const general = limit('general', config);
  await app.register(rateLimit, {
    global: true,
    redis,
    nameSpace: `${config.REDIS_PREFIX}rl:`,
    skipOnError: true,
    max: general.max,
    timeWindow: general.timeWindow,
    keyGenerator: general.keyGenerator,
    errorResponseBuilder: general.errorResponseBuilder,
  });
}
