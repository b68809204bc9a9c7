// The escrow commands, called as the routes and the deadline job call them: every act locks the escrow row, asks its
// rule in shared/src/domain/escrow-*.ts, writes exactly what it allows and tells both parties; a refusal writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PaymentWebhookEventSchema } from '@app/shared';
import { DomainError } from '../../src/errors.js';
import { NO_ESCROW } from '../../src/escrow/escrow-actions.js';
import { runEscrowDeadlines } from '../../src/escrow/escrow-deadlines.js';
import {
  initiateDispute,
  postDisputeMessage,
  resolveDispute,
  reviewDispute,
} from '../../src/escrow/escrow-disputes.js';
import { reviewDocument, uploadDocument } from '../../src/escrow/escrow-documents.js';
import { addInsurance } from '../../src/escrow/escrow-insurance.js';
import { payWithSandboxCard, startPayment } from '../../src/escrow/escrow-payments.js';
import { updateShipping } from '../../src/escrow/escrow-shipping.js';
import { acceptTerms, completeMilestone } from '../../src/escrow/escrow-steps.js';
import { SandboxPaymentProvider } from '../../src/escrow/payment-provider.js';
import { receivePaymentEvent, type WebhookOutcome } from '../../src/escrow/payment-webhook.js';
import { DocumentStore } from '../../src/files/document-store.js';
import { PostgresFileStorage } from '@app/infra/storage';
import { pdfDocument } from '../../../infra/test-support/documents.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { closedSale, testMember, type ClosedSale } from '../../test-support/sales.js';
import { createAdmin } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();
let payments: SandboxPaymentProvider;
let documents: DocumentStore;
let dir: string;
const delivered: WebhookOutcome[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'escrow-documents-'));
  documents = new DocumentStore(new PostgresFileStorage(ctx.sql));
  // The sandbox delivers its signed confirmation the way the API's webhook route hands it over.
  payments = new SandboxPaymentProvider(
    'whsec-core-test',
    async (body, headers) => {
      if (!payments.verifySignature(Buffer.from(body), headers[payments.signatureHeader], Date.now()))
        throw new Error('bad signature');
      delivered.push(
        await receivePaymentEvent({ ...ctx, payments }, PaymentWebhookEventSchema.parse(JSON.parse(body))),
      );
    },
    () => {},
    0,
  );
});
afterAll(async () => {
  await payments.drain();
  await rm(dir, { recursive: true, force: true });
});

const member = () => testMember(ctx);
const sale = () => closedSale(ctx);
type Sale = ClosedSale;

const status = async (id: number) =>
  (await ctx.sql<{ status: string }[]>`select status from escrow_transactions where id = ${id}`)[0]!.status;

async function refused(work: Promise<unknown>): Promise<{ status: number; message: string }> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof DomainError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return { status: err.status, message: err.message };
}

/** A sale its buyer has paid in full, and an admin to act on it. */
async function fundedSale() {
  const s = await sale();
  await funded(s);
  return { s, admin: (await createAdmin(ctx.sql)).id };
}

async function funded(s: Sale) {
  await acceptTerms(ctx, s.transactionId, 'buyer', s.buyer);
  await acceptTerms(ctx, s.transactionId, 'seller', s.seller);
  await startPayment({ ...ctx, payments }, { transactionId: s.transactionId, part: 'all' }, s.buyer);
  await payWithSandboxCard(
    { ...ctx, payments },
    { transactionId: s.transactionId, cardNumber: '4242424242424242' },
    s.buyer,
  );
  await payments.drain();
  expect(await status(s.transactionId)).toBe('funded');
}

describe('steps', () => {
  it('each party accepts the terms once; a wrong role, a stranger and the buyer marking payment received are refused', async () => {
    const s = await sale();
    expect(await acceptTerms(ctx, s.transactionId, 'buyer', s.buyer)).toEqual({ changed: true, status: 'pending' });
    expect(await acceptTerms(ctx, s.transactionId, 'buyer', s.buyer)).toEqual({ changed: false, status: 'pending' });
    expect(await refused(acceptTerms(ctx, s.transactionId, 'seller', s.buyer))).toEqual({
      status: 403,
      message: 'You are not the seller of this transaction',
    });
    expect(await refused(acceptTerms(ctx, s.transactionId, 'buyer', await member()))).toEqual({
      status: 404,
      message: NO_ESCROW,
    });
    const paid = await refused(
      completeMilestone(
        ctx,
        { transactionId: s.transactionId, milestone: 'payment_received' },
        {
          kind: 'user',
          userId: s.buyer.id,
        },
      ),
    );
    expect(paid.status).toBe(403);
    expect(await status(s.transactionId)).toBe('pending');
  });

  it('tells both parties of a step on their own streams, after commit', async () => {
    const s = await sale();
    await acceptTerms(ctx, s.transactionId, 'seller', s.seller);
    const told = (await ctx.published()).filter(
      (e) => e.type === 'escrow.updated' && e.transactionId === s.transactionId && e.actor === 'seller',
    );
    expect(told.map((e) => e.stream).sort()).toEqual([`user:${s.buyer.id}`, `user:${s.seller.id}`].sort());
  });
});

