import { z } from 'zod';
import { ESCROW_MILESTONES, ESCROW_REQUIRED_DOCUMENTS, ESCROW_STATUSES } from '../constants.js';
import { ESCROW_ACTIONS } from '../domain/escrow-machine.js';
import { ESCROW_DOCUMENT_TYPES } from '../domain/escrow-documents.js';
import { SHIPPING_METHODS } from '../domain/escrow-shipping.js';
import { DISPUTE_OUTCOMES, DISPUTE_STATUSES, DISPUTE_TYPES } from '../domain/escrow-disputes.js';
import { PAYMENT_PARTS, PAYMENT_SCHEDULE_TYPES } from '../domain/escrow-payments.js';
import { IdSchema, IsoDateSchema, MoneyInputSchema, MoneySchema } from './common.js';
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
export const EscrowDocumentTypeSchema = z.enum(ESCROW_DOCUMENT_TYPES);

/** A document slot (the required three exist from the sale) with its file, if any, and its review. */
export const EscrowDocumentSchema = z.object({
  id: z.number().int(),
  documentType: z.string(),
  verificationStatus: z.string(),
  uploaded: z.boolean(),
  /** Only the parties and admins can open it. */
  fileUrl: z.string().nullable(),
  uploadedAt: IsoDateSchema.nullable(),
  rejectionReason: z.string().nullable(),
});

export const PaymentScheduleLineSchema = z.object({
  paymentType: z.enum(PAYMENT_SCHEDULE_TYPES),
  amount: MoneySchema,
  dueDate: IsoDateSchema,
  status: z.string(),
  paidAt: IsoDateSchema.nullable(),
  failureReason: z.string().nullable(),
});

export const InsurancePolicySchema = z.object({
  provider: z.string(),
  policyNumber: z.string(),
  coverageType: z.string(),
  coverageAmount: MoneySchema,
  premium: MoneySchema,
  effectiveDate: IsoDateSchema,
  expirationDate: IsoDateSchema,
  status: z.string(),
});
export const InsuranceBodySchema = z.object({ transactionId: IdSchema });
export const InsuranceAddedSchema = z.object({ policyNumber: z.string() });

export const DisputeSchema = z.object({
  id: z.number().int(),
  initiatedBy: EscrowRoleSchema,
  disputeType: z.string(),
  description: z.string(),
  evidence: z.array(z.object({ documentId: z.number().int(), fileUrl: z.string() })),
  status: z.enum(DISPUTE_STATUSES),
  resolution: z.enum(DISPUTE_OUTCOMES).nullable(),
  resolutionAmount: MoneySchema.nullable(),
  mediatorDecision: z.string().nullable(),
  createdAt: IsoDateSchema,
  resolvedAt: IsoDateSchema.nullable(),
  /** The thread, oldest first. */
  messages: z.array(z.object({ author: z.enum(['buyer', 'seller', 'mediator']), body: z.string(), at: IsoDateSchema })),
});
export type Dispute = z.infer<typeof DisputeSchema>;

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
  /** The version of the escrow terms (escrow-terms.ts) each party accepted; null before, or for an older acceptance. */
  buyerTermsVersion: z.string().nullable(),
  sellerTermsVersion: z.string().nullable(),
  /** When the buyer or the carrier's tracking confirmed the delivery (the inspection period starts then). */
  deliveredAt: IsoDateSchema.nullable(),
  shippingMethod: z.string().nullable(),
  pickupLocation: z.string().nullable(),
  inspectionLocation: z.string().nullable(),
  shippingCarrier: z.string().nullable(),
  shippingTrackingNumber: z.string().nullable(),
  paymentDueAt: IsoDateSchema.nullable(),
  inspectionPeriodEnds: IsoDateSchema.nullable(),
  auction: AuctionSchema,
  milestones: z.array(z.object({ id: z.number().int(), milestone: EscrowMilestoneSchema, status: z.string() })),
  documents: z.array(EscrowDocumentSchema),
  payment: z.object({
    /** Which PaymentProvider takes the card; `sandbox` moves no money. */
    provider: z.string(),
    /** Whether the buyer has started paying (an intent exists with the provider). */
    started: z.boolean(),
    schedule: z.array(PaymentScheduleLineSchema),
  }),
  disputes: z.array(DisputeSchema),
  insurance: InsurancePolicySchema.nullable(),
  /** The session user's notices about this escrow, newest first. */
  notices: z.array(z.object({ at: IsoDateSchema, actor: z.string(), text: z.string() })),
  fees: EscrowFeesSchema,
  /** What the session user can do now, from the escrow state machine. */
  nextActions: z.array(EscrowActionSchema),
});
export type EscrowTransaction = z.infer<typeof EscrowTransactionSchema>;

