import { FEE_SCHEDULE, TERMS, percentText } from '@app/shared';

/** Every fee the marketplace charges, from the same schedule the escrow and the buy-now dialog use. */
export function FeeSchedulePoints() {
  const s = FEE_SCHEDULE;
  return (
    <ul className="mt-2 list-disc space-y-1 pl-6" data-testid="fee-schedule">
      <li>Buyer's premium: {percentText(s.buyersPremiumBps)} of the sale price, paid by the buyer.</li>
      <li>Escrow fee: {percentText(s.buyerEscrowFeeBps)} paid by the buyer and {percentText(s.sellerEscrowFeeBps)} paid by the seller.</li>
      <li>Seller's commission: {percentText(s.sellersCommissionBps)} of the sale price.</li>
      <li>AI valuation report: ${TERMS.aiValuationReportUsd}.</li>
    </ul>
  );
}
