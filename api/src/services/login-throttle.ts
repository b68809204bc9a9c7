// Failed sign-ins are counted in Redis (so the limit holds across API processes): per account and per client IP.
import type { Redis } from 'ioredis';
import { TooManyRequests } from '../domain-errors.js';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_IP = 50;
export const MAX_REGISTRATIONS_PER_IP = 10;

export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(kind: string, id: string) {
    return `${this.prefix}throttle:${kind}:${id}`;
  }

  /** Refuses before the password is even checked once a limit is reached. */
  async assertAllowed(scope: string, account: string, ip: string): Promise<void> {
    const keys = [this.key(`${scope}:acct`, account), this.key(`${scope}:ip`, ip)];
    const results = await this.redis.pipeline().get(keys[0]!).ttl(keys[0]!).get(keys[1]!).ttl(keys[1]!).exec();
    const [acct, acctTtl, byIp, ipTtl] = (results ?? []).map(([, v]) => v as string | number | null);
    if (Number(acct ?? 0) >= MAX_FAILURES_PER_ACCOUNT) {
      throw new TooManyRequests('Too many failed sign-in attempts. Try again later.', Number(acctTtl));
    }
    if (Number(byIp ?? 0) >= MAX_FAILURES_PER_IP) {
      throw new TooManyRequests('Too many failed sign-in attempts from this address. Try again later.', Number(ipTtl));
    }
  }

  async recordFailure(scope: string, account: string, ip: string): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const key of [this.key(`${scope}:acct`, account), this.key(`${scope}:ip`, ip)]) {
      pipeline.incr(key).expire(key, LOGIN_WINDOW_SECONDS, 'NX');
    }
    await pipeline.exec();
  }

  async clearAccount(scope: string, account: string): Promise<void> {
    await this.redis.del(this.key(`${scope}:acct`, account));
  }

  async assertRegistrationAllowed(ip: string): Promise<void> {
    const key = this.key('register:ip', ip);
    const results = await this.redis.pipeline().incr(key).expire(key, 60 * 60, 'NX').ttl(key).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    if (count > MAX_REGISTRATIONS_PER_IP) {
      throw new TooManyRequests('Too many sign-ups from this address. Try again later.', Number(results?.[2]?.[1] ?? 60));
    }
  }
}
