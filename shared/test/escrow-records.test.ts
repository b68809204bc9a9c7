import { describe, expect, it } from 'vitest';
import {
  decideDocumentUpload,
  decideShipping,
  disputeRefundCents,
  sandboxCardOutcome,
  sniffDocumentType,
} from '../src/index.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('escrow records', () => {
  it('knows a document by its bytes: a PDF (with its end), a PNG, a JPEG; not a renamed page', () => {
    expect(sniffDocumentType(bytes('%PDF-1.4\n1 0 obj\n%%EOF\n'))).toBe('application/pdf');
    expect(sniffDocumentType(bytes('%PDF-1.4 <html>'))).toBeNull();
    expect(sniffDocumentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffDocumentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffDocumentType(bytes('<!doctype html><script>alert(1)</script>'))).toBeNull();
  });

  it('lets the parties upload the required set until the inspection, evidence while open', () => {
    expect(decideDocumentUpload('funded', 'seller', 'title', 'pending')).toEqual({ ok: true });
    expect(decideDocumentUpload('funded', 'seller', 'title', 'verified')).toMatchObject({
      ok: false,
      refusal: { code: 'conflict' },
    });
    expect(decideDocumentUpload('in_inspection', 'buyer', 'title', 'pending')).toMatchObject({
      ok: false,
      refusal: { code: 'conflict' },
    });
    expect(decideDocumentUpload('disputed', 'buyer', 'other', null)).toEqual({ ok: true });
    expect(decideDocumentUpload('funded', 'admin', 'title', null)).toMatchObject({
      ok: false,
      refusal: { code: 'forbidden' },
    });
  });

  it('takes shipping from the seller only, with a tracking number for a carrier', () => {
    expect(decideShipping('funded', 'buyer', { shippingMethod: 'pickup', pickupLocation: 'Austin' })).toMatchObject({
      refusal: { code: 'forbidden' },
    });
    expect(decideShipping('funded', 'seller', { shippingMethod: 'carrier', carrier: 'UPS' })).toMatchObject({
      refusal: { code: 'invalid' },
    });
    expect(
      decideShipping('funded', 'seller', { shippingMethod: 'carrier', carrier: 'UPS', trackingNumber: '1Z999' }),
    ).toEqual({ ok: true });
    expect(decideShipping('completed', 'seller', { shippingMethod: 'pickup', pickupLocation: 'Austin' })).toMatchObject(
      { refusal: { code: 'conflict' } },
    );
  });

  it('refunds all, nothing, or a part strictly between', () => {
    expect(disputeRefundCents('refund', 5_000_00, undefined)).toEqual({ ok: true, cents: 5_000_00 });
    expect(disputeRefundCents('release', 5_000_00, undefined)).toEqual({ ok: true, cents: 0 });
    expect(disputeRefundCents('partial_refund', 5_000_00, 1_000_00)).toEqual({ ok: true, cents: 1_000_00 });
    expect(disputeRefundCents('partial_refund', 5_000_00, 5_000_00)).toMatchObject({ ok: false });
  });

  it('accepts the sandbox test card and declines the rest', () => {
    expect(sandboxCardOutcome('4242 4242 4242 4242').outcome).toBe('succeeded');
    expect(sandboxCardOutcome('4000 0000 0000 0002')).toEqual({
      outcome: 'declined',
      reason: 'Your card was declined',
    });
    expect(sandboxCardOutcome('5555 5555 5555 4444').outcome).toBe('declined');
  });
});
