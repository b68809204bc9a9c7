// A member's card (saved through the provider's setup intent) and the holds placed on it while they bid, as the API
// answers them, and the provider's card and hold events as its webhook delivers them.
import { z } from 'zod';
import { IdSchema, IsoDateSchema, MoneySchema } from './common.js';

export const PaymentCardSchema = z.object({
  status: z.enum(['pending', 'verified', 'failed']),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type PaymentCard = z.infer<typeof PaymentCardSchema>;

export const BidHoldSchema = z.object({
  holdId: z.string(),
  auctionId: IdSchema,
  auctionTitle: z.string(),
  amount: MoneySchema,
  status: z.enum(['placed', 'released', 'captured']),
  capturedAmount: MoneySchema.nullable(),
  placedAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type BidHold = z.infer<typeof BidHoldSchema>;

/** The account page's card section: the card (null before one is added), whether bids need it, and the holds. */
export const MyPaymentCardSchema = z.object({
  card: PaymentCardSchema.nullable(),
  exempt: z.boolean(),
  holds: z.array(BidHoldSchema),
});
export type MyPaymentCard = z.infer<typeof MyPaymentCardSchema>;

export const SetupIntentSchema = z.object({ setupIntentId: z.string(), provider: z.string() });

/** The sandbox's card form for saving a card; a real provider's form posts to the provider, never here. */
export const SandboxSetupBodySchema = z.object({
  setupIntentId: z.string().trim().min(1).max(200),
  cardNumber: z
    .string()
    .trim()
    .regex(/^[\d ]{12,23}$/, 'must be a card number'),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'must be MM/YY'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
});
export const SandboxSetupResultSchema = z.object({ outcome: z.literal('processing') });

export const BidExemptionBodySchema = z.object({ exempt: z.boolean() });
export const BidExemptionSchema = z.object({ userId: IdSchema, exempt: z.boolean() });

const eventBase = { id: z.string().min(1).max(200), created: z.number().int() };

/** The provider saved (or refused) a card for a member's setup intent. */
export const SetupWebhookEventSchema = z.object({
  ...eventBase,
  type: z.enum(['setup_intent.succeeded', 'setup_intent.setup_failed']),
  data: z.object({
    setupIntentId: z.string().min(1).max(200),
    paymentMethodId: z.string().min(1).max(200).nullable(),
    brand: z.string().max(40).nullable(),
    last4: z
      .string()
      .regex(/^\d{4}$/)
      .nullable(),
    failureReason: z.string().max(500).nullable(),
  }),
});
export type SetupWebhookEvent = z.infer<typeof SetupWebhookEventSchema>;

export const HOLD_EVENT_TYPES = ['hold.placed', 'hold.raised', 'hold.released', 'hold.captured'] as const;

/** A hold (an authorization) moved: `amount` is the amount held (placed, raised) or taken (captured). */
export const HoldWebhookEventSchema = z.object({
  ...eventBase,
  type: z.enum(HOLD_EVENT_TYPES),
  data: z.object({ holdId: z.string().min(1).max(200), amount: MoneySchema }),
});
export type HoldWebhookEvent = z.infer<typeof HoldWebhookEventSchema>;
