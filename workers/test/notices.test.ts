import { beforeAll, describe, expect, it } from 'vitest';
import { redisStreamWriter } from '@app/infra';
import { verifyUnsubscribe, signingKey, mailNotice } from '@app/core/notices';
import { DomainEventSchema, type DomainEvent } from '@app/shared';
import { closeAuction } from '@app/core/auctions';
import type { Workers } from '../src/index.js';
import { workersContextOfFile } from './support/workers-context.js';
import { mailJobId } from '../src/queues/notice-queue.js';
import nodemailer from 'nodemailer';

const t = workersContextOfFile();
let workers: Workers;

beforeAll(async () => {
  workers = await t.start({
    sweepEveryMs: 300,
    noticeSweepEveryMs: 300,
    // Outbid, alert and ending-soon mails wait for their window (workers/test/mail-windows.test.ts): short here.
    noticeMailWindowMs: 500,
  });
});

let n = 0;
async function user(label: string): Promise<{ id: number; email: string }> {
  n += 1;
  const email = `${label}-${n}@example.test`;
  const [u] = await t.sql<
    { id: number }[]
  >`insert into users (email, name, password_hash) values (${email}, ${label}, 'x') returning id`;
  return { id: u!.id, email };
}

async function auction(o: { endsInMs: number; sellerId?: number; reserve?: string }): Promise<number> {
  n += 1;
  const [car] = await t.sql<{ id: number }[]>`
    insert into cars (vin, year, make, model, mileage, condition, owner_id)
    values (${`NTC${String(n).padStart(14, '0')}`}, 2022, 'BMW', 'M4 Competition', 100, 'Good', ${o.sellerId ?? null}) returning id`;
  const [a] = await t.sql<{ id: number }[]>`
    insert into auctions (car_id, starting_bid, current_bid, reserve_price, start_time, end_time, location)
    values (${car!.id}, 1000, 0, ${o.reserve ?? null}, now() - interval '1 hour', now() + ${o.endsInMs} * interval '1 millisecond', 'Here') returning id`;
  return a!.id;
}

async function bid(auctionId: number, userId: number, amount: number): Promise<number> {
  const [b] = await t.sql<
    { id: number }[]
  >`insert into bids (auction_id, user_id, amount) values (${auctionId}, ${userId}, ${amount}) returning id::int`;
  await t.sql`update auctions set current_bid = ${amount}, bid_count = bid_count + 1 where id = ${auctionId}`;
  return b!.id;
}

const publishRaw = (event: DomainEvent) => redisStreamWriter(t.redis, t.prefix)([event]);

