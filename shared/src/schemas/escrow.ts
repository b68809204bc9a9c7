import { z } from 'zod';
import { ESCROW_MILESTONES, ESCROW_REQUIRED_DOCUMENTS, ESCROW_STATUSES } from '../constants.js';
import { ESCROW_ACTIONS } from '../domain/escrow-machine.js';
import { IdSchema, IsoDateSchema, MoneySchema } from './common.js';
import { AuctionSchema } from './auctions.js';

export const EscrowStatusSchema = z.enum(ESCROW_STATUSES);
export const EscrowMilestoneSchema = z.enum(ESCROW_MILESTONES);
export const EscrowActionSchema = z.enum(ESCROW_ACTIONS);
export const DocumentTypeSchema = z.enum(ESCROW_REQUIRED_DOCUMENTS);

/** The schedule in force when the sale happened (domain/fees.ts), kept with the escrow so later changes never touch it. */
export const FeeScheduleSchema = z.object({
  buyersPremiumBps: z.number().int().min(0),
  buyerEscrowFeeBps: z.number().int().min(0),
  sellersCommissionBps: z.number().int().min(0),
  sellerEscrowFeeBps: z.number().int().min(0),
});

/**
 * The spec's three fields (`buyerFee`, `sellerFee`, `paymentProcessingFee`) plus what the model adds. `buyerFee` and
 * `sellerFee` are the escrow fees; `paymentProcessingFee` is the buyer's premium under the spec's escrow-page name.
 */
export const EscrowFeesSchema = z.object({
  buyerFee: MoneySchema,
  sellerFee: MoneySchema,
  paymentProcessingFee: MoneySchema,
  sellersCommission: MoneySchema,
  buyerTotal: MoneySchema,
  sellerProceeds: MoneySchema,
  schedule: FeeScheduleSchema,
});
export type EscrowFees = z.infer<typeof EscrowFeesSchema>;

export const EscrowRoleSchema = z.enum(['buyer', 'seller']);

export const EscrowTransactionSchema = z.object({
  id: z.number().int(),
  amount: MoneySchema,
  status: EscrowStatusSchema,
  fundedAt: IsoDateSchema.nullable(),
  buyerId: z.number().int(),
  sellerId: z.number().int().nullable(),
  /** The session user's side of this sale. */
  role: EscrowRoleSchema,
  buyerTermsAccepted: z.boolean(),
  sellerTermsAccepted: z.boolean(),
  shippingMethod: z.string().nullable(),
  pickupLocation: z.string().nullable(),
  inspectionLocation: z.string().nullable(),
  paymentDueAt: IsoDateSchema.nullable(),
  inspectionPeriodEnds: IsoDateSchema.nullable(),
  auction: AuctionSchema,
  milestones: z.array(z.object({ id: z.number().int(), milestone: EscrowMilestoneSchema, status: z.string() })),
  documents: z.array(z.object({ documentType: z.string(), verificationStatus: z.string() })),
  fees: EscrowFeesSchema,
  /** What the session user can do now, from the escrow state machine. */
  nextActions: z.array(EscrowActionSchema),
});
export type EscrowTransaction = z.infer<typeof EscrowTransactionSchema>;

export const AcceptTermsBodySchema = z.object({ transactionId: IdSchema, userRole: EscrowRoleSchema });
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

/** An admin's step on an escrow (until a payment provider's webhook confirms payments, an admin does). */
export const AdminEscrowActionBodySchema = z.object({
  action: z.enum(['confirm_payment', 'verify_documents', 'release_funds', 'resolve_release', 'resolve_refund']),
  notes: z.string().max(2000).optional(),
});
export const EscrowChangeResponseSchema = z.object({ changed: z.boolean(), status: EscrowStatusSchema });

/** A row of the admin portal's escrow queue: what each escrow waits for and what an admin can do about it. */
export const AdminEscrowSchema = z.object({
  id: z.number().int(),
  auctionId: z.number().int(),
  title: z.string(),
  amount: MoneySchema,
  status: EscrowStatusSchema,
  buyerName: z.string(),
  sellerName: z.string().nullable(),
  buyerTermsAccepted: z.boolean(),
  sellerTermsAccepted: z.boolean(),
  paymentDueAt: IsoDateSchema.nullable(),
  inspectionPeriodEnds: IsoDateSchema.nullable(),
  nextActions: z.array(EscrowActionSchema),
});
export type AdminEscrow = z.infer<typeof AdminEscrowSchema>;
export const AdminEscrowListSchema = z.array(AdminEscrowSchema);
export const DisputeOpenedResponseSchema = z.object({ disputeId: z.number().int(), status: EscrowStatusSchema });
