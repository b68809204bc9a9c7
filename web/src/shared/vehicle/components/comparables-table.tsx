// The comparable sales a valuation used, with their prices as sold and as brought to the valued car, so a user can
// check the number. Shown wherever a valuation is: the valuation page, /submit and the trade-in results.
import { formatMoney, type ComparableReport } from '@app/shared';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui';

const KIND_LABEL = {
  'platform sale': 'Sold here',
  'auction sale': 'Auction sale',
  'asking price': 'Asking price',
  'auction sale (wholesale)': 'Wholesale sale',
} as const;

export function ComparablesTable({ comparables }: { comparables: readonly ComparableReport[] }) {
  if (comparables.length === 0) return null;
  return (
    <Table data-testid="comparables">
      <caption className="mb-1 text-left font-semibold">Comparables used</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Year</TableHead>
          <TableHead>Model</TableHead>
          <TableHead>Trim</TableHead>
          <TableHead>Mileage</TableHead>
          <TableHead>Price</TableHead>
          <TableHead>For this car</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Source</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {comparables.map((c, i) => (
          <TableRow key={i} data-testid="comparable">
            <TableCell>{c.year}</TableCell>
            <TableCell>
              {c.make} {c.model}
            </TableCell>
            <TableCell>{c.trim || '—'}</TableCell>
            <TableCell>{c.mileage === null ? 'not stated' : c.mileage.toLocaleString('en-US')}</TableCell>
            <TableCell>{formatMoney(c.price)}</TableCell>
            <TableCell>{formatMoney(c.adjustedPrice)}</TableCell>
            <TableCell>{c.date ?? 'undated'}</TableCell>
            <TableCell>{KIND_LABEL[c.kind]}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
