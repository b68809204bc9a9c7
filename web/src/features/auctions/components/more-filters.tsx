// The list's make, price and year filters: typed in, applied together (Apply or Enter), checked by the same schema the
// API parses them with, so a range the wrong way round is named here rather than answered with an empty list.
import { useState, type FormEvent } from 'react';
import { SEARCH_MAKE_MAX_LENGTH, SearchFiltersSchema, type AuctionListQuery, type SearchFilters } from '@app/shared';
import { Button, Field, Input } from '../../../components/ui';

type Bounds = Pick<SearchFilters, 'make' | 'minPrice' | 'maxPrice' | 'minYear' | 'maxYear'>;
const NUMBER_FIELDS = [
  ['minPrice', 'Min price ($)', 'e.g. 20000'],
  ['maxPrice', 'Max price ($)', 'e.g. 60000'],
  ['minYear', 'From year', 'e.g. 1965'],
  ['maxYear', 'To year', 'e.g. 1975'],
] as const;

const asText = (q: Bounds) => ({
  make: q.make,
  minPrice: q.minPrice?.toString() ?? '',
  maxPrice: q.maxPrice?.toString() ?? '',
  minYear: q.minYear?.toString() ?? '',
  maxYear: q.maxYear?.toString() ?? '',
});

export function MoreFilters({ query, onApply }: { query: AuctionListQuery; onApply(change: Bounds): void }) {
  const [text, setText] = useState(() => asText(query));
  const [error, setError] = useState<string | null>(null);
  // The address changed under the form (Back, a saved search's link): show what the list is filtered by.
  const applied = JSON.stringify(asText(query));
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setText(asText(query));
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = SearchFiltersSchema.safeParse({ ...text, category: query.category, q: query.q });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    const { make, minPrice, maxPrice, minYear, maxYear } = parsed.data;
    onApply({ make, minPrice, maxPrice, minYear, maxYear });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="More filters">
      <Field label="Make">
        <Input
          value={text.make}
          maxLength={SEARCH_MAKE_MAX_LENGTH}
          onChange={(e) => setText({ ...text, make: e.target.value })}
          placeholder="e.g. Porsche"
          className="w-36"
          data-testid="filter-make"
        />
      </Field>
      {NUMBER_FIELDS.map(([key, label, placeholder]) => (
        <Field key={key} label={label}>
          <Input
            value={text[key]}
            inputMode="numeric"
            onChange={(e) => setText({ ...text, [key]: e.target.value.trim() })}
            placeholder={placeholder}
            className="w-28"
            data-testid={`filter-${key}`}
          />
        </Field>
      ))}
      <Button type="submit" variant="outline" size="sm" className="mb-0.5" data-testid="apply-filters">
        Apply
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-600" data-testid="filter-error">
          {error}
        </p>
      )}
    </form>
  );
}
