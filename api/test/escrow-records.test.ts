import { storedBytes, storedKeys } from '../../infra/test-support/stored-files.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DOCUMENT_TEXTS, EscrowTransactionSchema } from '@app/shared';
import { bombPng, pdfDocument } from '../../infra/test-support/documents.js';
import { IMAGE_TEXTS, PDF_TEXTS } from '@app/core/files';
import { createAdminSession, createUserSession, startTestApp, type TestContext } from './support/test-app.js';
import {
  acceptBoth,
  openSale,
  payAndWait,
  post,
  snapshot,
  uploadDocument,
  waitForStatus,
  type Sale,
} from './support/escrow-sale.js';
import { signWebhook } from '@app/core/escrow';

let ctx: TestContext;
let admin: { cookie: string };
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await createAdminSession(ctx.app, ctx.sql);
});
afterAll(async () => ctx?.close());

const storedFiles = async () => storedKeys(ctx.sql, 'escrow-documents/');
const read = async (s: Sale, cookie = s.buyer.cookie) =>
  EscrowTransactionSchema.parse(
    (await ctx.app.inject({ url: `/api/escrow/transaction/${s.auctionId}`, headers: { cookie } })).json(),
  );
const review = (
  s: Sale,
  documentId: number,
  decision: 'verified' | 'rejected',
  reason?: string,
  cookie = admin.cookie,
) =>
  post(ctx, cookie, `/api/admin/escrows/${s.transactionId}/documents/${documentId}/review`, {
    decision,
    ...(reason ? { reason } : {}),
  });

async function fundedSale() {
  const s = await openSale(ctx);
  await acceptBoth(ctx, s);
  await payAndWait(ctx, s);
  return s;
}

