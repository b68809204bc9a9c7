// Which cars a search finds: the /auctions filters (category, words of the make or model, make, price and year
// ranges). The one statement of the rule: a saved search is matched against a newly approved listing here, the
// dashboard counts a saved search's current matches here, and the list query's SQL (core auction-read.ts) mirrors
// it clause by clause (core/test/auctions/search-filters.test.ts holds the two to the same answers).
import { AUCTION_SEARCH_MAX_WORDS, type CATEGORY_FILTERS, type CAR_CATEGORIES } from '../constants.js';

export interface SearchFilters {
  category: (typeof CATEGORY_FILTERS)[number];
  /** Words that must all appear in "make model", in any case. */
  q: string;
  /** The make, in any case; empty: any make. */
  make: string;
  /** Whole dollars, inclusive; absent: no bound. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** Model years, inclusive; absent: no bound. */
  minYear?: number | undefined;
  maxYear?: number | undefined;
}

export interface SearchableListing {
  category: (typeof CAR_CATEGORIES)[number];
  make: string;
  model: string;
  year: number;
  /** The price its card shows (the starting bid until someone bids), in cents. */
  priceCents: number;
}

/** The words of a search text that count: split on white space, the first few. */
export function searchWords(q: string): string[] {
  return q
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, AUCTION_SEARCH_MAX_WORDS);
}

/** Whether a listing is one the search finds. */
export function matchesSearch(f: SearchFilters, l: SearchableListing): boolean {
  if (f.category !== 'all' && f.category !== l.category) return false;
  const name = `${l.make} ${l.model}`.toLowerCase();
  if (!searchWords(f.q).every((w) => name.includes(w.toLowerCase()))) return false;
  if (f.make.trim() !== '' && f.make.trim().toLowerCase() !== l.make.toLowerCase()) return false;
  if (f.minPrice !== undefined && l.priceCents < f.minPrice * 100) return false;
  if (f.maxPrice !== undefined && l.priceCents > f.maxPrice * 100) return false;
  if (f.minYear !== undefined && l.year < f.minYear) return false;
  if (f.maxYear !== undefined && l.year > f.maxYear) return false;
  return true;
}

/** Whether any filter narrows the list (an empty search would match every listing). */
export function narrowsSearch(f: SearchFilters): boolean {
  return (
    f.category !== 'all' ||
    searchWords(f.q).length > 0 ||
    f.make.trim() !== '' ||
    f.minPrice !== undefined ||
    f.maxPrice !== undefined ||
    f.minYear !== undefined ||
    f.maxYear !== undefined
  );
}