describe('payment', () => {
  it("is confirmed only by the provider's signed webhook, once, however often it is delivered", async () => {
    const s = await sale();
    await funded(s);
    expect(delivered.at(-1)).toBe('applied');
    const [event] = await ctx.sql<{ payload: unknown }[]>`
      select payload from payment_webhook_events where transaction_id = ${s.transactionId}`;
    expect(await receivePaymentEvent({ ...ctx, payments }, PaymentWebhookEventSchema.parse(event!.payload))).toBe(
      'duplicate',
    );
    const [milestones] = await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from transaction_milestones
      where transaction_id = ${s.transactionId} and milestone = 'payment_received' and status = 'completed'`;
    expect(milestones!.n).toBe(1);
  });
});

describe('documents, shipping and insurance', () => {
  it('keeps an uploaded document; an admin verifying the last required one completes that step, not the inspection', async () => {
    const { s, admin } = await fundedSale();
    for (const documentType of ['title', 'bill_of_sale', 'inspection_report'] as const) {
      const temp = join(dir, `.incoming-${documentType}-${s.transactionId}`);
      await writeFile(temp, pdfDocument());
      const up = await uploadDocument(
        { ...ctx, documents },
        {
          transactionId: s.transactionId,
          documentType,
          received: { id: `${documentType}${s.transactionId}`, temp, bytes: 1 },
        },
        s.seller,
      );
      const review = await reviewDocument(
        ctx,
        { transactionId: s.transactionId, documentId: up.documentId, decision: 'verified' },
        admin,
      );
      expect(review.changed).toBe(true);
    }
    // The inspection waits for the car: it starts at the delivery.
    expect(await status(s.transactionId)).toBe('funded');
    const [verified] = await ctx.sql<{ status: string }[]>`
      select status from transaction_milestones where transaction_id = ${s.transactionId} and milestone = 'documents_verified'`;
    expect(verified!.status).toBe('completed');
  });

  it('refuses a document from someone outside the sale and leaves no file behind', async () => {
    const s = await sale();
    const temp = join(dir, `.incoming-stranger-${s.transactionId}`);
    await writeFile(temp, pdfDocument());
    const id = `stranger${s.transactionId}`;
    expect(
      (
        await refused(
          uploadDocument(
            { ...ctx, documents },
            { transactionId: s.transactionId, documentType: 'title', received: { id, temp, bytes: 1 } },
            await member(),
          ),
        )
      ).status,
    ).toBe(404);
    expect(await documents.open(`${id}.pdf`)).toBeNull();
  });

  it('lets only the seller enter shipping, and the buyer add transit insurance once before paying', async () => {
    const s = await sale();
    const pickup = { transactionId: s.transactionId, shippingMethod: 'pickup' as const, pickupLocation: 'Detroit, MI' };
    expect((await refused(updateShipping(ctx, pickup, s.buyer))).status).toBe(403);
    expect(await updateShipping(ctx, pickup, s.seller)).toEqual({ status: 'pending' });
    const policy = await addInsurance(ctx, s.transactionId, s.buyer);
    expect(policy.policyNumber).toMatch(new RegExp(`^SBX-${s.transactionId}-`));
    expect((await refused(addInsurance(ctx, s.transactionId, s.buyer))).status).toBe(409);
    const [fee] = await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from payment_schedules where transaction_id = ${s.transactionId} and payment_type = 'fee'`;
    expect(fee!.n).toBe(1);
  });
});

describe('disputes', () => {
  it('a dispute is opened, taken for review, written in and resolved with the refund sent through the provider', async () => {
    const { s, admin } = await fundedSale();
    const opened = await initiateDispute(
      ctx,
      { transactionId: s.transactionId, disputeType: 'condition', description: 'Not as described' },
      s.buyer,
    );
    expect(opened.status).toBe('disputed');
    expect(await reviewDispute(ctx, s.transactionId, admin)).toMatchObject({ disputeStatus: 'in_review' });
    expect(
      await postDisputeMessage(ctx, s.transactionId, { kind: 'user', userId: s.seller.id }, 'It was fine'),
    ).toEqual({
      disputeId: opened.disputeId,
    });
    expect(
      (await refused(postDisputeMessage(ctx, s.transactionId, { kind: 'user', userId: (await member()).id }, 'hi')))
        .status,
    ).toBe(404);
    const resolved = await resolveDispute(
      { ...ctx, payments },
      { transactionId: s.transactionId, outcome: 'refund', decision: 'Refund in full' },
      admin,
    );
    expect(resolved).toEqual({ disputeId: opened.disputeId, disputeStatus: 'resolved', status: 'refunded' });
    const refunds = await ctx.sql<{ status: string; refundId: string | undefined }[]>`
      select status, metadata->>'refundId' as refund_id from payment_schedules
      where transaction_id = ${s.transactionId} and payment_type = 'refund'`;
    expect(refunds.length).toBeGreaterThan(0);
    expect(refunds.every((r) => r.status === 'paid' && r.refundId?.startsWith('re_sandbox_'))).toBe(true);
    expect((await refused(reviewDispute(ctx, s.transactionId, admin))).status).toBe(409);
  });
});

describe('deadlines', () => {
  it('cancels an unpaid escrow past its deadline once, however many runs race', async () => {
    const s = await sale();
    await ctx.sql`update escrow_transactions set payment_due_at = now() - interval '1 minute' where id = ${s.transactionId}`;
    const runs = await Promise.all([runEscrowDeadlines(ctx), runEscrowDeadlines(ctx), runEscrowDeadlines(ctx)]);
    expect(runs.reduce((n, r) => n + r.cancelled, 0)).toBe(1);
    expect(await status(s.transactionId)).toBe('cancelled');
  });
});
