import { ESCROW_INSPECTION_DAYS, PAYMENT_TERMS_TEXT } from '@app/shared';
import { FeeCalculator, FeeSchedulePoints } from '../../shared/fees';

export function PricingPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Pricing</h1>
      <p className="mt-3 text-slate-700">
        One schedule for every sale, whether it ends at the hammer or with Buy It Now. {PAYMENT_TERMS_TEXT} The money is
        released to the seller after the buyer's {ESCROW_INSPECTION_DAYS}-day inspection period.
      </p>
      <FeeSchedulePoints />
      <h2 className="mt-8 mb-3 text-xl font-semibold">Work it out for your car</h2>
      <FeeCalculator />
    </div>
  );
}
