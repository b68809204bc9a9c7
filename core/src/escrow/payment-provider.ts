// Card payments behind one interface, chosen by PAYMENT_PROVIDER. The built-in sandbox moves no money: it accepts the
// documented test cards, declines the rest, and confirms the way a real provider does, by a signed webhook delivery to
// POST /api/escrow/payments/webhook. Only that delivery marks a payment received (docs/escrow.md: plugging in Stripe).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  centsToDecimal,
  sandboxCardOutcome,
  sandboxHoldsDeclined,
  sandboxSetupOutcome,
  type HoldWebhookEvent,
  type PaymentWebhookEvent,
  type SetupWebhookEvent,
} from '@app/shared';

export interface PaymentIntent {
  intentId: string;
}

export interface CardConfirmation {
  /** `processing`: the provider took the card and will tell the webhook; `declined`: nothing will happen. */
  outcome: 'processing' | 'declined';
  reason: string | null;
}

/** A hold's answer: authorized (the webhook follows), or declined with the provider's reason (nothing was held). */
export type HoldAnswer = { ok: true; holdId: string } | { ok: false; reason: string };

export interface PaymentProvider {
  readonly name: string;
  /** Asks the provider to expect this amount for this escrow (idempotent per escrow for a real provider). */
  createIntent(input: { transactionId: number; amountCents: number }): Promise<PaymentIntent>;
  /** Charges a card against an intent (a real provider's hosted form does this in the browser instead). */
  confirm(input: {
    transactionId: number;
    intentId: string;
    amountCents: number;
    cardNumber: string;
  }): Promise<CardConfirmation>;
  /** Sends money back to the buyer's card. */
  refund(input: { intentId: string; amountCents: number }): Promise<{ refundId: string }>;
  /** Starts saving a card for a member (Stripe's SetupIntent); the card is theirs once the webhook says so. */
  createSetupIntent(input: { userId: number }): Promise<{ setupIntentId: string }>;
  /** Saves a card against a setup intent (a real provider's hosted form does this in the browser instead). */
  confirmSetup(input: { setupIntentId: string; cardNumber: string }): Promise<CardConfirmation>;
  /** Authorizes an amount on a saved card without taking it (a manual-capture intent). */
  placeHold(input: { paymentMethodId: string; amountCents: number; reference: string }): Promise<HoldAnswer>;
  /** Raises an authorization to a higher amount (an incremental authorization). */
  raiseHold(input: { holdId: string; paymentMethodId: string; amountCents: number }): Promise<HoldAnswer>;
  /** Lets an authorization go; nothing is taken. */
  releaseHold(input: { holdId: string; amountCents: number }): Promise<void>;
  /** Takes part or all of an authorization; the rest is let go. */
  captureHold(input: { holdId: string; amountCents: number }): Promise<void>;
  /** The header the provider signs its webhook deliveries with. */
  readonly signatureHeader: string;
  /** Whether a delivery's raw body carries the provider's valid signature. */
  verifySignature(rawBody: Buffer, signature: string | undefined, nowMs: number): boolean;
  /** Waits for deliveries still on their way (shutdown, tests). */
  drain(): Promise<void>;
}

