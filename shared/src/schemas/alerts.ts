import { z } from 'zod';
import { ALERT_DEFAULT_TIME_THRESHOLD, ALERT_TIME_THRESHOLDS, ALERT_TYPES } from '../constants.js';
import { ClaimedUserIdSchema, IdSchema, IsoDateSchema, MoneyInputSchema, MoneySchema, wholeNumber } from './common.js';
import { AuctionStatusSchema } from './auctions.js';

export const AlertTypeSchema = z.enum(ALERT_TYPES);

const thresholds = ALERT_TIME_THRESHOLDS as readonly number[];

export const AlertSettingsInputSchema = z.object({
  emailEnabled: z.boolean().default(true),
  pushEnabled: z.boolean().default(true),
  smsEnabled: z.boolean().default(false),
  priceTarget: MoneyInputSchema.optional(),
  timeThreshold: wholeNumber()
    .refine((n) => thresholds.includes(n), `must be one of ${ALERT_TIME_THRESHOLDS.join(', ')}`)
    .default(ALERT_DEFAULT_TIME_THRESHOLD),
});

export const CreateBidAlertBodySchema = z
  .object({
    auctionId: IdSchema,
    alertType: AlertTypeSchema,
    settings: AlertSettingsInputSchema.default({
      emailEnabled: true,
      pushEnabled: true,
      smsEnabled: false,
      timeThreshold: ALERT_DEFAULT_TIME_THRESHOLD,
    }),
    userId: ClaimedUserIdSchema,
  })
  .refine((b) => b.alertType !== 'priceTarget' || b.settings.priceTarget !== undefined, {
    message: 'A price target is required for a priceTarget alert',
    path: ['settings', 'priceTarget'],
  });

export const UpdateBidAlertBodySchema = z.object({ isActive: z.boolean() });

export const AlertSettingsSchema = z.object({
  emailEnabled: z.boolean(),
  pushEnabled: z.boolean(),
  smsEnabled: z.boolean(),
  priceTarget: MoneySchema.optional(),
  timeThreshold: z.number().int(),
});

export const BidAlertSchema = z.object({
  id: z.number().int(),
  auctionId: z.number().int(),
  alertType: AlertTypeSchema,
  isActive: z.boolean(),
  settings: AlertSettingsSchema,
  lastTriggered: IsoDateSchema.nullable(),
  createdAt: IsoDateSchema,
  auction: z.object({
    id: z.number().int(),
    currentBid: MoneySchema,
    startingBid: MoneySchema,
    endTime: IsoDateSchema,
    /** With these, the dashboard says how an ended auction ended (shared standing rules) instead of counting down. */
    status: AuctionStatusSchema,
    bidCount: z.number().int(),
    winningAmount: MoneySchema.nullable(),
    car: z.object({ year: z.number().int(), make: z.string(), model: z.string(), images: z.array(z.string()) }),
  }),
});
export type BidAlert = z.infer<typeof BidAlertSchema>;
export const BidAlertListSchema = z.array(BidAlertSchema);
