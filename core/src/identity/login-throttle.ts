// Failed sign-ins, counted in Redis so the limits hold across API processes. The policy (also in SECURITY.md):
// - per account AND address: the first 5 failures in 15 minutes are free; after that each attempt from that address
//   waits 1, 2, 4, ... seconds after the last failure (at most 15 minutes). An attacker slows only themselves: the
//   owner, signing in from anywhere else, is not affected;
// - per address, over all accounts: 100 failures in 15 minutes stop that address (password spraying);
// - per account, from everywhere: 1,000 failures in 15 minutes stop the account (a distributed attack), far above
//   what anyone's own mistakes reach.
// Keys are SHA-256 hashes, so a huge email address costs a fixed-size key. If Redis does not answer in time the
// sign-in is refused with 503 (fail closed) rather than left hanging or let through unthrottled.
import { countOf } from '@app/shared';
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ServiceUnavailable, TooManyRequests } from '../errors.js';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const FREE_FAILURES_PER_PAIR = 5;
export const MAX_FAILURES_PER_IP = 100;
export const MAX_FAILURES_PER_ACCOUNT = 1000;
const MAX_BACKOFF_SECONDS = LOGIN_WINDOW_SECONDS;
const REDIS_WAIT_MS = 1000;

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/** How long the (account, address) pair must wait after its n-th failure. */
export function backoffSeconds(failures: number): number {
  if (failures < FREE_FAILURES_PER_PAIR) return 0;
  return Math.min(MAX_BACKOFF_SECONDS, 2 ** (failures - FREE_FAILURES_PER_PAIR));
}

/** The Redis keys of one attempt's three counters: fixed-length hashes, whatever the address or the account. */
export function throttleKeys(prefix: string, scope: string, account: string, ip: string) {
  return {
    pair: `${prefix}throttle:pair:${digest(scope, account, ip)}`,
    account: `${prefix}throttle:acct:${digest(scope, account)}`,
    ip: `${prefix}throttle:ip:${digest(ip)}`,
  };
}

async function bounded<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new ServiceUnavailable('Sign-in is unavailable for a moment. Please try again shortly.', 5)),
          REDIS_WAIT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private keys(scope: string, account: string, ip: string) {
    return throttleKeys(this.prefix, scope, account, ip);
  }

  /** Refuses before the password is even checked once a limit is reached. */
  async assertAllowed(scope: string, account: string, ip: string): Promise<void> {
    const k = this.keys(scope, account, ip);
    const results = await bounded(
      this.redis.pipeline().hmget(k.pair, 'n', 'last').get(k.ip).ttl(k.ip).get(k.account).ttl(k.account).exec(),
    );
    const [pair, byIp, ipTtl, byAccount, accountTtl] = (results ?? []).map(([err, v]) => {
      if (err) throw new ServiceUnavailable('Sign-in is unavailable for a moment. Please try again shortly.', 5);
      return v;
    });
    const [n, last] = (pair as (string | null)[] | null) ?? [null, null];
    const wait = backoffSeconds(Number(n ?? 0));
    const waited = (Date.now() - Number(last ?? 0)) / 1000;
    if (wait > 0 && waited < wait) {
      const left = Math.ceil(wait - waited);
      throw new TooManyRequests(`Too many failed sign-in attempts. Try again in ${countOf(left, 'second')}.`, left);
    }
    if (Number(byIp ?? 0) >= MAX_FAILURES_PER_IP) {
      throw new TooManyRequests('Too many failed sign-in attempts from this address. Try again later.', Number(ipTtl));
    }
    if (Number(byAccount ?? 0) >= MAX_FAILURES_PER_ACCOUNT) {
      throw new TooManyRequests(
        'This account is temporarily locked after too many failed sign-in attempts. Try again later.',
        Number(accountTtl),
      );
    }
  }

  async recordFailure(scope: string, account: string, ip: string): Promise<void> {
    const k = this.keys(scope, account, ip);
    const p = this.redis.pipeline();
    p.hincrby(k.pair, 'n', 1).hset(k.pair, 'last', String(Date.now())).expire(k.pair, LOGIN_WINDOW_SECONDS);
    for (const key of [k.ip, k.account]) p.incr(key).expire(key, LOGIN_WINDOW_SECONDS, 'NX');
    await bounded(p.exec());
  }

  /** A successful sign-in forgives its own address's failures; the distributed counters keep running. */
  async clearPair(scope: string, account: string, ip: string): Promise<void> {
    await bounded(this.redis.del(this.keys(scope, account, ip).pair));
  }
}
