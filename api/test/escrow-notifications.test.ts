// Escrow steps reach the other party's notifications (the bell), once per step, linking to the escrow page.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './support/test-app.js';
import { acceptBoth, openSale, payAndWait } from './support/escrow-sale.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const escrowNotices = async (cookie: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: { kind: string; text: string; link: string }[] }).items.filter(
    (n) => n.kind === 'escrow',
  );
};

it('tells each party about the steps of the other side, once each, with a link to the escrow page', async () => {
  const sale = await openSale(ctx);
  const sellerBefore = (await escrowNotices(sale.seller.cookie)).length;
  await acceptBoth(ctx, sale);
  await payAndWait(ctx, sale);

  const seller = await escrowNotices(sale.seller.cookie);
  const buyer = await escrowNotices(sale.buyer.cookie);
  // One notice in the bell for every step the escrow page lists for that party but its opening (the sold notice).
  const stepsForSeller = (
    await ctx.sql<{ n: number }[]>`
    select count(*)::int - 1 as n from escrow_notices where user_id = ${sale.seller.id}`
  )[0]!.n;
  expect(seller.length - sellerBefore).toBeGreaterThan(0);
  expect(seller.length).toBe(stepsForSeller);
  expect(seller.every((n) => n.link === `/transaction/${sale.auctionId}`)).toBe(true);
  expect(seller.some((n) => /buyer accepted/i.test(n.text))).toBe(true);
  expect(buyer.some((n) => /seller accepted/i.test(n.text))).toBe(true);
});
