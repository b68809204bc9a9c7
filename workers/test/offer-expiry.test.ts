// The offer-expiry queue through real Workers: a best offer's deadline gets its job from the offer.updated event,
// the job expires the offer (once) and tells both parties, and the sweep expires an offer whose job was lost.
import { beforeAll, expect, it } from 'vitest';
import { closeAuction } from '@app/core/auctions';
import { makeBestOffer } from '@app/core/offers';
import { offerExpiryJobId } from '@app/shared';
import { createAuction, createUser } from '../../core/test-support/fixtures.js';
import type { Workers } from '../src/index.js';
import { workersContextOfFile } from './support/workers-context.js';

const t = workersContextOfFile();
let workers: Workers;

beforeAll(async () => {
  workers = await t.start({ sweepEveryMs: 500 });
});

/** The events consumer and the queue's Worker can take seconds on a busy machine. */
const WAIT_MS = 15_000;

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function bestOffer() {
  const seller = await createUser(t.sql);
  const bidder = await createUser(t.sql);
  const id = await createAuction(t.sql, {
    endsInMs: -10,
    reservePrice: '9000.00',
    ownerId: seller.id,
    currentBid: '5000',
    bidCount: 1,
  });
  await t.sql`insert into bids (auction_id, user_id, amount) values (${id}, ${bidder.id}, 5000)`;
  await closeAuction(t, id);
  const offer = await makeBestOffer(t, { auctionId: id, buyerId: bidder.id, amountCents: 600_000 });
  return { offer, seller: seller.id, bidder: bidder.id };
}

const statusOf = async (offerId: number) =>
  (await t.sql<{ status: string }[]>`select status from auction_offers where id = ${offerId}`)[0]!.status;

it('schedules the offer’s deadline from its event, and the job expires it and tells both parties', async () => {
  const { offer, seller, bidder } = await bestOffer();
  const job = await waitFor(
    () => workers.offerExpiry.queue.getJob(offerExpiryJobId(offer.id, offer.expiresAt)),
    (j) => j !== undefined,
  );
  expect(job?.data).toEqual({ offerId: offer.id });
  // The deadline brought forward (as if a day had passed), its job pushed through the real Worker.
  const [moved] = await t.sql<{ expiresAt: Date }[]>`
    update auction_offers set expires_at = now() + interval '200 milliseconds' where id = ${offer.id} returning expires_at`;
  await workers.offerExpiry.schedule(offer.id, moved!.expiresAt);
  expect(
    await waitFor(
      () => statusOf(offer.id),
      (s) => s === 'expired',
    ),
  ).toBe('expired');
  const told = await t.sql<{ userId: number }[]>`
    select user_id from notifications where subject = ${`offer:${offer.id}:expired`} order by user_id`;
  expect(told.map((t) => t.userId)).toEqual([seller, bidder].sort((x, y) => x - y));
});

it('the sweep expires an offer whose job was lost; a bad job fails at once', async () => {
  const { offer } = await bestOffer();
  await t.sql`update auction_offers set expires_at = now() - interval '1 second' where id = ${offer.id}`;
  expect(
    await waitFor(
      () => statusOf(offer.id),
      (s) => s === 'expired',
    ),
  ).toBe('expired');
  const bad = await workers.offerExpiry.queue.add('expire', { offerId: 'x' }, { jobId: 'offer-expiry-bad' });
  const failed = await waitFor(
    () => bad.getState(),
    (s) => s === 'failed',
  );
  expect(failed).toBe('failed');
});
