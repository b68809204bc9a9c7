import { formatMoney, LITTLE_MARKET_DATA_TEXT, type ValuationResponse } from '@app/shared';
import { ValuationEvidence } from '../../../shared/vehicle';

export function ValuationResult({ result }: { result: ValuationResponse }) {
  return (
    <section className="mt-6 grid gap-4 rounded-xl border bg-white p-5 sm:grid-cols-2" data-testid="val-result">
      <div>
        <p className="text-sm text-slate-500">Vehicle</p>
        <p className="text-lg font-semibold">
          {result.vehicle_details.year} {result.vehicle_details.make} {result.vehicle_details.model}
        </p>
        <p className="text-sm text-slate-600">
          {result.vehicle_details.body_class} · {result.vehicle_details.engine}
        </p>
        <p className="text-sm text-slate-600">Manufacturer: {result.vin_analysis.manufacturer}</p>
      </div>
      <div>
        <p className="text-sm text-slate-500">Estimated value</p>
        {result.valuation.littleMarketData ? (
          // A prior alone (or another trim's sales) cannot name a price to the dollar: the wide range is the answer.
          <>
            <p className="text-2xl font-bold text-amber-900" data-testid="little-market-data">
              {LITTLE_MARKET_DATA_TEXT}
            </p>
            <p className="text-sm text-slate-600">
              Somewhere in <span data-testid="val-range">{result.estimated_value_range}</span>
            </p>
          </>
        ) : (
          <>
            <p className="text-2xl font-bold" data-testid="val-range">
              {result.estimated_value_range}
            </p>
            <p className="text-sm text-slate-600">Most likely {formatMoney(result.valuation.estimatedValue)}</p>
          </>
        )}
        <p className="text-sm text-slate-600">Confidence {result.confidence}</p>
      </div>
      <div className="sm:col-span-2 text-sm">
        <p>
          <span className="font-semibold">Demand:</span> {result.market_analysis.demand_level}
        </p>
        <p>
          <span className="font-semibold">Season:</span> {result.market_analysis.seasonal_impact}
        </p>
        <p>
          <span className="font-semibold">Region:</span> {result.market_analysis.regional_preference}
        </p>
        <p className="mt-3">{result.summary}</p>
        <p className="mt-2 font-medium">{result.investment_advice}</p>
      </div>
      <div className="sm:col-span-2">
        <ValuationEvidence report={result.valuation} />
      </div>
    </section>
  );
}
