// The trade-in wizard's contracts: the form the owner submits, the evaluation with its firm offer, the owner's list of
// evaluations, and the wizard draft kept across reloads.
import { z } from 'zod';
import { TRADE_IN_CONDITIONS } from '../constants.js';
import { ClaimedUserIdSchema, IdSchema, MoneyInputSchema, MoneySchema, wholeNumber } from './common.js';
import { VinSchema } from './cars.js';
import { PHOTOS_PER_CAR_MAX, photoFileNameOf } from '../photos.js';
import { payoffDateProblem, utcDate } from '../domain/trade-in-offer.js';
import { ScannedVehicleSchema } from '../vin-scan.js';
import { ComparableSchema } from './valuation.js';

export const TRADE_IN_TEXTS = {
  missingTitle: 'Missing Information',
  missingText: 'Please fill in all required fields.',
  completeTitle: 'Evaluation Complete',
  completeText: 'Your trade-in has been evaluated successfully.',
  failedTitle: 'Evaluation Failed',
  failedFallback: 'Failed to evaluate trade-in',
  titlePhotoRequired: 'Without a lien, upload at least one title photo',
  titlePhotoType: 'Title photos must be PNG or JPG images up to 10 MB',
  lienholderRequired: 'Lienholder name is required when there is a lien',
  payoffRequired: 'Payoff amount is required when there is a lien',
  perDiem: 'Per diem must be an amount with at most two decimals, below 1000',
} as const;
export const TITLE_PHOTOS_MAX = 4;

const photoUrl = z
  .string()
  .refine((url) => photoFileNameOf(url) !== null, 'Each image must be a photo uploaded to /api/uploads/photos');
/** PNG or JPG by the stored name, whose extension is the type the upload proved from the file's bytes. */
const titlePhotoUrl = photoUrl.refine((url) => /\.(png|jpg)$/.test(url), TRADE_IN_TEXTS.titlePhotoType);
const optionalText = (max: number) => z.string().trim().max(max).optional();
/** numeric(5,2): at most 999.99, two decimals. */
const PerDiemSchema = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const s = String(v).trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: TRADE_IN_TEXTS.perDiem });
    return z.NEVER;
  }
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
});

export const TradeInEvaluateBodySchema = z
  .object({
    vin: VinSchema,
    mileage: wholeNumber('Mileage must be a whole number').pipe(z.number().min(0).max(2_000_000)),
    condition: z.enum(TRADE_IN_CONDITIONS, { error: `Condition must be one of ${TRADE_IN_CONDITIONS.join(', ')}` }),
    trim: optionalText(100),
    exteriorColor: optionalText(40),
    interiorColor: optionalText(40),
    photos: z.array(photoUrl).max(PHOTOS_PER_CAR_MAX, `At most ${PHOTOS_PER_CAR_MAX} photos`).default([]),
    notes: optionalText(2000),
    hasLien: z.boolean().default(false),
    titlePhotos: z.array(titlePhotoUrl).max(TITLE_PHOTOS_MAX, `At most ${TITLE_PHOTOS_MAX} title photos`).default([]),
    lienholderName: optionalText(120),
    payoffAmount: MoneyInputSchema.optional(),
    payoffPerDiem: PerDiemSchema.optional(),
    payoffValidDate: z.string().trim().optional(),
    lienholderContact: optionalText(120),
    lienholderAddress: optionalText(200),
    userId: ClaimedUserIdSchema,
  })
  .superRefine((b, ctx) => {
    if (!b.hasLien) {
      if (b.titlePhotos.length === 0)
        ctx.addIssue({ code: 'custom', path: ['titlePhotos'], message: TRADE_IN_TEXTS.titlePhotoRequired });
      return;
    }
    if (!b.lienholderName)
      ctx.addIssue({ code: 'custom', path: ['lienholderName'], message: TRADE_IN_TEXTS.lienholderRequired });
    if (b.payoffAmount === undefined)
      ctx.addIssue({ code: 'custom', path: ['payoffAmount'], message: TRADE_IN_TEXTS.payoffRequired });
    if (b.payoffValidDate) {
      const problem = payoffDateProblem(b.payoffValidDate, utcDate(new Date()));
      if (problem) ctx.addIssue({ code: 'custom', path: ['payoffValidDate'], message: problem });
    }
  });
