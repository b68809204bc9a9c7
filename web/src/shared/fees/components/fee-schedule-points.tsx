import { percentText } from '@app/shared';
import { useFeeSchedule } from '../use-fee-schedule';
import { FeesLoading } from './fee-breakdown';

/** Every fee the marketplace charges, from the schedule the escrow and the buy-now dialog use for a sale made now. */
export function FeeSchedulePoints() {
  const s = useFeeSchedule();
  if (!s) return <FeesLoading />;
  return (
    <ul className="mt-2 list-disc space-y-1 pl-6" data-testid="fee-schedule">
      <li>Buyer's premium: {percentText(s.buyersPremiumBps)} of the sale price, paid by the buyer.</li>
      <li>
        Escrow fee: {percentText(s.buyerEscrowFeeBps)} paid by the buyer and {percentText(s.sellerEscrowFeeBps)} paid by
        the seller.
      </li>
      <li>Seller's commission: {percentText(s.sellersCommissionBps)} of the sale price.</li>
      <li>AI valuation: free, for buyers and sellers.</li>
    </ul>
  );
}
