// Step 3: everything entered so far, to check before the ownership details.
import type { TradeInDraft } from '@app/shared';
import { CONDITION_LABELS } from './wizard-state';
import { Photo } from '../../../components/ui';

export function ReviewStep({ draft }: { draft: TradeInDraft }) {
  const rows: [string, string][] = [
    ['VIN', draft.vin],
    ['Mileage', draft.mileage ? `${Number(draft.mileage).toLocaleString('en-US')} miles` : ''],
    ['Condition', draft.condition ? CONDITION_LABELS[draft.condition] : ''],
    ['Trim', draft.trim],
    ['Exterior colour', draft.exteriorColor],
    ['Interior colour', draft.interiorColor],
    ['Notes', draft.notes],
    ['Photos', `${draft.photos.length} uploaded`],
  ];
  return (
    <div data-testid="ti-review">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 border-b py-1">
              <dt className="text-slate-500">{label}</dt>
              <dd className="text-right font-medium">{value}</dd>
            </div>
          ))}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        {draft.photos.map((url) => (
          <Photo key={url} slot="thumbnail" src={url} alt="" className="h-16 w-24 rounded object-cover" />
        ))}
      </div>
    </div>
  );
}