export type TradeInEvaluateBody = z.infer<typeof TradeInEvaluateBodySchema>;

export const TRADE_IN_OFFER_STATUSES = ['active', 'accepted', 'declined', 'expired'] as const;
const SignedMoneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

export const TradeInOfferSchema = z.object({
  id: z.number().int(),
  offerAmount: MoneySchema,
  validUntil: z.string(),
  terms: z.string(),
  status: z.enum(TRADE_IN_OFFER_STATUSES),
  acceptedAt: z.string().nullable(),
});
export type TradeInOfferView = z.infer<typeof TradeInOfferSchema>;

export const TradeInResultSchema = z.object({
  evaluationId: z.number().int(),
  vehicle: z.object({ vin: z.string(), year: z.number().int(), make: z.string(), model: z.string(), trim: z.string() }),
  estimatedValue: MoneySchema,
  offerAmount: MoneySchema,
  offerExpiresAt: z.string(),
  marketAnalysis: z.object({
    demand_level: z.string(),
    condition_impact: z.string(),
    mileage_factor: z.string(),
    market_trend: z.string(),
  }),
  valueBreakdown: z.object({
    baseValue: MoneySchema,
    conditionAdjustment: SignedMoneySchema,
    mileageAdjustment: SignedMoneySchema,
    marketAdjustment: SignedMoneySchema,
  }),
  /** How the offer follows from the estimate: the margin and, with a lien, the 10-day payoff. */
  offerBreakdown: z.object({ margin: MoneySchema, lienPayoff: MoneySchema, equity: SignedMoneySchema }),
  confidence: z.number().int(),
  /** The comparables in words ("12 comparable sales, 2019-2025"), and the comparables themselves, so the owner can check the estimate. */
  basis: z.string(),
  comparables: z.array(ComparableSchema),
  offer: TradeInOfferSchema,
});
export type TradeInResult = z.infer<typeof TradeInResultSchema>;

export const TradeInEvaluationSummarySchema = z.object({
  id: z.number().int(),
  vin: z.string(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  mileage: z.number().int(),
  condition: z.enum(TRADE_IN_CONDITIONS),
  estimatedValue: MoneySchema.nullable(),
  status: z.string(),
  createdAt: z.string(),
  offer: TradeInOfferSchema.nullable(),
});
export const TradeInEvaluationsResponseSchema = z.object({ evaluations: z.array(TradeInEvaluationSummarySchema) });
export type TradeInEvaluationSummary = z.infer<typeof TradeInEvaluationSummarySchema>;

export const OfferIdParamsSchema = z.object({ offerId: IdSchema });
export const OfferChangeResponseSchema = z.object({ offer: TradeInOfferSchema });

/**
 * The wizard as the owner left it: loose on purpose (a half-filled form is the point of a draft), but bounded and
 * typed, so a draft is never a place to park arbitrary data.
 */
const draftText = z.string().max(2000);
export const TradeInDraftSchema = z.object({
  step: z.number().int().min(1).max(4),
  vin: z.string().max(17),
  mileage: z.string().max(9),
  condition: z.union([z.enum(TRADE_IN_CONDITIONS), z.literal('')]),
  trim: z.string().max(100),
  exteriorColor: z.string().max(40),
  interiorColor: z.string().max(40),
  notes: draftText,
  photos: z.array(photoUrl).max(PHOTOS_PER_CAR_MAX),
  hasLien: z.boolean(),
  titlePhotos: z.array(photoUrl).max(TITLE_PHOTOS_MAX),
  lienholderName: z.string().max(120),
  payoffAmount: z.string().max(14),
  payoffPerDiem: z.string().max(8),
  payoffValidDate: z.string().max(10),
  lienholderContact: z.string().max(120),
  lienholderAddress: z.string().max(200),
});
export type TradeInDraft = z.infer<typeof TradeInDraftSchema>;
export const TradeInDraftResponseSchema = z.object({ draft: TradeInDraftSchema.nullable() });
export const SaveTradeInDraftBodySchema = z.object({ draft: TradeInDraftSchema });

/** A typed VIN decoded offline (the wizard's first step fills year, make and model from it, as a scan does). */
export const VinDecodeBodySchema = z.object({ vin: VinSchema });
export const VinDecodeResponseSchema = z.object({ vin: z.string(), vehicle: ScannedVehicleSchema.nullable() });
