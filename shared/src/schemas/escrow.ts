import { z } from 'zod';
import { ESCROW_MILESTONES, ESCROW_REQUIRED_DOCUMENTS, ESCROW_STATUSES } from '../constants.js';
import { IdSchema, IsoDateSchema, MoneySchema } from './common.js';
import { AuctionSchema } from './auctions.js';

export const EscrowStatusSchema = z.enum(ESCROW_STATUSES);
export const EscrowMilestoneSchema = z.enum(ESCROW_MILESTONES);
export const DocumentTypeSchema = z.enum(ESCROW_REQUIRED_DOCUMENTS);

export const EscrowFeesSchema = z.object({
  buyerFee: MoneySchema,
  sellerFee: MoneySchema,
  paymentProcessingFee: MoneySchema,
});
export type EscrowFees = z.infer<typeof EscrowFeesSchema>;

export const EscrowTransactionSchema = z.object({
  id: z.number().int(),
  amount: MoneySchema,
  status: EscrowStatusSchema,
  fundedAt: IsoDateSchema.nullable(),
  buyerId: z.number().int(),
  sellerId: z.number().int().nullable(),
  buyerTermsAccepted: z.boolean(),
  sellerTermsAccepted: z.boolean(),
  shippingMethod: z.string().nullable(),
  pickupLocation: z.string().nullable(),
  inspectionLocation: z.string().nullable(),
  paymentDueAt: IsoDateSchema.nullable(),
  inspectionPeriodEnds: IsoDateSchema.nullable(),
  auction: AuctionSchema,
  milestones: z.array(z.object({ id: z.number().int(), milestone: z.string(), status: z.string() })),
  documents: z.array(z.object({ documentType: z.string(), verificationStatus: z.string() })),
  fees: EscrowFeesSchema,
});
export type EscrowTransaction = z.infer<typeof EscrowTransactionSchema>;

export const AcceptTermsBodySchema = z.object({ transactionId: IdSchema, userRole: z.enum(['buyer', 'seller']) });
export const CompleteMilestoneBodySchema = z.object({
  transactionId: IdSchema,
  milestone: EscrowMilestoneSchema,
  notes: z.string().max(2000).optional(),
});
export const InitiateDisputeBodySchema = z.object({
  transactionId: IdSchema,
  disputeType: z.string().trim().min(1).max(100),
  description: z.string().trim().min(1).max(5000),
});
export const UploadDocumentFieldsSchema = z.object({ transactionId: IdSchema, documentType: DocumentTypeSchema });
