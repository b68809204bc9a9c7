// Step 5: the firm offer and how it was reached: the model's estimate and breakdown, the comparables it rests on, the
// market analysis, the margin and any lien payoff; the owner accepts or declines it here or later on the dashboard.
import { formatMoney, type TradeInResult } from '@app/shared';
import { ComparablesTable } from '../../../shared/vehicle';
import { OfferActions } from './offer-actions';
import { Button } from '../../../components/ui';

const signedMoney = (s: string) => (s.startsWith('-') ? `-${formatMoney(s.slice(1))}` : `+${formatMoney(s)}`);
const expiry = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function ResultsView({ result, onReset }: { result: TradeInResult; onReset(): void }) {
  const { vehicle: v, marketAnalysis: m, valueBreakdown: b, offerBreakdown: o } = result;
  return (
    <div data-testid="ti-results">
      <p className="text-lg font-semibold">{[v.year, v.make, v.model, v.trim].filter(Boolean).join(' ')}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg bg-slate-50 p-4">
          <p className="text-sm text-slate-500">Estimated value</p>
          <p className="text-3xl font-bold" data-testid="ti-estimated">
            {formatMoney(result.estimatedValue)}
          </p>
          <p className="text-xs text-slate-500" data-testid="ti-basis">
            {result.confidence}% confidence · based on {result.basis}
          </p>
        </div>
        <div className="rounded-lg bg-green-50 p-4">
          <p className="text-sm text-green-800">Firm offer</p>
          <p className="text-3xl font-bold text-green-900" data-testid="ti-offer">
            {formatMoney(result.offerAmount)}
          </p>
          <p className="text-sm text-green-800" data-testid="ti-expiry" data-expires-at={result.offerExpiresAt}>
            Offer expires {expiry(result.offerExpiresAt)}
          </p>
        </div>
      </div>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <section>
          <h3 className="font-semibold">Market analysis</h3>
          <dl className="mt-2 space-y-1 text-sm" data-testid="ti-market">
            {(
              [
                ['Demand level', m.demand_level],
                ['Condition impact', m.condition_impact],
                ['Mileage factor', m.mileage_factor],
                ['Market trend', m.market_trend],
              ] as const
            ).map(([k, val]) => (
              <div key={k}>
                <dt className="inline text-slate-500">{k}: </dt>
                <dd className="inline">{val}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section>
          <h3 className="font-semibold">Value breakdown</h3>
          <dl className="mt-2 space-y-1 text-sm" data-testid="ti-breakdown">
            {(
              [
                ['Base value', formatMoney(b.baseValue)],
                ['Condition adjustment', signedMoney(b.conditionAdjustment)],
                ['Mileage adjustment', signedMoney(b.mileageAdjustment)],
                ['Market adjustment', signedMoney(b.marketAdjustment)],
                ['Estimated value', formatMoney(result.estimatedValue)],
                ['Dealer margin', `-${formatMoney(o.margin)}`],
                ...(o.lienPayoff !== '0.00'
                  ? [['Lien payoff (10-day)', `-${formatMoney(o.lienPayoff)}`] as const]
                  : []),
                ['Offer', formatMoney(result.offerAmount)],
              ] as const
            ).map(([k, val]) => (
              <div key={k} className="flex justify-between border-b py-0.5">
                <dt className="text-slate-500">{k}</dt>
                <dd>{val}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <section className="mt-6 text-sm">
        <ComparablesTable comparables={result.comparables} />
      </section>
      <p className="mt-4 text-sm text-slate-600" data-testid="ti-terms">
        {result.offer.terms}
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <OfferActions offer={result.offer} />
        <Button onClick={onReset} variant="outline" data-testid="ti-reset">
          Evaluate Another Vehicle
        </Button>
      </div>
    </div>
  );
}
