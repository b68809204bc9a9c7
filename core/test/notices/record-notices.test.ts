// The one writer of notices: once per user, kind and subject, announced on the user's stream only when new, and
// marked for mail unless the user turned that kind of mail off.
import { expect, it } from 'vitest';
import { commitWithEvents } from '@app/infra';
import type { NoticeDraft } from '@app/shared';
import { writeNotices } from '../../src/notices/derive-notices.js';
import { recordNotices } from '../../src/notices/record-notices.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

const outbid = (userId: number, auctionId: number, bidId: number): NoticeDraft => ({
  userId,
  kind: 'outbid',
  subject: `bid:${bidId}`,
  auctionId,
  text: 'You were outbid',
  link: `/listing/${auctionId}`,
});

it('writes a notice once however often it is recorded, even at once, and announces only the new one', async () => {
  const user = await createUser(ctx.sql);
  const auctionId = await createAuction(ctx.sql);
  const record = () =>
    commitWithEvents(ctx, (tx, outbox) => recordNotices(tx, outbox, [outbid(user.id, auctionId, 1)]));
  const results = await Promise.all([record(), record(), record()]);
  expect(results.map((r) => r.inserted).sort()).toEqual([0, 0, 1]);
  expect((await record()).inserted).toBe(0);
  const [n] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from notifications where user_id = ${user.id}`;
  expect(n!.n).toBe(1);
  const created = (await ctx.published()).filter((e) => e.type === 'notification.created' && e.userId === user.id);
  expect(created).toHaveLength(1);
  expect(created[0]).toMatchObject({ stream: `user:${user.id}`, notification: { kind: 'outbid', read: false } });
});

const won = (userId: number, auctionId: number): NoticeDraft => ({
  userId,
  kind: 'won',
  subject: `auction:${auctionId}`,
  auctionId,
  text: 'You won',
  link: `/transaction/${auctionId}`,
});

it('hands only the notices to mail to the mailer, after commit: a kind the user turned off is kept unmailed', async () => {
  const keen = await createUser(ctx.sql);
  const quiet = await createUser(ctx.sql);
  await ctx.sql`insert into email_opt_outs (user_id, kind) values (${quiet.id}, 'won')`;
  const auctionId = await createAuction(ctx.sql);
  const mailed: number[][] = [];
  const written = await writeNotices({ ...ctx, mail: async (ids) => void mailed.push(ids) }, [
    won(keen.id, auctionId),
    won(quiet.id, auctionId),
  ]);
  expect(written).toBe(2);
  const rows = await ctx.sql<{ id: number; userId: number; mailStatus: string }[]>`
    select id, user_id, mail_status from notifications where auction_id = ${auctionId} order by user_id`;
  expect(rows.map((r) => [r.userId, r.mailStatus])).toEqual([
    [keen.id, 'pending'],
    [quiet.id, 'skip'],
  ]);
  expect(mailed).toEqual([[rows.find((r) => r.userId === keen.id)!.id]]);
});

const openWindows = (userId: number) =>
  ctx.sql<{ id: number; kind: string; scope: string; notices: number; status: string; dueInS: number }[]>`
    select id, kind, scope, notices, status, round(extract(epoch from due_at - opened_at))::int as due_in_s
    from mail_windows where user_id = ${userId} order by id`;

it('outbid notices are listed and announced one by one, but open one mail window per member and auction', async () => {
  const keen = await createUser(ctx.sql);
  const auctionId = await createAuction(ctx.sql);
  const other = await createAuction(ctx.sql);
  const opened: number[] = [];
  const mailed: number[][] = [];
  const deps = {
    ...ctx,
    mailWindowMs: 120_000,
    mail: async (ids: number[]) => void mailed.push(ids),
    mailWindows: async (ws: { id: number }[]) => void opened.push(...ws.map((w) => w.id)),
  };
  // Twenty outbids, five batches of four, and one on another auction.
  for (let batch = 0; batch < 5; batch++)
    await writeNotices(
      deps,
      [0, 1, 2, 3].map((i) => outbid(keen.id, auctionId, 100 + batch * 4 + i)),
    );
  await writeNotices(deps, [outbid(keen.id, other, 500)]);
  const rows = await ctx.sql<
    { mailStatus: string }[]
  >`select mail_status from notifications where user_id = ${keen.id}`;
  expect(rows).toHaveLength(21);
  expect(new Set(rows.map((r) => r.mailStatus))).toEqual(new Set(['windowed']));
  expect(mailed.flat()).toEqual([]);
  const windows = await openWindows(keen.id);
  expect(windows.map((w) => [w.kind, w.scope, w.notices, w.status, w.dueInS])).toEqual([
    ['outbid', `auction:${auctionId}`, 20, 'open', 120],
    ['outbid', `auction:${other}`, 1, 'open', 120],
  ]);
  // Only the two notices that opened a window asked for a job.
  expect(opened).toEqual(windows.map((w) => w.id));
  const created = (await ctx.published()).filter((e) => e.type === 'notification.created' && e.userId === keen.id);
  expect(created).toHaveLength(21);
});

it('ten writers outbidding one member on one auction at once open one window: one job, ten notices', async () => {
  const keen = await createUser(ctx.sql);
  const auctionId = await createAuction(ctx.sql);
  const opened: number[] = [];
  const deps = {
    ...ctx,
    mail: async () => {},
    mailWindows: async (ws: { id: number }[]) => void opened.push(...ws.map((w) => w.id)),
  };
  const written = await Promise.all(
    Array.from({ length: 10 }, (_, i) => writeNotices(deps, [outbid(keen.id, auctionId, 1000 + i)])),
  );
  expect(written).toEqual(Array.from({ length: 10 }, () => 1));
  const windows = await openWindows(keen.id);
  expect(windows.map((w) => [w.notices, w.status, w.dueInS])).toEqual([[10, 'open', 600]]);
  expect(opened).toEqual([windows[0]!.id]);
});

it('a replayed outbid neither joins its window again nor opens a new one', async () => {
  const keen = await createUser(ctx.sql);
  const auctionId = await createAuction(ctx.sql);
  const opened: number[] = [];
  const deps = {
    ...ctx,
    mail: async () => {},
    mailWindows: async (ws: { id: number }[]) => void opened.push(...ws.map((w) => w.id)),
  };
  await writeNotices(deps, [outbid(keen.id, auctionId, 7)]);
  await ctx.sql`update mail_windows set status = 'sent', closed_at = now() where user_id = ${keen.id}`;
  expect(await writeNotices(deps, [outbid(keen.id, auctionId, 7)])).toBe(0);
  expect((await openWindows(keen.id)).map((w) => [w.notices, w.status])).toEqual([[1, 'sent']]);
  expect(opened).toHaveLength(1);
});
