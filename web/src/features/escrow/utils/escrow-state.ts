import {
  decideDocumentUpload,
  decideInsurance,
  decidePaymentStart,
  paymentDue,
  toCents,
  type EscrowDocumentType,
  type EscrowState,
  type EscrowTransaction,
  type PaymentDue,
} from '@app/shared';
import { serverNow } from '../../../lib/server-clock';

/** The transaction as the shared escrow rules read it, so the page offers exactly what the server would accept. */
export function escrowStateOf(t: EscrowTransaction): EscrowState {
  return {
    status: t.status,
    buyerTermsAccepted: t.buyerTermsAccepted,
    sellerTermsAccepted: t.sellerTermsAccepted,
    hasSeller: t.sellerId !== null,
    completedMilestones: t.milestones.filter((m) => m.status === 'completed').map((m) => m.milestone),
    verifiedDocuments: t.documents.filter((d) => d.verificationStatus === 'verified').map((d) => d.documentType),
    paymentDueAtMs: t.paymentDueAt ? Date.parse(t.paymentDueAt) : null,
    inspectionEndsAtMs: t.inspectionPeriodEnds ? Date.parse(t.inspectionPeriodEnds) : null,
  };
}

export const canPay = (t: EscrowTransaction) => decidePaymentStart(escrowStateOf(t), t.role, serverNow()).ok;

export const canUpload = (t: EscrowTransaction, type: EscrowDocumentType, current: string | null) =>
  decideDocumentUpload(t.status, t.role, type, current).ok;

/** What the buyer owes by the stored schedule, and what is due first (the deposit, or the balance once it is paid). */
export const dueOf = (t: EscrowTransaction): PaymentDue =>
  paymentDue(
    t.payment.schedule.map((l) => ({
      paymentType: l.paymentType,
      amountCents: toCents(l.amount),
      dueAtMs: Date.parse(l.dueDate),
      status: l.status,
      paymentId: null,
    })),
  );

export const canInsure = (t: EscrowTransaction) =>
  decideInsurance(t.status, t.role, t.insurance !== null, t.payment.started).ok;
