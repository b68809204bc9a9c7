import { z } from 'zod';
import { wholeDollarAmount } from './bids.js';
import { ADMIN_AUCTION_DURATIONS_DAYS, CAR_CATEGORIES, VIN_LENGTH, ZIP_LENGTH } from '../constants.js';
import { ClaimedUserIdSchema, IdSchema, wholeNumber } from './common.js';
import { vinCheckDigitProblem } from '../vin.js';
import { modelYearProblem } from '../domain/model-years.js';
import { PHOTOS_PER_CAR_MAX, photoFileNameOf } from '../photos.js';
import { ValuationReportSchema } from './valuation.js';

export const VinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .length(VIN_LENGTH, `VIN must be ${VIN_LENGTH} characters`)
  .regex(/^[A-HJ-NPR-Z0-9]+$/, 'VIN may not contain I, O or Q')
  .superRefine((vin, ctx) => {
    const problem = vin.length === VIN_LENGTH ? vinCheckDigitProblem(vin) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Checked against the date it is parsed on, so the newest listable year moves with the calendar. */
export const ModelYearSchema = z.number().superRefine((year, ctx) => {
  const problem = modelYearProblem(year, new Date());
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const CreateCarBodySchema = z.object({
  vin: VinSchema,
  year: wholeNumber().pipe(ModelYearSchema),
  make: z.string().trim().min(1).max(60),
  model: z.string().trim().min(1).max(80),
  /** Optional, but it decides most of the value (a 911 GT3 against a Carrera). */
  trim: z.string().trim().max(100).default(''),
  mileage: wholeNumber().pipe(z.number().min(0).max(2_000_000)),
  condition: z.string().trim().min(1).max(40),
  images: z
    .array(
      z
        .string()
        .refine((url) => photoFileNameOf(url) !== null, 'Each image must be a photo uploaded to /api/uploads/photos'),
    )
    .min(1, 'At least one image is required')
    .max(PHOTOS_PER_CAR_MAX, `At most ${PHOTOS_PER_CAR_MAX} photos`),
  description: z.string().max(5000).default(''),
  category: z.enum(CAR_CATEGORIES).default('sports'),
  ownerId: ClaimedUserIdSchema,
});
/** What the sell form asks of a description: a listing never goes live with an empty one. */
export const CAR_DESCRIPTION_MIN = 20;
export const ListingDescriptionSchema = z
  .string()
  .trim()
  .min(CAR_DESCRIPTION_MIN, `Describe the car in at least ${CAR_DESCRIPTION_MIN} characters: history, options, flaws`)
  .max(5000);
export const CreateCarResponseSchema = z.object({ id: z.number().int() });

export const CarValuationResponseSchema = z.object({
  aiEstimatedValue: z.string(),
  aiConfidence: z.number().int(),
  aiDaysToSell: z.string(),
  valuation: ValuationReportSchema,
});
export type CarValuationResponse = z.infer<typeof CarValuationResponseSchema>;

export const EstimateValueBodySchema = z.object({
  vin: VinSchema,
  mileage: wholeNumber().pipe(z.number().min(0).max(2_000_000)),
  /** Overrides the decoded trim (or supplies one the VIN does not carry). */
  trim: z.string().trim().max(100).optional(),
  zip: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${ZIP_LENGTH}}$`), `ZIP must be ${ZIP_LENGTH} digits`),
});

export const ValuationResponseSchema = z.object({
  vehicle_details: z.object({
    year: z.union([z.number(), z.string()]),
    make: z.string(),
    model: z.string(),
    body_class: z.string(),
    engine: z.string(),
  }),
  vin_analysis: z.object({ manufacturer: z.string() }),
  estimated_value_range: z.string(),
  confidence: z.string(),
  market_analysis: z.object({
    demand_level: z.string(),
    seasonal_impact: z.string(),
    regional_preference: z.string(),
  }),
  summary: z.string(),
  investment_advice: z.string(),
  /** Beyond the spec's shape: the number's evidence, so the page can show the comparables and the factors used. */
  valuation: ValuationReportSchema,
});
export type ValuationResponse = z.infer<typeof ValuationResponseSchema>;

export const CarfaxReportBodySchema = z.object({ vin: VinSchema });
/** Where an entry comes from: this marketplace's records, a history provider, or the labelled sample generator. */
export const HISTORY_SOURCES = ['platform', 'provider', 'sample'] as const;
const source = z.enum(HISTORY_SOURCES);
export const VehicleHistoryReportSchema = z.object({
  score: z.number().int().min(0).max(100),
  vehicleHistory: z.object({
    totalOwners: z.number().int(),
    accidentHistory: z.boolean(),
    serviceRecords: z.number().int(),
    titleIssues: z.boolean(),
  }),
  /** Whole dollars from one valuation of the car (the listing's AI value when it has one); null: not available. */
  marketValue: z.object({ tradeIn: z.number(), retail: z.number(), certified: z.number() }).nullable(),
  recalls: z.array(z.object({ component: z.string(), status: z.string(), description: z.string(), source })),
  ownershipHistory: z.array(
    z.object({
      ownerType: z.string(),
      duration: z.string(),
      location: z.string(),
      mileageStart: z.number(),
      mileageEnd: z.number(),
      source,
    }),
  ),
  serviceHistory: z.array(
    z.object({
      serviceType: z.string(),
      date: z.string(),
      description: z.string(),
      mileage: z.number(),
      location: z.string(),
      source,
    }),
  ),
  titleHistory: z.array(
    z.object({ titleType: z.string(), date: z.string(), state: z.string(), mileage: z.number(), source }),
  ),
  /** Beyond the spec's shape: who made the report, the decoded car, and which parts are sample data. */
  provider: z.string(),
  vehicle: z.object({ year: z.number().int().nullable(), make: z.string().nullable(), model: z.string().nullable() }),
  /** Sections filled (wholly or partly) by the sample generator: the page labels them "sample data". */
  sampleSections: z.array(
    z.enum(['vehicleHistory', 'marketValue', 'recalls', 'ownershipHistory', 'serviceHistory', 'titleHistory']),
  ),
  generatedAt: z.string(),
});
export type VehicleHistoryReport = z.infer<typeof VehicleHistoryReportSchema>;

/** "Submit to Auction": the owner proposes terms; an admin approves before it goes live. */
export const SubmitAuctionBodySchema = z
  .object({
    carId: IdSchema,
    startingBid: wholeDollarAmount('Starting bid'),
    reservePrice: wholeDollarAmount('Reserve price').optional(),
    buyItNowPrice: wholeDollarAmount('Buy It Now price').optional(),
    /** Left out: the marketplace's default duration in force when an admin approves the auction. */
    durationDays: wholeNumber()
      .refine(
        (d) => (ADMIN_AUCTION_DURATIONS_DAYS as readonly number[]).includes(d),
        `Duration must be one of ${ADMIN_AUCTION_DURATIONS_DAYS.join(', ')} days`,
      )
      .optional(),
    location: z.string().trim().min(1).max(100),
    isPremiumOnly: z.boolean().default(false),
  })
  .refine((b) => b.buyItNowPrice === undefined || b.buyItNowPrice > b.startingBid, {
    message: 'Buy It Now price must be above the starting bid',
    path: ['buyItNowPrice'],
  })
  .refine((b) => b.reservePrice === undefined || b.reservePrice >= b.startingBid, {
    message: 'Reserve price cannot be below the starting bid',
    path: ['reservePrice'],
  });
