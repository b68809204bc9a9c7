// A sale with an open escrow and the steps the escrow tests take on it, through the real routes.
import { expect } from 'vitest';
import { signWebhook } from '@app/core/escrow';
import { pdfDocument } from '../../../infra/test-support/documents.js';
import { createAuction, createUserSession, jsonHeaders, type TestContext } from './test-app.js';

export type Sale = Awaited<ReturnType<typeof openSale>>;

export async function openSale(ctx: TestContext, price = '50000.00') {
  const seller = await createUserSession(ctx.app, ctx.sql);
  const buyer = await createUserSession(ctx.app, ctx.sql);
  const auctionId = await createAuction(ctx.sql, { buyItNowPrice: price, ownerId: seller.id });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/auctions/${auctionId}/buy-now`,
    headers: jsonHeaders(buyer.cookie),
    payload: {},
  });
  expect(res.statusCode).toBe(201);
  return { seller, buyer, auctionId, transactionId: res.json().transactionId as number };
}

export const post = (ctx: TestContext, cookie: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload });

export async function acceptBoth(ctx: TestContext, s: Sale) {
  expect(
    (await post(ctx, s.buyer.cookie, '/api/escrow/accept-terms', { transactionId: s.transactionId, userRole: 'buyer' }))
      .statusCode,
  ).toBe(200);
  expect(
    (
      await post(ctx, s.seller.cookie, '/api/escrow/accept-terms', {
        transactionId: s.transactionId,
        userRole: 'seller',
      })
    ).statusCode,
  ).toBe(200);
}

export const escrowStatus = async (ctx: TestContext, id: number) =>
  (await ctx.sql<{ status: string }[]>`select status from escrow_transactions where id = ${id}`)[0]!.status;

/** Polls until the escrow reaches a status (the provider's webhook arrives a moment after the card form answers). */
export async function waitForStatus(ctx: TestContext, id: number, status: string, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while ((await escrowStatus(ctx, id)) !== status) {
    if (Date.now() > until) throw new Error(`escrow ${id} never became ${status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Starts the payment and pays with a sandbox card; the card form's answer. */
export async function payWithCard(ctx: TestContext, s: Sale, cardNumber = '4242 4242 4242 4242') {
  const intent = await post(ctx, s.buyer.cookie, '/api/escrow/payments/intent', { transactionId: s.transactionId });
  expect(intent.statusCode).toBe(200);
  return post(ctx, s.buyer.cookie, '/api/escrow/payments/sandbox/confirm', {
    transactionId: s.transactionId,
    cardNumber,
    expiry: '12/34',
    cvc: '123',
  });
}

export async function payAndWait(ctx: TestContext, s: Sale) {
  expect((await payWithCard(ctx, s)).statusCode).toBe(202);
  await waitForStatus(ctx, s.transactionId, 'funded');
}

/** Delivers a payment event to the webhook as the provider would, signed with `secret` (the configured one by default). */
export function deliverWebhook(
  ctx: TestContext,
  event: object,
  secret = ctx.config.PAYMENT_WEBHOOK_SECRET,
  nowMs = Date.now(),
) {
  const body = JSON.stringify(event);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/escrow/payments/webhook',
    headers: { 'content-type': 'application/json', 'payment-signature': signWebhook(secret, body, nowMs) },
    payload: body,
  });
}

/** A multipart body with fields first, then one file part, as the page's FormData sends it. */
export function multipartWithFields(
  fields: Record<string, string>,
  bytes: Uint8Array,
  fileName: string,
  contentType: string,
) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: ${contentType}\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PDF = pdfDocument();

export function uploadDocument(
  ctx: TestContext,
  cookie: string,
  transactionId: number,
  documentType: string,
  bytes: Uint8Array = PDF,
  fileName = 'doc.pdf',
  type = 'application/pdf',
) {
  const { payload, headers } = multipartWithFields(
    { transactionId: String(transactionId), documentType },
    bytes,
    fileName,
    type,
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/escrow/upload-document',
    headers: { ...jsonHeaders(cookie), ...headers },
    payload,
  });
}

/** Everything a step could change: the escrow row, its milestones, documents, disputes and their threads, payment schedule, notices. */
export const snapshot = async (ctx: TestContext, id: number) => ({
  row: (await ctx.sql`select * from escrow_transactions where id = ${id}`)[0],
  milestones:
    await ctx.sql`select milestone, status, completed_at from transaction_milestones where transaction_id = ${id} order by id`,
  documents: await ctx.sql`select * from transaction_documents where transaction_id = ${id} order by id`,
  disputes: await ctx.sql`select * from dispute_resolutions where transaction_id = ${id} order by id`,
  messages:
    await ctx.sql`select m.* from dispute_messages m join dispute_resolutions d on d.id = m.dispute_id where d.transaction_id = ${id} order by m.id`,
  schedule: await ctx.sql`select * from payment_schedules where transaction_id = ${id} order by id`,
  insurance: await ctx.sql`select * from transaction_insurance where transaction_id = ${id} order by id`,
  notices: await ctx.sql`select count(*)::int as n from escrow_notices where transaction_id = ${id}`,
  events:
    await ctx.sql`select count(*)::int as n from outbox where type = 'escrow.updated' and (payload->>'transactionId')::int = ${id}`,
});
