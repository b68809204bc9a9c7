// The daily digest: one mail per member and local day, at the hour they chose in their time zone, however many workers
// run the job at once and across a restart. Two workers processes (their own queues' workers and mail catchers) share
// the database and the Redis prefix; their digest runs are also raced directly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { setDigest, verifyUnsubscribe, signingKey } from '@app/core/notices';
import {
  createTestDatabase,
  dropRedisPrefix,
  testRedisPrefix,
  type TestDatabase,
} from '../../infra/test-support/test-database.js';
import { startWorkers, type Workers } from '../src/index.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = pino({ level: process.env.TEST_LOG ?? 'silent' });
let db: TestDatabase;
let prefix: string;
const running: Workers[] = [];

const start = async () => {
  const w = await startWorkers({
    sql: db.sql,
    redisUrl: REDIS_URL,
    redisPrefix: prefix,
    logger,
    sweepEveryMs: 1000,
    digestEveryMs: 150,
  });
  running.push(w);
  return w;
};

beforeAll(async () => {
  db = await createTestDatabase();
  prefix = testRedisPrefix();
});
afterAll(async () => {
  for (const w of running.splice(0)) await w.close();
  await dropRedisPrefix(REDIS_URL, prefix);
  await db?.drop();
});

let n = 0;
async function member(label: string): Promise<{ id: number; email: string }> {
  n += 1;
  const email = `${label}-${n}@example.test`;
  const [u] = await db.sql<{ id: number }[]>`
    insert into users (email, name, password_hash) values (${email}, ${label}, 'x') returning id`;
  return { id: u!.id, email };
}

async function auction(endsInHours: number, model: string): Promise<number> {
  n += 1;
  const [car] = await db.sql<{ id: number }[]>`
    insert into cars (vin, year, make, model, mileage, condition)
    values (${`DGS${String(n).padStart(14, '0')}`}, 2019, 'Audi', ${model}, 100, 'Good') returning id`;
  const [a] = await db.sql<{ id: number }[]>`
    insert into auctions (car_id, starting_bid, current_bid, start_time, end_time, location)
    values (${car!.id}, 12500, 0, now() - interval '1 hour', now() + ${endsInHours} * interval '1 hour', 'Here') returning id`;
  return a!.id;
}

/** The hour it is now in a time zone, as the member's setting names it. */
const hourIn = (timeZone: string) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));

const digestsTo = (email: string) =>
  db.sql<{ subject: string; textBody: string; headers: Record<string, string>; messageId: string }[]>`
    select subject, text_body, headers, message_id from caught_mails
    where mail_to like ${`%${email}%`} and subject like '%ending in the next 24 hours' order by id`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('daily digest', () => {
  it(
    'mails each due member exactly once for their day across two workers racing and a restart',
    { timeout: 60_000 },
    async () => {
      // The members' hour is the current one: a run that would cross into the next hour waits for it first.
      const now = new Date();
      if (now.getUTCMinutes() === 59 && now.getUTCSeconds() >= 30) await sleep((61 - now.getUTCSeconds()) * 1000);
      const watcher = await member('watcher');
      const kolkata = await member('kolkata');
      const later = await member('later');
      const soon = await auction(5, 'RS6 Avant');
      await auction(30, 'R8 V10'); // ends after the next 24 hours: in nobody's digest
      await db.sql`insert into watchlist (user_id, auction_id) values (${watcher.id}, ${soon})`;
      await setDigest(db.sql, watcher.id, { enabled: true, hour: hourIn('UTC'), timeZone: 'UTC' });
      // Half an hour ahead of UTC: their hour is not UTC's.
      await setDigest(db.sql, kolkata.id, { enabled: true, hour: hourIn('Asia/Kolkata'), timeZone: 'Asia/Kolkata' });
      await setDigest(db.sql, later.id, { enabled: true, hour: (hourIn('UTC') + 3) % 24, timeZone: 'UTC' });

      const a = await start();
      const b = await start();
      // Both processes' scheduled jobs run, and both run the job by hand at the same moment, several times.
      const direct = await Promise.all([
        a.notices.digest(),
        b.notices.digest(),
        a.notices.digest(),
        b.notices.digest(),
      ]);
      expect(direct.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(2);
      await sleep(1500);
      // A restart: one process goes away, a new one comes and runs the job again.
      await a.close();
      running.splice(running.indexOf(a), 1);
      const c = await start();
      await Promise.all([c.notices.digest(), b.notices.digest()]);
      await sleep(1000);

      const mine = await digestsTo(watcher.email);
      expect(mine.map((m) => m.subject)).toEqual(['1 auction ending in the next 24 hours']);
      expect(mine[0]!.textBody).toContain('On your watchlist');
      expect(mine[0]!.textBody).toContain('2019 Audi RS6 Avant: $12,500');
      expect(mine[0]!.textBody).toContain(`/listing/${soon}`);
      expect(mine[0]!.textBody).not.toContain('R8 V10');
      // RFC 8058: the one-click URL signed for the digest, and the POST header.
      const link = /<([^>]+)>/.exec(mine[0]!.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
      expect(link).toMatch(/^http:\/\/localhost:3000\/api\/unsubscribe\?token=/);
      expect(mine[0]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const token = new URL(link).searchParams.get('token') ?? '';
      expect(verifyUnsubscribe(await signingKey(db.sql), token)).toEqual({ userId: watcher.id, kind: 'digest' });

      // Watching nothing, they get the most watched of the auctions ending soon.
      const theirs = await digestsTo(kolkata.email);
      expect(theirs).toHaveLength(1);
      expect(theirs[0]!.textBody).toContain('Most watched');
      expect(theirs[0]!.textBody).toContain(`/listing/${soon}`);

      expect(await digestsTo(later.email)).toEqual([]);
      const claims = await db.sql<{ userId: number; status: string }[]>`
      select user_id, status from digest_sends order by user_id`;
      expect(claims).toEqual([
        { userId: watcher.id, status: 'sent' },
        { userId: kolkata.id, status: 'sent' },
      ]);
    },
  );
});
