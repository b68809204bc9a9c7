// Throttled requests (answered 429) for the admin security tab: by route, by client address and by account, over the
// period. Counted in Redis, not Postgres, so a flood being refused costs a few O(1) increments and no row locks: one
// sorted set per UTC day and dimension; a period is the union of its days (7d: today and the 6 before). Bounded in
// time and size whatever the flood: a day is kept as long as the longest period needs it, and each day keeps only its
// most counted addresses, accounts and routes (the tab shows the top 20), so a refusal from a new address or for a new
// account (an anonymous sign-in names any it likes) cannot grow a day past its cap.
import type { Redis } from 'ioredis';
import { ADMIN_PERIODS, type AdminPeriod, type AdminSecurity } from '@app/shared';

/** The longest period the tab shows, and the day it spills into. */
export const THROTTLED_KEEP_SECONDS = (Math.max(...Object.values(ADMIN_PERIODS)) + 1) * 86_400;
/** Members kept per day and dimension: ten times what the tab shows, so a union of days still ranks its top right. */
export const THROTTLED_MEMBERS_PER_DAY = 200;
const TOP = 20;
type Dimension = 'route' | 'address' | 'account';

export interface ThrottledRequest {
  /** Method and route pattern (`POST /api/bids`), so ids in paths do not split one route into many. */
  route: string;
  address: string;
  /** The signed-in member or the account a sign-in tried, when known. */
  account: string | null;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const keyOf = (prefix: string, day: string, what: Dimension | 'total') => `${prefix}throttled:${day}:${what}`;

export async function recordThrottled(
  redis: Redis,
  prefix: string,
  r: ThrottledRequest,
  now = Date.now(),
): Promise<void> {
  const day = dayOf(now);
  const p = redis.pipeline();
  const count = (what: Dimension | 'total', member?: string) => {
    const key = keyOf(prefix, day, what);
    if (member === undefined) p.incr(key);
    // The least counted go first (a newcomer among equals too): the day keeps its most counted members.
    else p.zincrby(key, 1, member).zremrangebyrank(key, 0, -(THROTTLED_MEMBERS_PER_DAY + 1));
    p.expire(key, THROTTLED_KEEP_SECONDS);
  };
  count('total');
  count('route', r.route);
  count('address', r.address);
  if (r.account) count('account', r.account);
  await p.exec();
}

export async function throttledRequests(
  redis: Redis,
  prefix: string,
  period: AdminPeriod,
  now = Date.now(),
): Promise<AdminSecurity['throttled']> {
  const days = Array.from({ length: ADMIN_PERIODS[period] }, (_, i) => dayOf(now - i * 86_400_000));
  const top = async (what: Dimension) => {
    // The union is stored under a key of this read's own, read and dropped in one round trip.
    const scratch = `${prefix}throttled:read:${what}:${process.pid}:${Math.random().toString(36).slice(2)}`;
    const results = await redis
      .multi()
      .zunionstore(scratch, days.length, ...days.map((d) => keyOf(prefix, d, what)))
      .zrevrange(scratch, 0, TOP - 1, 'WITHSCORES')
      .del(scratch)
      .exec();
    const flat = (results?.[1]?.[1] ?? []) as string[];
    return Array.from({ length: flat.length / 2 }, (_, i) => ({ key: flat[2 * i]!, count: Number(flat[2 * i + 1]) }));
  };
  const [totals, byRoute, byAddress, byAccount] = await Promise.all([
    redis.mget(days.map((d) => keyOf(prefix, d, 'total'))),
    top('route'),
    top('address'),
    top('account'),
  ]);
  return {
    total: totals.reduce((sum, v) => sum + Number(v ?? 0), 0),
    byRoute: byRoute.map(({ key, count }) => ({ route: key, count })),
    byAddress: byAddress.map(({ key, count }) => ({ ip: key, count })),
    byAccount: byAccount.map(({ key, count }) => ({ account: key, count })),
  };
}