describe('escrow documents', () => {
  it('refuses a renamed HTML file (415) and an 11 MB file (413), storing nothing', async () => {
    const s = await openSale(ctx);
    const before = { files: await storedFiles(), escrow: await snapshot(ctx, s.transactionId) };
    const html = new TextEncoder().encode(
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
    );
    const renamed = await uploadDocument(
      ctx,
      s.seller.cookie,
      s.transactionId,
      'title',
      html,
      'title.pdf',
      'application/pdf',
    );
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json()).toEqual({ error: 'Only PDF, PNG or JPEG documents are accepted' });
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(new TextEncoder().encode('%PDF-1.4\n'));
    const tooLarge = await uploadDocument(
      ctx,
      s.seller.cookie,
      s.transactionId,
      'title',
      big,
      'title.pdf',
      'application/pdf',
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: 'The document is too large: at most 10 MB' });
    expect({ files: await storedFiles(), escrow: await snapshot(ctx, s.transactionId) }).toEqual(before);
  });

  it('refuses files that only start like a document (a 10-byte PNG, a cut JPEG, a PDF without structure or without pages) and a pixel bomb, as a document or as evidence, storing nothing', async () => {
    const s = await openSale(ctx);
    const before = { files: await storedFiles(), escrow: await snapshot(ctx, s.transactionId) };
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const refusals: [Uint8Array, string, string, number, string][] = [
      [
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]),
        'title.png',
        'image/png',
        415,
        DOCUMENT_TEXTS.notADocument,
      ],
      [jpeg.subarray(0, jpeg.length / 2), 'title.jpg', 'image/jpeg', 415, DOCUMENT_TEXTS.notADocument],
      [
        new TextEncoder().encode('%PDF-1.4\n<html>not a document</html>\n%%EOF\n'),
        'title.pdf',
        'application/pdf',
        415,
        DOCUMENT_TEXTS.notADocument,
      ],
      [
        pdfDocument(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']),
        'title.pdf',
        'application/pdf',
        415,
        PDF_TEXTS.noPages,
      ],
      [bombPng(), 'title.png', 'image/png', 413, IMAGE_TEXTS.tooManyPixels],
    ];
    for (const [bytes, name, type, status, error] of refusals) {
      for (const [cookie, documentType] of [
        [s.seller.cookie, 'title'],
        [s.buyer.cookie, 'other'],
      ] as const) {
        const res = await uploadDocument(ctx, cookie, s.transactionId, documentType, bytes, name, type);
        expect(res.statusCode, `${name} as ${documentType}`).toBe(status);
        expect(res.json()).toEqual({ error });
      }
    }
    expect({ files: await storedFiles(), escrow: await snapshot(ctx, s.transactionId) }).toEqual(before);
  });

  it('keeps PNG and JPEG documents decoded afresh without their metadata (camera, EXIF location, text chunks)', async () => {
    const s = await openSale(ctx);
    const scan = sharp({ create: { width: 2480, height: 3508, channels: 3, background: '#fdfdfd' } });
    const jpeg = await scan
      .clone()
      .jpeg()
      .withExif({
        IFD0: { Make: 'ScanCo', Copyright: 'Home address here' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 20/1 0/1' },
      })
      .toBuffer();
    const png = await scan
      .clone()
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'Home address here' } } })
      .toBuffer();
    for (const [bytes, name, type] of [
      [jpeg, 'bill.jpg', 'image/jpeg'],
      [png, 'bill.png', 'image/png'],
    ] as const) {
      expect((await sharp(bytes).metadata()).exif).toBeDefined();
      const res = await uploadDocument(ctx, s.seller.cookie, s.transactionId, 'bill_of_sale', bytes, name, type);
      expect(res.statusCode).toBe(201);
      const doc = (await read(s, s.seller.cookie)).documents.find((d) => d.documentType === 'bill_of_sale')!;
      const served = await ctx.app.inject({ url: doc.fileUrl!, headers: { cookie: s.buyer.cookie } });
      expect(served.headers['content-type']).toBe(type);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('Home address'))).toBe(false);
      // A page keeps every pixel: its small print stays legible.
      expect([meta.width, meta.height]).toEqual([2480, 3508]);
      const [row] = await ctx.sql<
        { fileName: string; bytes: number }[]
      >`select file_name, bytes from transaction_documents where id = ${doc.id}`;
      expect((await storedBytes(ctx.sql, `escrow-documents/${row!.fileName}`)).length).toBe(row!.bytes);
    }
  });

  it('stores a PDF for the parties only; a refused record (a stranger) leaves no file', async () => {
    const s = await openSale(ctx);
    const before = await storedFiles();
    const stranger = await createUserSession(ctx.app, ctx.sql);
    expect((await uploadDocument(ctx, stranger.cookie, s.transactionId, 'title')).statusCode).toBe(404);
    expect(await storedFiles()).toEqual(before);
    const ok = await uploadDocument(ctx, s.seller.cookie, s.transactionId, 'title');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ documentType: 'title', verificationStatus: 'pending' });
    const doc = (await read(s)).documents.find((d) => d.documentType === 'title')!;
    expect(doc).toMatchObject({
      uploaded: true,
      verificationStatus: 'pending',
      fileUrl: `/api/escrow/documents/${doc.id}`,
    });
    const asBuyer = await ctx.app.inject({ url: doc.fileUrl!, headers: { cookie: s.buyer.cookie } });
    expect(asBuyer.statusCode).toBe(200);
    expect(asBuyer.headers['content-type']).toBe('application/pdf');
    expect(asBuyer.headers['content-disposition']).toMatch(/^attachment/);
    expect((await ctx.app.inject({ url: doc.fileUrl!, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: doc.fileUrl!, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    // A second upload replaces the first file.
    expect((await uploadDocument(ctx, s.seller.cookie, s.transactionId, 'title')).statusCode).toBe(201);
    expect((await storedFiles()).length).toBe(before.length + 1);
  });

  it('an admin verifies or rejects; the buyer cannot (403); the last required document verified completes that step', async () => {
    const s = await fundedSale();
    for (const type of ['title', 'bill_of_sale', 'inspection_report']) {
      expect((await uploadDocument(ctx, s.seller.cookie, s.transactionId, type)).statusCode).toBe(201);
    }
    const docs = Object.fromEntries((await read(s)).documents.map((d) => [d.documentType, d.id]));
    const before = await snapshot(ctx, s.transactionId);
    expect((await review(s, docs.title!, 'verified', undefined, s.buyer.cookie)).statusCode).toBe(403);
    expect(
      (
        await post(ctx, s.buyer.cookie, '/api/escrow/complete-milestone', {
          transactionId: s.transactionId,
          milestone: 'documents_verified',
        })
      ).statusCode,
    ).toBe(403);
    expect((await review(s, docs.title!, 'rejected')).statusCode).toBe(400); // a rejection needs a reason
    expect(await snapshot(ctx, s.transactionId)).toEqual(before);

    expect((await review(s, docs.title!, 'rejected', 'The VIN on the title does not match')).json()).toEqual({
      changed: true,
      status: 'funded',
    });
    expect((await read(s, s.seller.cookie)).documents.find((d) => d.documentType === 'title')).toMatchObject({
      verificationStatus: 'rejected',
      rejectionReason: 'The VIN on the title does not match',
    });
    expect((await uploadDocument(ctx, s.seller.cookie, s.transactionId, 'title')).statusCode).toBe(201);
    expect((await review(s, docs.title!, 'verified')).json()).toEqual({ changed: true, status: 'funded' });
    expect((await review(s, docs.bill_of_sale!, 'verified')).json()).toEqual({ changed: true, status: 'funded' });
    expect((await review(s, docs.inspection_report!, 'verified')).json()).toEqual({
      changed: true,
      status: 'funded',
    });
    const t = await read(s);
    expect(t.milestones.find((m) => m.milestone === 'documents_verified')!.status).toBe('completed');
    // The inspection waits for the car.
    expect(t.inspectionPeriodEnds).toBeNull();
    expect((await review(s, docs.title!, 'verified')).json()).toEqual({ changed: false, status: 'funded' });
  });

  it('three admins verifying the three documents at once complete the documents step exactly once', async () => {
    const s = await fundedSale();
    for (const type of ['title', 'bill_of_sale', 'inspection_report']) {
      expect((await uploadDocument(ctx, s.seller.cookie, s.transactionId, type)).statusCode).toBe(201);
    }
    const ids = (await read(s)).documents.map((d) => d.id);
    const answers = await Promise.all(ids.map((id) => review(s, id, 'verified')));
    expect(answers.map((a) => a.json().status)).toEqual(['funded', 'funded', 'funded']);
    const completed = await ctx.sql`
      select 1 from outbox where type = 'escrow.updated' and payload->>'milestone' = 'documents_verified' and (payload->>'transactionId')::int = ${s.transactionId}`;
    expect(completed).toHaveLength(2); // one notice to each party
  });
});

