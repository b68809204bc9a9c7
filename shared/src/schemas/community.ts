import { z } from 'zod';
import { TRADE_IN_CONDITIONS } from '../constants.js';
import { ClaimedUserIdSchema, IsoDateSchema, MoneyInputSchema } from './common.js';
import { VinSchema } from './cars.js';

export const TradeInBodySchema = z.object({
  vin: VinSchema,
  mileage: z.coerce.number().int().min(0),
  condition: z.enum(TRADE_IN_CONDITIONS),
  exteriorColor: z.string().max(50).optional(),
  interiorColor: z.string().max(50).optional(),
  photos: z.array(z.string()).default([]),
  notes: z.string().max(2000).optional(),
  hasLien: z.boolean().default(false),
  titlePhotos: z.array(z.string()).default([]),
  lienholderName: z.string().max(200).optional(),
  payoffAmount: MoneyInputSchema.optional(),
  payoffPerDiem: MoneyInputSchema.optional(),
  payoffValidDate: z.string().optional(),
  lienholderContact: z.string().max(200).optional(),
  lienholderAddress: z.string().max(500).optional(),
  userId: ClaimedUserIdSchema,
});

export const TradeInResultSchema = z.object({
  estimatedValue: z.string(),
  offerExpiresAt: IsoDateSchema,
  marketAnalysis: z.object({
    demand_level: z.string(),
    condition_impact: z.string(),
    mileage_factor: z.string(),
    market_trend: z.string(),
  }),
  valueBreakdown: z.object({
    baseValue: z.string(),
    conditionAdjustment: z.string(),
    mileageAdjustment: z.string(),
    marketAdjustment: z.string(),
  }),
});
