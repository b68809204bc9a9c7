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

it('hands only the notices to mail to the mailer, after commit: a kind the user turned off is kept unmailed', async () => {
  const keen = await createUser(ctx.sql);
  const quiet = await createUser(ctx.sql);
  await ctx.sql`insert into email_opt_outs (user_id, kind) values (${quiet.id}, 'outbid')`;
  const auctionId = await createAuction(ctx.sql);
  const mailed: number[][] = [];
  const written = await writeNotices({ ...ctx, mail: async (ids) => void mailed.push(ids) }, [
    outbid(keen.id, auctionId, 2),
    outbid(quiet.id, auctionId, 2),
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
