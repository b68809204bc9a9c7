// The comparable sales a valuation used, with their prices as sold and as brought to the valued car, so a user can
// check the number. Shown wherever a valuation is: the valuation page, /submit and the trade-in results.
import { formatMoney, type ComparableReport } from '@app/shared';

const KIND_LABEL = {
  'platform sale': 'Sold here',
  'auction sale': 'Auction sale',
  'asking price': 'Asking price',
  'auction sale (wholesale)': 'Wholesale sale',
} as const;

export function ComparablesTable({ comparables }: { comparables: readonly ComparableReport[] }) {
  if (comparables.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left" data-testid="comparables">
        <caption className="mb-1 text-left font-semibold">Comparables used</caption>
        <thead className="text-slate-500">
          <tr>
            <th>Year</th>
            <th>Model</th>
            <th>Trim</th>
            <th>Mileage</th>
            <th>Price</th>
            <th>For this car</th>
            <th>Date</th>
            <th>Source</th>
          </tr>
        </thead>
        <tbody>
          {comparables.map((c, i) => (
            <tr key={i} className="border-t" data-testid="comparable">
              <td>{c.year}</td>
              <td>
                {c.make} {c.model}
              </td>
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
  );
}