/** A job or an event consumer in the workers can take seconds on a busy machine. */
const WAIT_MS = 15_000;

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const until = Date.now() + WAIT_MS;
  let v = await read();
  while (!ok(v) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const noticesOf = (userId: number) =>
  t.sql<{ id: number; kind: string; text: string; link: string; mailStatus: string }[]>`
    select id, kind, text, link, mail_status from notifications where user_id = ${userId} order by id`;
const mailsTo = (email: string) =>
  t.sql<{ subject: string; textBody: string; headers: Record<string, string> }[]>`
    select subject, text_body, headers from caught_mails where mail_to like ${`%${email}%`} order by id`;
const pushedTo = async (userId: number) =>
  (
    await t.sql<
      { n: number }[]
    >`select count(*)::int as n from outbox where stream = ${`user:${userId}`} and type = 'notification.created'`
  )[0]!.n;

describe('notices', () => {
  it('winner and seller each get exactly one won/sold notice and one mail per close, though the close runs twice and its event is replayed', async () => {
    const seller = await user('seller');
    const loser = await user('loser');
    const winner = await user('winner');
    const watcher = await user('watcher');
    const id = await auction({ endsInMs: 1500, sellerId: seller.id });
    await bid(id, loser.id, 60_000);
    await bid(id, winner.id, 61_000);
    await t.sql`insert into watchlist (user_id, auction_id) values (${watcher.id}, ${id})`;

    await waitFor(
      async () => (await mailsTo(seller.email)).length,
      (x) => x >= 1,
    );
    // The close job again, and the closing event handed to the consumer twice more.
    expect(await closeAuction({ sql: t.sql, events: { publish: () => {} } as never }, id)).toEqual({ closed: false });
    const [row] = await t.sql<
      { payload: unknown }[]
    >`select payload from outbox where stream = ${`auction:${id}`} and type = 'auction.closed'`;
    const closed = DomainEventSchema.parse(row!.payload);
    await publishRaw(closed);
    await publishRaw(closed);
    await workers.notices.onEvents([closed]);
    await waitFor(
      async () => (await mailsTo(watcher.email)).length,
      (x) => x >= 1,
    );
    // The winner's mail is a job of its own and the watcher's two notices come from the sweep and the close: all here
    // first, then a pause in which a duplicate would show up.
    await waitFor(
      async () => (await mailsTo(winner.email)).length,
      (x) => x >= 1,
    );
    await waitFor(
      () => noticesOf(watcher.id),
      (x) => x.length >= 2,
    );
    await sleep(1500);

    const won = await noticesOf(winner.id);
    expect(won.map((x) => [x.kind, x.text, x.link])).toEqual([
      ['won', 'You won 2022 BMW M4 Competition for $61,000', `/transaction/${id}`],
    ]);
    const sold = await noticesOf(seller.id);
    expect(sold.map((x) => [x.kind, x.text])).toEqual([['sold', 'Your 2022 BMW M4 Competition sold for $61,000']]);
    // The sweep saw it within 15 minutes of its end too.
    expect((await noticesOf(watcher.id)).map((x) => x.kind)).toEqual(['watch-ending', 'watch-ended']);
    expect(await pushedTo(winner.id)).toBe(1);
    expect(await pushedTo(seller.id)).toBe(1);

    const winnerMails = await mailsTo(winner.email);
    expect(winnerMails.map((m) => m.subject)).toEqual(['You won 2022 BMW M4 Competition for $61,000']);
    expect((await mailsTo(seller.email)).map((m) => m.subject)).toEqual([
      'Your 2022 BMW M4 Competition sold for $61,000',
    ]);
    expect(winnerMails[0]!.textBody).toContain(`/transaction/${id}`);
    // The unsubscribe link is signed for this user and this kind.
    const link = /<([^>]+)>/.exec(winnerMails[0]!.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(verifyUnsubscribe(await signingKey(t.sql), token)).toEqual({ userId: winner.id, kind: 'won' });
  });

  it("the previous leader is told once when outbid, from bid.placed, however often the event arrives; raising one's own bid tells no one", async () => {
    const first = await user('first');
    const second = await user('second');
    const id = await auction({ endsInMs: 3_600_000 });
    await bid(id, first.id, 60_000);
    const ownRaise = await bid(id, first.id, 60_500);
    const outbidding = await bid(id, second.id, 61_000);
    const placed = (bidId: number, bidderId: number, amount: string, seq: number): DomainEvent =>
      DomainEventSchema.parse({
        type: 'bid.placed',
        stream: `auction:${id}`,
        seq,
        at: new Date().toISOString(),
        auctionId: id,
        bidId,
        amount,
        currentBid: amount,
        bidCount: seq,
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
        extended: false,
        bidderName: 'x',
        bidderId,
        reserveStatus: 'none',
        chatLine: { id: seq, message: 'New high bid', timestamp: new Date().toISOString() },
      } satisfies DomainEvent);
    await publishRaw(placed(ownRaise, first.id, '60500.00', 2));
    await publishRaw(placed(outbidding, second.id, '61000.00', 3));
    await publishRaw(placed(outbidding, second.id, '61000.00', 3));
    const notices = await waitFor(
      () => noticesOf(first.id),
      (x) => x.length >= 1,
    );
    await sleep(800);
    expect((await noticesOf(first.id)).map((x) => [x.kind, x.text, x.link])).toEqual([
      ['outbid', "You've been outbid on 2022 BMW M4 Competition: $61,000", `/listing/${id}`],
    ]);
    expect(notices).toHaveLength(1);
    expect(await noticesOf(second.id)).toEqual([]);
    expect(await pushedTo(first.id)).toBe(1);
  });

  it('an automatic bid overtaking a maximum tells its owner once, with the new price; a bid their maximum answered tells them nothing', async () => {
    const a = await user('max-a');
    const b = await user('max-b');
    const id = await auction({ endsInMs: 3_600_000 });
    const placeAs = async (userId: number, amount: number, proxy: boolean, at: string) => {
      const [row] = await t.sql<
        { id: number }[]
      >`insert into bids (auction_id, user_id, amount, proxy, timestamp) values (${id}, ${userId}, ${amount}, ${proxy}, ${at}) returning id::int`;
      return row!.id;
    };
    // A's maximum of $80,000 leads at $60,000; B bids $70,000 by hand and A's maximum answers $71,000; then B's
    // maximum of $90,000 overtakes A's at $81,000.
    const seqBids: [number, number, string][] = [];
    seqBids.push([await placeAs(a.id, 60_000, true, '2026-01-01T10:00:00Z'), a.id, '60000.00']);
    seqBids.push([await placeAs(b.id, 70_000, false, '2026-01-01T10:01:00Z'), b.id, '70000.00']);
    seqBids.push([await placeAs(a.id, 71_000, true, '2026-01-01T10:01:00Z'), a.id, '71000.00']);
    seqBids.push([await placeAs(b.id, 81_000, true, '2026-01-01T10:02:00Z'), b.id, '81000.00']);
    const placed = (bidId: number, bidderId: number, amount: string, seq: number): DomainEvent =>
      DomainEventSchema.parse({
        type: 'bid.placed',
        stream: `auction:${id}`,
        seq,
        at: new Date().toISOString(),
        auctionId: id,
        bidId,
        amount,
        currentBid: amount,
        bidCount: seq,
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
        extended: false,
        bidderName: 'x',
        bidderId,
        reserveStatus: 'none',
        proxy: true,
        chatLine: { id: seq, message: 'New high bid', timestamp: new Date().toISOString() },
      } satisfies DomainEvent);
    for (let round = 0; round < 2; round++)
      for (const [i, [bidId, bidderId, amount]] of seqBids.entries())
        await publishRaw(placed(bidId, bidderId, amount, i + 1));
    await waitFor(
      async () => [...(await noticesOf(a.id)), ...(await noticesOf(b.id))],
      (x) => x.length >= 2,
    );
    await sleep(800);
    expect((await noticesOf(a.id)).map((x) => x.text)).toEqual([
      "You've been outbid on 2022 BMW M4 Competition: $81,000",
    ]);
    expect((await noticesOf(b.id)).map((x) => x.text)).toEqual([
      "You've been outbid on 2022 BMW M4 Competition: $71,000",
    ]);
  });

  it('a mail job that runs again (a retry after a crash, a duplicate job) mails once, by notification id', async () => {
    const u = await user('retry');
    const id = await auction({ endsInMs: 3_600_000 });
    const [note] = await t.sql<{ id: number }[]>`
      insert into notifications (user_id, kind, subject, auction_id, text, link) values (${u.id}, 'outbid', 'bid:test', ${id}, 'Retry me', '/listing/1') returning id`;
    // Three jobs for one notice, under ids the dedupe does not catch, all at once.
    await workers.notices.queue.addBulk(
      [1, 2, 3].map((k) => ({
        name: 'mail',
        data: { notificationId: note!.id },
        opts: { jobId: `${mailJobId(note!.id)}-again-${k}` },
      })),
    );
    // Marked sent in the transaction that sent the mail, after the catcher stored it.
    await waitFor(
      async () => (await noticesOf(u.id))[0]?.mailStatus,
      (x) => x === 'sent',
    );
    await sleep(1000);
    expect((await mailsTo(u.email)).map((m) => m.subject)).toEqual(['Retry me']);
    expect((await noticesOf(u.id))[0]!.mailStatus).toBe('sent');
  });

  it('an opted-out kind is kept in the list but not mailed', async () => {
    const seller = await user('quiet-seller');
    await t.sql`insert into email_opt_outs (user_id, kind) values (${seller.id}, 'unsold')`;
    const id = await auction({ endsInMs: 300, sellerId: seller.id });
    const notices = await waitFor(
      () => noticesOf(seller.id),
      (x) => x.length >= 1,
    );
    expect(notices.map((x) => [x.kind, x.mailStatus])).toEqual([['unsold', 'skip']]);
    expect(notices[0]!.text).toBe('Your 2022 BMW M4 Competition ended with no bids');
    await sleep(500);
    expect(await mailsTo(seller.email)).toEqual([]);
    expect(id).toBeGreaterThan(0);
  });

  it('a watcher hears "ending in 15 minutes" once, however often the sweep runs', async () => {
    const w = await user('ending-watcher');
    const id = await auction({ endsInMs: 10 * 60_000 });
    await t.sql`insert into watchlist (user_id, auction_id) values (${w.id}, ${id})`;
    await workers.notices.sweep();
    await workers.notices.sweep();
    await waitFor(
      () => noticesOf(w.id),
      (x) => x.length >= 1,
    );
    await sleep(700);
    const notices = await noticesOf(w.id);
    expect(notices.map((x) => x.kind)).toEqual(['watch-ending']);
    expect(notices[0]!.text).toMatch(/^2022 BMW M4 Competition is ending in (10|11) minutes$/);
  });

  it('five consumers deriving the same close at once write each notice once', async () => {
    const seller = await user('race-seller');
    const buyer = await user('race-buyer');
    const id = await auction({ endsInMs: 3_600_000, sellerId: seller.id });
    await bid(id, buyer.id, 70_000);
    await t.sql`update auctions set status = 'sold', winner_id = ${buyer.id}, winning_amount = 70000, is_active = false where id = ${id}`;
    const closed = DomainEventSchema.parse({
      type: 'auction.closed',
      stream: `auction:${id}`,
      seq: 9,
      at: new Date().toISOString(),
      auctionId: id,
      outcome: 'sold',
      winningAmount: '70000.00',
      chatLine: { id: 1, message: 'Auction ended: sold for $70,000', timestamp: new Date().toISOString() },
    } satisfies DomainEvent);
    const written = await Promise.all([1, 2, 3, 4, 5].map(() => workers.notices.onEvents([closed])));
    expect(written.reduce((a, b) => a + b, 0)).toBe(2);
    expect((await noticesOf(buyer.id)).map((x) => x.kind)).toEqual(['won']);
    expect((await noticesOf(seller.id)).map((x) => x.kind)).toEqual(['sold']);
    expect(await pushedTo(buyer.id)).toBe(1);
  });

  it('a mail whose first attempt failed (SMTP down, a crash before the commit) is sent once by the retry, and never again', async () => {
    const u = await user('smtp-down');
    const [note] = await t.sql<{ id: number }[]>`
      insert into notifications (user_id, kind, subject, text, link, mail_status) values (${u.id}, 'outbid', 'bid:smtp', 'After the outage', '/listing/1', 'skip') returning id`;
    await t.sql`update notifications set mail_status = 'pending' where id = ${note!.id}`;
    const key = await signingKey(t.sql);
    const down = nodemailer.createTransport({
      host: '127.0.0.1',
      port: 1,
      secure: false,
      ignoreTLS: true,
      connectionTimeout: 500,
    });
    const up = nodemailer.createTransport({
      host: '127.0.0.1',
      port: workers.notices.catcherPort!,
      secure: false,
      ignoreTLS: true,
    });
    const deps = {
      sql: t.sql,
      from: 'CarBid <notices@carbid.example>',
      publicUrl: 'http://localhost:3000',
      signingKey: key,
    };
    await expect(mailNotice({ ...deps, transport: down }, note!.id)).rejects.toThrow();
    expect((await noticesOf(u.id))[0]!.mailStatus).toBe('pending');
    const runs = await Promise.all([1, 2, 3].map(() => mailNotice({ ...deps, transport: up }, note!.id)));
    expect(runs.sort()).toEqual(['done', 'done', 'sent']);
    expect(await mailNotice({ ...deps, transport: up }, note!.id)).toBe('done');
    expect((await mailsTo(u.email)).map((m) => m.subject)).toEqual(['After the outage']);
  });

  it('a previous leader with an outbid alert is told by the alert alone: no second outbid notice for the same bid', async () => {
    const first = await user('alert-first');
    const second = await user('alert-second');
    const id = await auction({ endsInMs: 3_600_000 });
    await t.sql`insert into bid_alerts (user_id, auction_id, alert_type, settings) values (${first.id}, ${id}, 'outbid', '{}')`;
    await bid(id, first.id, 60_000);
    const outbidding = await bid(id, second.id, 61_000);
    await publishRaw(
      DomainEventSchema.parse({
        type: 'bid.placed',
        stream: `auction:${id}`,
        seq: 2,
        at: new Date().toISOString(),
        auctionId: id,
        bidId: outbidding,
        amount: '61000.00',
        currentBid: '61000.00',
        bidCount: 2,
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
        extended: false,
        bidderName: 'x',
        bidderId: second.id,
        reserveStatus: 'none',
        chatLine: { id: 2, message: 'New high bid', timestamp: new Date().toISOString() },
      } satisfies DomainEvent),
    );
    const [alert] = await t.sql<{ id: number }[]>`select id from bid_alerts where user_id = ${first.id}`;
    await publishRaw(
      DomainEventSchema.parse({
        type: 'alert.fired',
        stream: `user:${first.id}`,
        seq: 1,
        at: new Date().toISOString(),
        userId: first.id,
        alertId: alert!.id,
        alertType: 'outbid',
        text: 'You have been outbid on 2022 BMW M4 Competition: the current bid is $61,000',
        auction: { id, title: '2022 BMW M4 Competition', currentBid: '61000.00', endTime: new Date().toISOString() },
      } satisfies DomainEvent),
    );
    await waitFor(
      () => noticesOf(first.id),
      (x) => x.length >= 1,
    );
    await sleep(800);
    expect((await noticesOf(first.id)).map((x) => x.kind)).toEqual(['alert']);
  });

  it('a fired bid alert joins the list once per firing, and is mailed only when its emailEnabled is on', async () => {
    const u = await user('alerted');
    const id = await auction({ endsInMs: 3_600_000 });
    const alerts = await t.sql<{ id: number }[]>`
      insert into bid_alerts (user_id, auction_id, alert_type, settings)
      values (${u.id}, ${id}, 'priceTarget', ${t.sql.json({ emailEnabled: true, priceTarget: '50000.00' })}),
             (${u.id}, ${id}, 'endingSoon', ${t.sql.json({ emailEnabled: false })})
      returning id`;
    const fired = (alertId: number, seq: number, text: string) =>
      DomainEventSchema.parse({
        type: 'alert.fired',
        stream: `user:${u.id}`,
        seq,
        at: new Date().toISOString(),
        userId: u.id,
        alertId,
        alertType: 'priceTarget',
        text,
        auction: { id, title: '2022 BMW M4 Competition', currentBid: '50000.00', endTime: new Date().toISOString() },
      } satisfies DomainEvent);
    await publishRaw(fired(alerts[0]!.id, 1, 'Reached your target'));
    await publishRaw(fired(alerts[0]!.id, 1, 'Reached your target'));
    await publishRaw(fired(alerts[1]!.id, 2, 'Ending soon'));
    await waitFor(
      () => noticesOf(u.id),
      (x) => x.length >= 2,
    );
    // Marked sent in the transaction that sent the mail, after the catcher stored it.
    await waitFor(
      async () => (await noticesOf(u.id))[0]?.mailStatus,
      (x) => x === 'sent',
    );
    await sleep(800);
    expect((await noticesOf(u.id)).map((x) => [x.kind, x.text, x.mailStatus])).toEqual([
      ['alert', 'Reached your target', 'sent'],
      ['alert', 'Ending soon', 'skip'],
    ]);
    expect((await mailsTo(u.email)).map((m) => m.subject)).toEqual(['Reached your target']);
  });

  it('the sweep mails a notice whose mail job was lost (a crash between the commit and the enqueue)', async () => {
    const u = await user('lost-job');
    await t.sql`
      insert into notifications (user_id, kind, subject, text, link, created_at)
      values (${u.id}, 'outbid', 'bid:lost', 'Lost and found', '/listing/1', now() - interval '1 minute')`;
    await workers.notices.sweep();
    await waitFor(
      async () => (await mailsTo(u.email)).length,
      (x) => x >= 1,
    );
    await workers.notices.sweep();
    await sleep(700);
    expect((await mailsTo(u.email)).map((m) => m.subject)).toEqual(['Lost and found']);
  });
});