describe('escrow shipping', () => {
  it("the sandbox carrier's signed tracking event delivers the car and starts the inspection; a forged or repeated one changes nothing", async () => {
    const s = await fundedSale();
    const body = { transactionId: s.transactionId, shippingMethod: 'carrier', carrier: 'Sandbox Freight' };
    expect(
      (await post(ctx, s.seller.cookie, '/api/escrow/shipping/sandbox/delivered', { transactionId: s.transactionId }))
        .statusCode,
    ).toBe(409);
    await post(ctx, s.seller.cookie, '/api/escrow/shipping', { ...body, trackingNumber: 'SBX-778899' });
    const event = {
      id: `trk_test_${s.transactionId}`,
      type: 'shipment.delivered',
      data: { transactionId: s.transactionId, trackingNumber: 'SBX-778899' },
    };
    const send = (secret: string, payload = JSON.stringify(event)) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/escrow/shipping/webhook',
        headers: { 'content-type': 'application/json', 'carrier-signature': signWebhook(secret, payload, Date.now()) },
        payload,
      });
    // Signed with another secret (or the payment provider's): refused, nothing recorded.
    const before = await snapshot(ctx, s.transactionId);
    expect((await send(ctx.config.PAYMENT_WEBHOOK_SECRET)).statusCode).toBe(400);
    expect(await snapshot(ctx, s.transactionId)).toEqual(before);
    expect((await ctx.sql`select 1 from carrier_webhook_events where event_id = ${event.id}`).length).toBe(0);

    // The sandbox's scan sends the real thing through the webhook; the car is delivered once.
    const scan = await post(ctx, s.seller.cookie, '/api/escrow/shipping/sandbox/delivered', {
      transactionId: s.transactionId,
    });
    expect(scan.statusCode).toBe(202);
    await waitForStatus(ctx, s.transactionId, 'in_inspection');
    const t = await read(s);
    expect(t.milestones.find((m) => m.milestone === 'delivered')!.status).toBe('completed');
    expect(Date.parse(t.inspectionPeriodEnds!) - Date.parse(t.deliveredAt!)).toBe(7 * 24 * 3600 * 1000);
    expect(t.notices[0]!.text).toBe('The carrier confirmed the delivery; the inspection period has started');
    // A later event for the same shipment, and a replay of it: acknowledged, nothing changes.
    expect((await send(ctx.config.CARRIER_WEBHOOK_SECRET)).json()).toEqual({ received: true, duplicate: false });
    expect((await send(ctx.config.CARRIER_WEBHOOK_SECRET)).json()).toEqual({ received: true, duplicate: true });
    expect((await read(s)).inspectionPeriodEnds).toBe(t.inspectionPeriodEnds);
  });

  it('takes carrier and tracking from the seller only and shows them to the buyer', async () => {
    const s = await fundedSale();
    const body = {
      transactionId: s.transactionId,
      shippingMethod: 'carrier',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      inspectionLocation: "Buyer's garage, Austin TX",
    };
    const before = await snapshot(ctx, s.transactionId);
    expect((await post(ctx, s.buyer.cookie, '/api/escrow/shipping', body)).statusCode).toBe(403);
    expect(
      (await post(ctx, s.seller.cookie, '/api/escrow/shipping', { ...body, trackingNumber: undefined })).statusCode,
    ).toBe(400);
    expect(await snapshot(ctx, s.transactionId)).toEqual(before);
    expect((await post(ctx, s.seller.cookie, '/api/escrow/shipping', body)).json()).toEqual({ status: 'funded' });
    expect(await read(s)).toMatchObject({
      shippingMethod: 'carrier',
      shippingCarrier: 'UPS',
      shippingTrackingNumber: '1Z999AA10123456784',
      inspectionLocation: "Buyer's garage, Austin TX",
    });
    const [notice] = await ctx.sql<{ payload: { text: string } }[]>`
      select payload from outbox where type = 'escrow.updated' and (payload->>'userId')::int = ${s.buyer.id} order by seq desc limit 1`;
    expect(notice!.payload.text).toBe('The seller shipped the car with UPS, tracking number 1Z999AA10123456784');
    // The same words stay in the buyer's notice list, newest first, after the outbox is long pruned.
    expect((await read(s)).notices.map((n) => n.text).slice(0, 2)).toEqual([
      'The seller shipped the car with UPS, tracking number 1Z999AA10123456784',
      'The payment provider confirmed the payment',
    ]);
  });
});

