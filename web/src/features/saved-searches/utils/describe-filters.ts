// A saved search in words ("Porsche · "911" · $20,000 to $60,000 · 2015 or later") and as the /auctions address that
// shows what it finds.
import { CAR_CATEGORY_LABELS, formatCents, type SearchFilters } from '@app/shared';

const dollars = (d: number) => formatCents(d * 100);

function range(
  min: number | undefined,
  max: number | undefined,
  show: (n: number) => string,
  after: string,
  before: string,
) {
  if (min !== undefined && max !== undefined) return min === max ? show(min) : `${show(min)} to ${show(max)}`;
  if (min !== undefined) return `${show(min)} ${after}`;
  if (max !== undefined) return `${show(max)} ${before}`;
  return null;
}

export function describeFilters(f: SearchFilters): string {
  return [
    f.category === 'all' ? null : CAR_CATEGORY_LABELS[f.category],
    f.make || null,
    f.q ? `"${f.q}"` : null,
    range(f.minPrice, f.maxPrice, dollars, 'or more', 'or less'),
    range(f.minYear, f.maxYear, String, 'or later', 'or earlier'),
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
}
