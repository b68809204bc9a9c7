// What a valuation stands on, shown under the number so a user can check it: the basis in words, the value
// breakdown, and the comparable sales with their prices as sold and as brought to this car. Reused by the valuation
// page, /submit and (later) the trade-in results.
import { formatMoney, type ValuationReport } from '@app/shared';

const KIND_LABEL = {
  'platform sale': 'Sold here',
  'auction sale': 'Auction sale',
  'asking price': 'Asking price',
  'auction sale (wholesale)': 'Wholesale sale',
} as const;

const signedMoney = (v: string) => (v.startsWith('-') ? `−${formatMoney(v.slice(1))}` : `+${formatMoney(v)}`);

export function ValuationEvidence({ report }: { report: ValuationReport }) {
  const b = report.valueBreakdown;
  return (
    <div className="mt-4 space-y-4 text-sm" data-testid="valuation-evidence">
      <p data-testid="valuation-basis">
        <span className="font-semibold">Based on:</span> {report.basis}.
        {!report.trimKnown && ' The trim is unknown, so the range spans every trim of this model.'}
      </p>
      {report.newPricePriorUsd !== null && (
        <p className="rounded bg-amber-50 p-2 text-amber-900" data-testid="valuation-prior">
          Sample figure: this estimate starts from an approximate published new price of {formatMoney(String(report.newPricePriorUsd))},
          not from sales, and is depreciated by the model&apos;s fitted curve.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <dt className="text-slate-500" title="The model's value at 12,000 miles a year, before this car's miles and its comparables">Base value</dt><dd>{formatMoney(b.baseValue)}</dd>
        <dt className="text-slate-500">Mileage</dt><dd>{signedMoney(b.mileageAdjustment)}</dd>
        <dt className="text-slate-500">Comparables</dt><dd>{signedMoney(b.marketAdjustment)}</dd>
        <dt className="text-slate-500">Condition</dt><dd title="The market data records no condition">not priced</dd>
      </dl>
      {report.comparables.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left" data-testid="comparables">
            <caption className="mb-1 text-left font-semibold">Comparables used</caption>
            <thead className="text-slate-500">
              <tr><th>Year</th><th>Model</th><th>Trim</th><th>Mileage</th><th>Price</th><th>For this car</th><th>Date</th><th>Source</th></tr>
            </thead>
            <tbody>
              {report.comparables.map((c, i) => (
                <tr key={i} className="border-t" data-testid="comparable">
                  <td>{c.year}</td>
                  <td>{c.make} {c.model}</td>
                  <td>{c.trim || '—'}</td>
                  <td>{c.mileage === null ? 'not stated' : c.mileage.toLocaleString('en-US')}</td>
                  <td>{formatMoney(c.price)}</td>
                  <td>{formatMoney(c.adjustedPrice)}</td>
                  <td>{c.date ?? 'undated'}</td>
                  <td>{KIND_LABEL[c.kind]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
