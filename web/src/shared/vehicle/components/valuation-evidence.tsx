// What a valuation stands on, shown under the number so a user can check it: the basis in words, the value
// breakdown, and the comparable sales. Reused by the valuation page and /submit; the trade-in results show their own
// breakdown (with the condition priced) and the same comparables table.
import { formatMoney, type ValuationReport } from '@app/shared';
import { ComparablesTable } from './comparables-table';

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
          {report.newPricePriorSource ? (
            <>
              This estimate starts from the car&apos;s{' '}
              <a className="underline" href={report.newPricePriorSource} rel="noreferrer noopener" target="_blank">
                published new price
              </a>{' '}
              of {formatMoney(String(report.newPricePriorUsd))}, not from sales, moved by the model&apos;s fitted curve.
            </>
          ) : (
            <>
              No published new price is on file for this model: this estimate starts from the make&apos;s typical new
              price of {formatMoney(String(report.newPricePriorUsd))}, not from sales.
            </>
          )}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <dt
          className="text-slate-500"
          title="The model's value at 12,000 miles a year, before this car's miles and its comparables"
        >
          Base value
        </dt>
        <dd>{formatMoney(b.baseValue)}</dd>
        <dt className="text-slate-500">Mileage</dt>
        <dd>{signedMoney(b.mileageAdjustment)}</dd>
        <dt className="text-slate-500">Comparables</dt>
        <dd>{signedMoney(b.marketAdjustment)}</dd>
        <dt className="text-slate-500">Condition</dt>
        <dd title="The market data records no condition">not priced</dd>
      </dl>
      <ComparablesTable comparables={report.comparables} />
    </div>
  );
}