describe('escrow disputes', () => {
  it('opens with evidence, a mediator reviews and settles a partial refund; both parties see the thread and outcome', async () => {
    const s = await fundedSale();
    const other = await openSale(ctx);
    const scratch = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const evidence = await uploadDocument(
      ctx,
      s.buyer.cookie,
      s.transactionId,
      'other',
      scratch,
      'scratch.png',
      'image/png',
    );
    expect(evidence.statusCode).toBe(201);
    const foreign = await uploadDocument(ctx, other.buyer.cookie, other.transactionId, 'other');
    const before = await snapshot(ctx, s.transactionId);
    const bad = await post(ctx, s.buyer.cookie, '/api/escrow/initiate-dispute', {
      transactionId: s.transactionId,
      disputeType: 'condition',
      description: 'Deep scratch not in the photos',
      evidenceDocumentIds: [foreign.json().documentId],
    });
    expect(bad.statusCode).toBe(400);
    expect(await snapshot(ctx, s.transactionId)).toEqual(before);

    const opened = await post(ctx, s.buyer.cookie, '/api/escrow/initiate-dispute', {
      transactionId: s.transactionId,
      disputeType: 'condition',
      description: 'Deep scratch not in the photos',
      evidenceDocumentIds: [evidence.json().documentId],
    });
    expect(opened.statusCode).toBe(201);
    const dispute = (path: string) =>
      post(ctx, admin.cookie, `/api/admin/escrows/${s.transactionId}/dispute`, JSON.parse(path));
    // The thread: both parties and the mediator write; a stranger cannot.
    const write = (cookie: string, message: string) =>
      post(ctx, cookie, '/api/escrow/dispute-messages', { transactionId: s.transactionId, message });
    expect((await write(s.seller.cookie, 'The scratch was disclosed in photo 7')).statusCode).toBe(201);
    expect((await write(s.buyer.cookie, 'Photo 7 shows the other door')).statusCode).toBe(201);
    expect((await write((await createUserSession(ctx.app, ctx.sql)).cookie, 'hello')).statusCode).toBe(404);
    expect(
      (await dispute('{"action":"message","message":"Please send a close-up of the scratch"}')).json(),
    ).toMatchObject({ disputeStatus: 'in_review', status: 'disputed' });
    expect((await dispute('{"action":"review"}')).json()).toMatchObject({
      disputeStatus: 'in_review',
      status: 'disputed',
    });
    expect(
      (await dispute('{"action":"resolve","outcome":"partial_refund","refundAmount":"60000.00","decision":"x"}'))
        .statusCode,
    ).toBe(400);
    const settled = await dispute(
      '{"action":"resolve","outcome":"partial_refund","refundAmount":"1500.00","decision":"The scratch costs $1,500 to repair"}',
    );
    expect(settled.json()).toMatchObject({ disputeStatus: 'resolved', status: 'completed' });
    for (const cookie of [s.buyer.cookie, s.seller.cookie]) {
      const t = await read(s, cookie);
      expect(t.disputes).toEqual([
        expect.objectContaining({
          initiatedBy: 'buyer',
          description: 'Deep scratch not in the photos',
          status: 'resolved',
          resolution: 'partial_refund',
          resolutionAmount: '1500.00',
          mediatorDecision: 'The scratch costs $1,500 to repair',
          evidence: [
            { documentId: evidence.json().documentId, fileUrl: `/api/escrow/documents/${evidence.json().documentId}` },
          ],
        }),
      ]);
      expect(t.disputes[0]!.messages.map((m) => [m.author, m.body])).toEqual([
        ['seller', 'The scratch was disclosed in photo 7'],
        ['buyer', 'Photo 7 shows the other door'],
        ['mediator', 'Please send a close-up of the scratch'],
      ]);
      expect(t.payment.schedule.map((l) => [l.paymentType, l.amount, l.status])).toEqual([
        ['deposit', '5375.00', 'paid'],
        ['balance', '48375.00', 'paid'],
        ['refund', '1500.00', 'paid'],
      ]);
    }
    // A settled dispute takes no more messages, and the refusal changes nothing.
    const settledState = await snapshot(ctx, s.transactionId);
    expect((await write(s.buyer.cookie, 'One more thing')).statusCode).toBe(409);
    expect(await snapshot(ctx, s.transactionId)).toEqual(settledState);
  });

  it('every refused step leaves the escrow and everything on it unchanged', async () => {
    const s = await fundedSale();
    const stranger = await createUserSession(ctx.app, ctx.sql);
    const before = await snapshot(ctx, s.transactionId);
    const refused = [
      await post(ctx, s.buyer.cookie, '/api/escrow/complete-milestone', {
        transactionId: s.transactionId,
        milestone: 'payment_received',
      }),
      await post(ctx, s.buyer.cookie, '/api/escrow/complete-milestone', {
        transactionId: s.transactionId,
        milestone: 'documents_verified',
      }),
      await post(ctx, s.buyer.cookie, '/api/escrow/complete-milestone', {
        transactionId: s.transactionId,
        milestone: 'inspection_completed',
      }),
      await post(ctx, s.seller.cookie, '/api/escrow/complete-milestone', {
        transactionId: s.transactionId,
        milestone: 'funds_released',
      }),
      await post(ctx, s.buyer.cookie, '/api/escrow/accept-terms', {
        transactionId: s.transactionId,
        userRole: 'seller',
      }),
      await post(ctx, stranger.cookie, '/api/escrow/initiate-dispute', {
        transactionId: s.transactionId,
        disputeType: 'other',
        description: 'x',
      }),
      await post(ctx, admin.cookie, `/api/admin/escrows/${s.transactionId}/actions`, { action: 'verify_documents' }),
      await post(ctx, admin.cookie, `/api/admin/escrows/${s.transactionId}/actions`, { action: 'release_funds' }),
      await post(ctx, admin.cookie, `/api/admin/escrows/${s.transactionId}/dispute`, {
        action: 'resolve',
        outcome: 'release',
        decision: 'x',
      }),
      await post(ctx, s.buyer.cookie, '/api/escrow/payments/intent', { transactionId: s.transactionId }),
      await post(ctx, s.buyer.cookie, '/api/escrow/shipping', {
        transactionId: s.transactionId,
        shippingMethod: 'pickup',
        pickupLocation: 'Here',
      }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 409, 403, 403, 404, 409, 409, 409, 409, 403]);
    expect(await snapshot(ctx, s.transactionId)).toEqual(before);
  });
});
