// Outbid mail per window, on real Postgres, Redis, queues and the development mail catcher: every outbid is listed and
// pushed at once, one mail per member, auction and window says how often and the price, and neither concurrent
// writers nor a mail being sent while more outbids arrive make a second mail or lose one. The window is a minute
// here; the tests move its delayed job on (`promote`) instead of waiting for it: the clock, not the rule, is compressed.
import { beforeAll, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { BidEngine } from '@app/core/bidding';
import { listNotifications, mailWindow, signingKey, type MailDeps } from '@app/core/notices';
import { DomainEventSchema, mailWindowJobId, type DomainEvent } from '@app/shared';
import type { Workers } from '../src/index.js';
import { workersContextOfFile } from './support/workers-context.js';

const WINDOW_MS = 60_000;
const t = workersContextOfFile();
let workers: Workers;
let engine: BidEngine;
let mailDeps: MailDeps;

beforeAll(async () => {
  workers = await t.start({ noticeMailWindowMs: WINDOW_MS, relayEveryMs: 50 });
  engine = new BidEngine(t.sql, t.events);
  mailDeps = {
    sql: t.sql,
    transport: nodemailer.createTransport({
      host: '127.0.0.1',
      port: workers.notices.catcherPort!,
      secure: false,
      ignoreTLS: true,
    }),
    from: 'CarBid <notices@carbid.example>',
    publicUrl: 'http://localhost:3000',
    signingKey: await signingKey(t.sql),
  };
});

let n = 0;
async function user(label: string) {
  n += 1;
  const email = `${label}-${n}@example.test`;
  const [u] = await t.sql<{ id: number }[]>`
    insert into users (email, name, password_hash) values (${email}, ${label}, 'x') returning id`;
  return { id: u!.id, email, name: label };
}

async function auction(): Promise<number> {
  n += 1;
  const [car] = await t.sql<{ id: number }[]>`
    insert into cars (vin, year, make, model, mileage, condition)
    values (${`MWN${String(n).padStart(14, '0')}`}, 2022, 'BMW', 'M4 Competition', 100, 'Good') returning id`;
  const [a] = await t.sql<{ id: number }[]>`
    insert into auctions (car_id, starting_bid, current_bid, start_time, end_time, location)
    values (${car!.id}, 1000, 0, now() - interval '1 hour', now() + interval '1 hour', 'Here') returning id`;
  return a!.id;
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const until = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const noticesOf = (userId: number) =>
  t.sql<{ id: number; mailStatus: string }[]>`
    select id, mail_status from notifications where user_id = ${userId} and kind = 'outbid' order by id`;
const mailsTo = (email: string) =>
  t.sql<{ subject: string; textBody: string; messageId: string }[]>`
    select subject, text_body, message_id from caught_mails where mail_to like ${`%${email}%`} order by id`;
const windowsOf = (userId: number) =>
  t.sql<{ id: number; status: string; notices: number }[]>`
    select id, status, notices from mail_windows where user_id = ${userId} order by id`;
const mailJobs = async () =>
  (await workers.notices.queue.getJobs(['delayed', 'waiting', 'active', 'completed'])).filter((j) =>
    ['mail', 'mail-window'].includes(j.name),
  );

/** Moves a window's delayed job on, as the clock reaching its due time would. */
async function dueNow(windowId: number) {
  const job = await workers.notices.queue.getJob(mailWindowJobId(windowId));
  expect(job).toBeDefined();
  if (await job!.isDelayed()) await job!.promote();
}

it('a member outbid 20 times on one auction gets 20 notices in the list, each pushed, and one mail saying how often and the price', async () => {
  const keen = await user('keen');
  const rival = await user('rival');
  const id = await auction();
  const jobsBefore = (await mailJobs()).length;
  // Twenty rounds: the keen member leads, the rival outbids them.
  let amount = 60_000;
  for (let round = 0; round < 20; round++) {
    await engine.place({ auctionId: id, bidder: { ...keen, isPremium: false }, amountCents: amount * 100 });
    amount += 1000;
    await engine.place({ auctionId: id, bidder: { ...rival, isPremium: false }, amountCents: amount * 100 });
    amount += 1000;
  }
  const finalPrice = amount - 1000;
  const notices = await waitFor(
    () => noticesOf(keen.id),
    (x) => x.length >= 20,
    15_000,
  );
  expect(notices).toHaveLength(20);
  expect(notices.every((x) => x.mailStatus === 'windowed')).toBe(true);
  const list = await listNotifications(t.sql, keen.id);
  expect(list.items.filter((x) => x.kind === 'outbid')).toHaveLength(20);
  const [pushed] = await t.sql<{ n: number }[]>`
    select count(*)::int as n from outbox where stream = ${`user:${keen.id}`} and type = 'notification.created'`;
  expect(pushed!.n).toBe(20);

  // One window per member and auction, its one job waiting for the window's end; no mail yet.
  await waitFor(
    () => noticesOf(rival.id),
    (x) => x.length >= 19,
    15_000,
  );
  const windows = await windowsOf(keen.id);
  expect(windows.map((w) => [w.status, w.notices])).toEqual([['open', 20]]);
  const job = await workers.notices.queue.getJob(mailWindowJobId(windows[0]!.id));
  expect(await job!.isDelayed()).toBe(true);
  expect(job!.delay).toBeGreaterThan(WINDOW_MS - 20_000);
  // Two windows (the keen member's and the rival's), two jobs: not one per bid.
  expect((await mailJobs()).length - jobsBefore).toBe(2);
  expect(await mailsTo(keen.email)).toEqual([]);

  await dueNow(windows[0]!.id);
  // The window is marked sent (its notices with it) in the transaction that sent the mail, after the catcher stored it.
  await waitFor(
    () => windowsOf(keen.id),
    (x) => x[0]?.status === 'sent',
    15_000,
  );
  await sleep(700);
  const mails = await mailsTo(keen.email);
  expect(mails.map((m) => m.subject)).toEqual(["You've been outbid 20 times on 2022 BMW M4 Competition"]);
  expect(mails[0]!.textBody).toContain(`The current price is $${finalPrice.toLocaleString('en-US')}.`);
  expect(mails[0]!.textBody).toContain(`http://localhost:3000/listing/${id}`);
  expect((await noticesOf(keen.id)).map((x) => x.mailStatus)).toEqual(Array.from({ length: 20 }, () => 'sent'));
  expect((await windowsOf(keen.id)).map((w) => w.status)).toEqual(['sent']);
});

/** Bids alternating between two members, written directly; the events of the rival's bids outbid the keen member. */
async function outbidEvents(auctionId: number, keenId: number, rivalId: number, rounds: number, from: number) {
  const events: DomainEvent[] = [];
  for (let i = 0; i < rounds; i++) {
    const amount = from + i * 1000;
    await t.sql`insert into bids (auction_id, user_id, amount) values (${auctionId}, ${keenId}, ${amount})`;
    const [b] = await t.sql<{ id: number }[]>`
      insert into bids (auction_id, user_id, amount) values (${auctionId}, ${rivalId}, ${amount + 500}) returning id::int`;
    await t.sql`update auctions set current_bid = ${amount + 500}, bid_count = bid_count + 2 where id = ${auctionId}`;
    events.push(
      DomainEventSchema.parse({
        type: 'bid.placed',
        stream: `auction:${auctionId}`,
        seq: from + i,
        at: new Date().toISOString(),
        auctionId,
        bidId: b!.id,
        amount: `${amount + 500}.00`,
        currentBid: `${amount + 500}.00`,
        bidCount: 2 * (i + 1),
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
        extended: false,
        bidderName: 'rival',
        bidderId: rivalId,
        reserveStatus: 'none',
        chatLine: { id: i + 1, message: 'New high bid', timestamp: new Date().toISOString() },
      } satisfies DomainEvent),
    );
  }
  return events;
}

it('outbids of one member written by many consumers at once open one window and one job, and make one mail', async () => {
  const keen = await user('raced');
  const rival = await user('racer');
  const id = await auction();
  const events = await outbidEvents(id, keen.id, rival.id, 12, 10_000);
  // Twelve consumers at once, each with one outbid (and each event handed over twice).
  const written = await Promise.all([...events, ...events].map((e) => workers.notices.onEvents([e])));
  expect(written.reduce((a, b) => a + b, 0)).toBe(12);
  const windows = await windowsOf(keen.id);
  expect(windows.map((w) => [w.status, w.notices])).toEqual([['open', 12]]);
  const jobs = (await mailJobs()).filter((j) => j.data.windowId === windows[0]!.id || j.name === 'mail');
  expect(jobs.map((j) => j.id)).toEqual([mailWindowJobId(windows[0]!.id)]);

  // The job, a duplicate of it and the sweep's recovery all at once: one mail.
  await dueNow(windows[0]!.id);
  const runs = await Promise.all([mailWindow(mailDeps, windows[0]!.id), mailWindow(mailDeps, windows[0]!.id)]);
  await waitFor(
    () => windowsOf(keen.id),
    (x) => x[0]!.status === 'sent',
    15_000,
  );
  await sleep(700);
  expect(runs.filter((r) => r.result === 'sent').length).toBeLessThanOrEqual(1);
  const mails = await mailsTo(keen.email);
  expect(mails.map((m) => m.subject)).toEqual(["You've been outbid 12 times on 2022 BMW M4 Competition"]);
  expect(mails[0]!.textBody).toContain('The current price is $21,500.');
});

it('outbids arriving while the window is being mailed are in that mail or in the next window, never lost or mailed twice', async () => {
  const keen = await user('late');
  const rival = await user('later');
  const id = await auction();
  const events = await outbidEvents(id, keen.id, rival.id, 30, 50_000);
  await Promise.all(events.slice(0, 10).map((e) => workers.notices.onEvents([e])));
  const [first] = await windowsOf(keen.id);
  // The mail of the first window is sent (twice over) while twenty more outbids are written, one by one and at once.
  const [mailRuns] = await Promise.all([
    Promise.all([mailWindow(mailDeps, first!.id), mailWindow(mailDeps, first!.id)]),
    Promise.all(events.slice(10).map((e) => workers.notices.onEvents([e]))),
  ]);
  expect(mailRuns.filter((r) => r.result === 'sent')).toHaveLength(1);
  const afterFirst = await windowsOf(keen.id);
  expect(afterFirst[0]!.status).toBe('sent');
  // Whatever missed the first mail waits, windowed, in exactly one open window.
  const waiting = (await noticesOf(keen.id)).filter((x) => x.mailStatus === 'windowed');
  const open = afterFirst.filter((w) => w.status === 'open');
  if (waiting.length > 0) {
    expect(open).toHaveLength(1);
    await dueNow(open[0]!.id);
    await waitFor(
      () => windowsOf(keen.id),
      (x) => x.every((w) => w.status === 'sent'),
      15_000,
    );
  } else expect(open.every((w) => w.notices > 0)).toBe(true);
  await sleep(700);
  const notices = await noticesOf(keen.id);
  expect(notices).toHaveLength(30);
  expect(notices.every((x) => x.mailStatus === 'sent')).toBe(true);
  // Each outbid counted in exactly one mail.
  const mails = await mailsTo(keen.email);
  const counted = mails.map((m) =>
    Number(/outbid (\d+) times/.exec(m.subject)?.[1] ?? (/outbid twice/.test(m.subject) ? 2 : 1)),
  );
  expect(counted.reduce((a, b) => a + b, 0)).toBe(30);
  expect(mails.length).toBe(waiting.length > 0 ? 2 : 1);
  expect(new Set(mails.map((m) => m.messageId)).size).toBe(mails.length);
});

it('a window whose job was lost is mailed by the sweep once it is past due', async () => {
  const keen = await user('lost');
  const rival = await user('finder');
  const id = await auction();
  const events = await outbidEvents(id, keen.id, rival.id, 2, 90_000);
  await workers.notices.onEvents(events);
  const [w] = await windowsOf(keen.id);
  await (await workers.notices.queue.getJob(mailWindowJobId(w!.id)))!.remove();
  await t.sql`update mail_windows set due_at = now() - interval '1 minute' where id = ${w!.id}`;
  await workers.notices.sweep();
  await waitFor(
    () => mailsTo(keen.email),
    (x) => x.length >= 1,
    15_000,
  );
  await workers.notices.sweep();
  await sleep(700);
  expect((await mailsTo(keen.email)).map((m) => m.subject)).toEqual([
    "You've been outbid twice on 2022 BMW M4 Competition",
  ]);
});
