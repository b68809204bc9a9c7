import { ESCROW_INSPECTION_DAYS, ESCROW_PAYMENT_DUE_HOURS, FEE_SCHEDULE, TERMS, percentText } from '@app/shared';
import { FeeCalculator } from '../components/fee-calculator';

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

export function PricingPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Pricing</h1>
      <p className="mt-3 text-slate-700">
        One schedule for every sale, whether it ends at the hammer or with Buy It Now. Payment is held in escrow: it is due within{' '}
        {ESCROW_PAYMENT_DUE_HOURS} hours of the sale, and released to the seller after the buyer's {ESCROW_INSPECTION_DAYS}-day inspection period.
      </p>
      <FeeSchedulePoints />
      <h2 className="mt-8 mb-3 text-xl font-semibold">Work it out for your car</h2>
      <FeeCalculator />
    </div>
  );
}