export const AcceptTermsBodySchema = z.object({
  transactionId: IdSchema,
  userRole: EscrowRoleSchema,
  /** The version of the terms the party was shown (escrow-terms.ts); a stale one is refused. */
  termsVersion: z
    .string()
    .regex(/^[0-9a-f]{8}$/)
    .optional(),
});
export const CompleteMilestoneBodySchema = z.object({
  transactionId: IdSchema,
  milestone: EscrowMilestoneSchema,
  notes: z.string().max(2000).optional(),
});
export const InitiateDisputeBodySchema = z.object({
  transactionId: IdSchema,
  disputeType: z.string().trim().min(1).max(100),
  description: z.string().trim().min(1).max(5000),
  /** Files uploaded first as `other` documents of this transaction. */
  evidenceDocumentIds: z.array(IdSchema).max(10).optional(),
});
export const DisputeMessageBodySchema = z.object({
  transactionId: IdSchema,
  message: z.string().trim().min(1).max(5000),
});
export const DisputeMessageResultSchema = z.object({ disputeId: z.number().int() });
export const DisputeTypeSchema = z.enum(DISPUTE_TYPES);
export const UploadDocumentFieldsSchema = z.object({ transactionId: IdSchema, documentType: EscrowDocumentTypeSchema });
export const UploadedDocumentSchema = z.object({
  documentId: z.number().int(),
  documentType: EscrowDocumentTypeSchema,
  verificationStatus: z.string(),
});
export const DocumentParamsSchema = z.object({ documentId: IdSchema });

export const ShippingBodySchema = z.object({
  transactionId: IdSchema,
  shippingMethod: z.enum(SHIPPING_METHODS),
  pickupLocation: z.string().trim().min(1).max(200).optional(),
  inspectionLocation: z.string().trim().min(1).max(200).optional(),
  carrier: z.string().trim().min(1).max(100).optional(),
  trackingNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'must be 4 to 40 letters, digits or dashes')
    .optional(),
});

export const ShippingResultSchema = z.object({ status: EscrowStatusSchema });

/** `part`: everything still owed (the default), or only the deposit (and any fee due with it) for now. */
export const PaymentIntentBodySchema = z.object({
  transactionId: IdSchema,
  part: z.enum(PAYMENT_PARTS).default('all'),
});
export const PaymentIntentSchema = z.object({ intentId: z.string(), provider: z.string(), amount: MoneySchema });
/** The sandbox's card form; a real provider's form posts to the provider, never here. */
export const SandboxCardBodySchema = z.object({
  transactionId: IdSchema,
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
/** Accepted by the card form: the confirmation follows as the provider's webhook. */
export const SandboxCardResultSchema = z.object({ outcome: z.literal('processing'), intentId: z.string() });

/** A payment provider's event as delivered to the webhook (the sandbox's; a real provider's is mapped to it). */
export const PaymentWebhookEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['payment_intent.succeeded', 'payment_intent.payment_failed']),
  created: z.number().int(),
  data: z.object({
    intentId: z.string().min(1).max(200),
    transactionId: IdSchema,
    amount: MoneySchema,
    failureReason: z.string().max(500).nullable(),
  }),
});
export type PaymentWebhookEvent = z.infer<typeof PaymentWebhookEventSchema>;
export const PaymentWebhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** The carrier's tracking update, as its signed webhook delivers it: the shipment with this tracking number arrived. */
export const CarrierTrackingEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.literal('shipment.delivered'),
  data: z.object({
    transactionId: IdSchema,
    trackingNumber: z.string().trim().min(1).max(64),
  }),
});
export type CarrierTrackingEvent = z.infer<typeof CarrierTrackingEventSchema>;
/** The sandbox carrier's "delivered" scan of a sale's shipment. */
export const SandboxDeliveredBodySchema = z.object({ transactionId: IdSchema });
export const SandboxDeliveredResultSchema = z.object({ trackingNumber: z.string() });

/** An admin's step on an escrow. Payments are confirmed by the provider's webhook only; disputes by their own route. */
export const AdminEscrowActionBodySchema = z.object({
  action: z.enum(['verify_documents', 'release_funds']),
  notes: z.string().max(2000).optional(),
});
export const AdminDocumentParamsSchema = z.object({ id: IdSchema, documentId: IdSchema });
export const AdminDocumentReviewBodySchema = z
  .object({ decision: z.enum(['verified', 'rejected']), reason: z.string().trim().min(1).max(1000).optional() })
  .refine((b) => b.decision === 'verified' || b.reason !== undefined, {
    message: 'A rejection needs a reason',
    path: ['reason'],
  });
export const AdminDisputeBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('review') }),
  z.object({ action: z.literal('message'), message: z.string().trim().min(1).max(5000) }),
  z.object({
    action: z.literal('resolve'),
    outcome: z.enum(DISPUTE_OUTCOMES),
    /** What goes back to the buyer for a partial refund. */
    refundAmount: MoneyInputSchema.optional(),
    decision: z.string().trim().min(1).max(5000),
  }),
]);
export const AdminDisputeResultSchema = z.object({
  disputeId: z.number().int(),
  disputeStatus: z.enum(DISPUTE_STATUSES),
  status: EscrowStatusSchema,
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
  documents: z.array(EscrowDocumentSchema),
  disputes: z.array(DisputeSchema),
});
export type AdminEscrow = z.infer<typeof AdminEscrowSchema>;
export const AdminEscrowListSchema = z.array(AdminEscrowSchema);
export const DisputeOpenedResponseSchema = z.object({ disputeId: z.number().int(), status: EscrowStatusSchema });
