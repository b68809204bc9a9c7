import { formatCents, missingDocuments, toCents, type EscrowTransaction } from '@app/shared';
import { ESCROW_INSPECTION_DAYS } from '@app/shared';
import { dueOf } from './escrow-state';

export const when = (at: string | number | null) =>
  at !== null
    ? new Date(at).toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
    : 'to be set';

const words = (types: readonly string[]) => types.map((d) => d.replaceAll('_', ' ')).join(', ');

/** What the viewer should do now, in one sentence, from where the escrow stands. */
/** What is owed, in the words of the buyer's next step or the seller's wait. */
function paymentStep(t: EscrowTransaction, uploads: string): string {
  const due = dueOf(t);
  const total = formatCents(due.totalCents);
  if (!due.first)
    return t.role === 'buyer'
      ? 'Waiting for the payment provider to confirm your payment.'
      : "Waiting for the payment provider to confirm the buyer's payment.";
  const by = when(due.first.dueAtMs);
  if (due.depositOpen) {
    const deposit = formatCents(due.first.amountCents);
    return t.role === 'buyer'
      ? `Pay ${total} by ${by} on the payment tab, or a deposit of ${deposit} by then and the balance by ${when(due.finalDueAtMs)}.`
      : `Waiting for the buyer's payment of ${total}, or a deposit of ${deposit}, due by ${by}. ${uploads}`;
  }
  if (due.paidCents > 0) {
    return t.role === 'buyer'
      ? `Deposit received. Pay the balance of ${total} by ${by} on the payment tab.`
      : `The buyer paid a deposit of ${formatCents(due.paidCents)}; the balance of ${total} is due by ${by}. ${uploads}`;
  }
  return t.role === 'buyer'
    ? `Pay ${total} by ${by} on the payment tab.`
    : `Waiting for the buyer's payment of ${total}, due by ${by}. ${uploads}`;
}

export function nextStep(t: EscrowTransaction): string {
  const mine = t.role === 'buyer' ? t.buyerTermsAccepted : t.sellerTermsAccepted;
  const theirs = t.role === 'buyer' ? t.sellerTermsAccepted || t.sellerId === null : t.buyerTermsAccepted;
  const verified = t.documents.filter((d) => d.verificationStatus === 'verified').map((d) => d.documentType);
  const unverified = missingDocuments(verified);
  const toUpload = t.documents
    .filter((d) => unverified.includes(d.documentType as never) && (!d.uploaded || d.verificationStatus === 'rejected'))
    .map((d) => d.documentType);
  const settled = () => t.disputes.find((d) => d.status === 'resolved');
  switch (t.status) {
    case 'pending':
      if (!mine) return 'Review and accept the escrow terms to continue.';
      if (!theirs)
        return t.role === 'buyer'
          ? 'Waiting for the seller to accept the escrow terms; then pay on the payment tab.'
          : 'Waiting for the buyer to accept the escrow terms.';
      return paymentStep(t, `Upload the ${words(toUpload.length ? toUpload : unverified)} meanwhile.`);
    case 'funded':
      if (t.role === 'seller')
        return toUpload.length > 0
          ? `Payment received and held in escrow. Upload the ${words(toUpload)} on the documents tab, and ship the car (shipping tab).`
          : 'Payment received and held in escrow. Ship the car (shipping tab); the inspection starts when it is delivered.';
      return `Payment received and held in escrow. Confirm the delivery when the car arrives (a carrier's tracking confirms it too); the ${ESCROW_INSPECTION_DAYS}-day inspection starts then.`;
    case 'in_inspection':
      if (unverified.length > 0)
        return t.role === 'buyer'
          ? `Inspect the car by ${when(t.inspectionPeriodEnds)}; the funds can be released once an admin verifies the ${words(unverified)}.`
          : `The buyer is inspecting the car until ${when(t.inspectionPeriodEnds)}. Waiting for an admin to verify the ${words(unverified)}.`;
      return t.role === 'buyer'
        ? `Inspect the car by ${when(t.inspectionPeriodEnds)}: confirm it to release the funds, or open a dispute.`
        : `The buyer is inspecting the car until ${when(t.inspectionPeriodEnds)}; the funds are released after that.`;
    case 'disputed':
      return 'A dispute is open: the funds stay held until a mediator decides (support tab).';
    case 'completed':
      return t.role === 'buyer'
        ? 'Complete: the funds were released to the seller.'
        : `Complete: ${formatCents(toCents(t.fees.sellerProceeds))} released to you.`;
    case 'cancelled':
      return settledText(t, settled()) ?? 'Cancelled: payment was not received in time.';
    case 'refunded':
      return settledText(t, settled()) ?? 'Refunded to the buyer.';
  }
}

/** A sale a mediator ended before it was paid in full: what went back, what went to the seller, nothing owed. */
function settledText(t: EscrowTransaction, d: EscrowTransaction['disputes'][number] | undefined): string | null {
  if (!d) return null;
  const paid = t.payment.schedule
    .filter((l) => l.paymentType !== 'refund' && l.status === 'paid')
    .reduce((n, l) => n + toCents(l.amount), 0);
  const refunded = t.payment.schedule
    .filter((l) => l.paymentType === 'refund')
    .reduce((n, l) => n + toCents(l.amount), 0);
  const kept = paid - refunded;
  const back = refunded > 0 ? `${formatCents(refunded)} refunded to the buyer` : 'nothing refunded';
  const released = kept > 0 ? `${formatCents(kept)} released to the seller` : 'nothing released to the seller';
  return `${t.status === 'refunded' ? 'Refunded' : 'Cancelled'} by the mediator's decision (${d.resolution?.replace('_', ' ') ?? 'resolved'}): ${back}, ${released}. Nothing more is owed.`;
}
