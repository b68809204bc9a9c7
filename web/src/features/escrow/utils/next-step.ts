import { formatCents, toCents, type EscrowTransaction } from '@app/shared';

export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'to be set');

/** What the viewer should do now, in one sentence, from the state machine's answer (nextActions). */
export function nextStep(t: EscrowTransaction): string {
  const total = formatCents(toCents(t.fees.buyerTotal));
  const mine = t.role === 'buyer' ? t.buyerTermsAccepted : t.sellerTermsAccepted;
  switch (t.status) {
    case 'pending':
      if (!mine) return 'Review and accept the escrow terms to continue.';
      return t.role === 'buyer'
        ? `Pay ${total} by ${when(t.paymentDueAt)}. Payment is confirmed by the payment provider; this page updates when it arrives.`
        : `Waiting for the buyer's payment of ${total}, due by ${when(t.paymentDueAt)}.`;
    case 'funded':
      return t.role === 'buyer'
        ? 'Payment received and held in escrow. The title, bill of sale and inspection report are being verified.'
        : 'Payment received and held in escrow. Send the title, bill of sale and inspection report for verification.';
    case 'in_inspection':
      return t.role === 'buyer'
        ? `Inspect the car by ${when(t.inspectionPeriodEnds)}: confirm it to release the funds, or open a dispute.`
        : `The buyer is inspecting the car until ${when(t.inspectionPeriodEnds)}; the funds are released after that.`;
    case 'disputed':
      return 'A dispute is open: the funds stay held until a mediator decides.';
    case 'completed':
      return t.role === 'buyer' ? 'Complete: the funds were released to the seller.' : `Complete: ${formatCents(toCents(t.fees.sellerProceeds))} released to you.`;
    case 'cancelled':
      return 'Cancelled: payment was not received in time.';
    case 'refunded':
      return 'Refunded to the buyer.';
  }
}

