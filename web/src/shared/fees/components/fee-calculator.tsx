// "What would I pay / receive?": the fee schedule applied to any price a visitor types.
import { useState } from 'react';
import { parseMoneyToCents } from '@app/shared';
import { useFeeSchedule } from '../use-fee-schedule';
import { FeeBreakdown, FeesLoading } from './fee-breakdown';
import { Field, Input } from '../../../components/ui';

export function FeeCalculator({ initialDollars = 50_000 }: { initialDollars?: number }) {
  const [price, setPrice] = useState(String(initialDollars));
  const cents = parseMoneyToCents(price.replaceAll(',', '').trim());
  const schedule = useFeeSchedule();
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6" aria-label="Fee calculator">
      <Field label="Sale price in dollars" className="font-medium">
        <Input
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          inputMode="decimal"
          className="text-lg"
          data-testid="fee-calculator-price"
        />
      </Field>
      {cents === null ? (
        <p className="mt-4 text-sm text-red-600" role="alert">
          Enter an amount in dollars, like 52000.
        </p>
      ) : !schedule ? (
        <div className="mt-4">
          <FeesLoading />
        </div>
      ) : (
        <div className="mt-5 grid gap-6 sm:grid-cols-2">
          <div>
            <h3 className="mb-2 font-semibold">The buyer pays</h3>
            <FeeBreakdown priceCents={cents} side="buyer" schedule={schedule} />
          </div>
          <div>
            <h3 className="mb-2 font-semibold">The seller receives</h3>
            <FeeBreakdown priceCents={cents} side="seller" schedule={schedule} />
          </div>
        </div>
      )}
    </section>
  );
}