/** Deliveries older than this are refused, so a captured one cannot be replayed later. */
const SIGNATURE_TOLERANCE_S = 300;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the scheme Stripe uses. */
export function signWebhook(secret: string, body: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export function verifyWebhookSignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  nowMs: number,
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  const given = parts.v1;
  if (!Number.isInteger(t) || !given || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_S) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** Where the sandbox delivers its webhooks: the API's own route, through the whole HTTP stack. */
export type WebhookDelivery = (body: string, headers: Record<string, string>) => Promise<void>;

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly signatureHeader = 'payment-signature';
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly secret: string,
    private readonly deliver: WebhookDelivery,
    /** Told when a delivery fails (a real provider would retry; the buyer can pay again). */
    private readonly onDeliveryError: (err: unknown) => void = () => {},
    /** A real provider answers first and calls back a moment later; so does the sandbox. */
    private readonly delayMs = 150,
  ) {}

  async createIntent(): Promise<PaymentIntent> {
    return { intentId: `pi_sandbox_${randomBytes(12).toString('hex')}` };
  }

  async confirm(input: {
    transactionId: number;
    intentId: string;
    amountCents: number;
    cardNumber: string;
  }): Promise<CardConfirmation> {
    const { outcome, reason } = sandboxCardOutcome(input.cardNumber);
    const event: PaymentWebhookEvent = {
      id: eventId(),
      type: outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
      created: Math.floor(Date.now() / 1000),
      data: {
        intentId: input.intentId,
        transactionId: input.transactionId,
        amount: centsToDecimal(input.amountCents),
        failureReason: reason,
      },
    };
    this.send(event);
    return { outcome: outcome === 'succeeded' ? 'processing' : 'declined', reason };
  }

  async createSetupIntent(): Promise<{ setupIntentId: string }> {
    return { setupIntentId: `seti_sandbox_${randomBytes(12).toString('hex')}` };
  }

  async confirmSetup(input: { setupIntentId: string; cardNumber: string }): Promise<CardConfirmation> {
    const r = sandboxSetupOutcome(input.cardNumber);
    const event: SetupWebhookEvent = {
      id: eventId(),
      type: r.ok ? 'setup_intent.succeeded' : 'setup_intent.setup_failed',
      created: Math.floor(Date.now() / 1000),
      data: {
        setupIntentId: input.setupIntentId,
        // The sandbox keeps no state: its payment method names the test card, which decides its holds.
        paymentMethodId: r.ok ? `pm_sandbox_${r.last4}_${randomBytes(8).toString('hex')}` : null,
        brand: r.ok ? r.brand : null,
        last4: r.ok ? r.last4 : null,
        failureReason: r.ok ? null : r.reason,
      },
    };
    this.send(event);
    return r.ok ? { outcome: 'processing', reason: null } : { outcome: 'declined', reason: r.reason };
  }

  async placeHold(input: { paymentMethodId: string; amountCents: number }): Promise<HoldAnswer> {
    if (declinesHolds(input.paymentMethodId)) return { ok: false, reason: HOLD_DECLINED };
    const holdId = `pi_hold_sandbox_${randomBytes(12).toString('hex')}`;
    this.sendHold('hold.placed', holdId, input.amountCents);
    return { ok: true, holdId };
  }

  async raiseHold(input: { holdId: string; paymentMethodId: string; amountCents: number }): Promise<HoldAnswer> {
    if (declinesHolds(input.paymentMethodId)) return { ok: false, reason: HOLD_DECLINED };
    this.sendHold('hold.raised', input.holdId, input.amountCents);
    return { ok: true, holdId: input.holdId };
  }

  async releaseHold(input: { holdId: string; amountCents: number }): Promise<void> {
    this.sendHold('hold.released', input.holdId, input.amountCents);
  }

  async captureHold(input: { holdId: string; amountCents: number }): Promise<void> {
    this.sendHold('hold.captured', input.holdId, input.amountCents);
  }

  async refund(): Promise<{ refundId: string }> {
    return { refundId: `re_sandbox_${randomBytes(12).toString('hex')}` };
  }

  verifySignature(rawBody: Buffer, signature: string | undefined, nowMs: number): boolean {
    return verifyWebhookSignature(this.secret, rawBody, signature, nowMs);
  }

  async drain(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  private sendHold(type: HoldWebhookEvent['type'], holdId: string, amountCents: number): void {
    this.send({
      id: eventId(),
      type,
      created: Math.floor(Date.now() / 1000),
      data: { holdId, amount: centsToDecimal(amountCents) },
    });
  }

  private send(event: PaymentWebhookEvent | SetupWebhookEvent | HoldWebhookEvent): void {
    const body = JSON.stringify(event);
    const delivery = new Promise<void>((resolve) => setTimeout(resolve, this.delayMs))
      .then(() =>
        this.deliver(body, {
          'content-type': 'application/json',
          [this.signatureHeader]: signWebhook(this.secret, body, Date.now()),
        }),
      )
      .catch((err: unknown) => this.onDeliveryError(err))
      .finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }
}

const eventId = () => `evt_sandbox_${randomBytes(12).toString('hex')}`;
const HOLD_DECLINED = 'Your card declined the hold for the buyer’s premium';
const declinesHolds = (paymentMethodId: string) => {
  const last4 = /^pm_sandbox_(\d{4})_/.exec(paymentMethodId)?.[1];
  return !last4 || sandboxHoldsDeclined(last4);
};
