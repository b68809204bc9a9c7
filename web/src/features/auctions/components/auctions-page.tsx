import { useDeferredValue, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import {
  AUCTION_SEARCH_MAX_LENGTH,
  AUCTION_SORTS,
  AUCTION_SORT_LABELS,
  AUCTION_VIEWS,
  CAR_CATEGORY_LABELS,
  CATEGORY_FILTERS,
  narrowsSearch,
  type AuctionListQuery,
  type SearchFilters,
} from '@app/shared';
import { useAuctions, useEndedAuctions, useLiveAuction } from '../../../shared/auction-state';
import { useListQuery } from '../hooks/use-list-query';
import { usePageTitle } from '../../../lib/page-title';
import { AuctionCard } from './auction-card';
import { MoreFilters } from './more-filters';
import { Button, Field, Select } from '../../../components/ui';

const VIEW_LABELS = { live: 'Live', ended: 'Ended' } as const;
const SEARCH_DELAY_MS = 300;
/** The cards of a first screen: two rows of three on a wide screen, more than a phone shows. */
const FIRST_SCREEN_CARDS = 6;

function SearchBox({ value, onSearch }: { value: string; onSearch(q: string): void }) {
  const [text, setText] = useState(value);
  // The address changed under the box (Back, a link): show what the list is searching for. Adjusted while rendering,
  // not in an effect, so the stale text is never drawn.
  const [searched, setSearched] = useState(value);
  if (searched !== value) {
    setSearched(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="text-sm">
      <label>
        <span className="block text-slate-600">Search make or model</span>
        <span className="mt-1 flex items-center rounded-md border border-slate-300 bg-white px-2">
          <Search className="h-4 w-4 text-slate-400" aria-hidden />
          <input
            type="search"
            value={text}
            maxLength={AUCTION_SEARCH_MAX_LENGTH}
            onChange={(e) => setText(e.target.value)}
            placeholder="e.g. Porsche 911"
            className="w-44 px-2 py-2 outline-none"
            data-testid="auction-search"
          />
        </span>
      </label>
    </form>
  );
}

/**
 * `watch` draws a card's Watch control (the notifications feature's), `saveSearch` the control that saves the list's
 * filters (the saved-searches feature's); both composed in by the app.
 */
export function AuctionsPage({
  watch,
  saveSearch,
}: {
  watch?: (auctionId: number) => ReactNode;
  saveSearch?: (filters: SearchFilters) => ReactNode;
} = {}) {
  const [query, update] = useListQuery();
  const ended = query.view === 'ended';
  const live = useAuctions(query, !ended);
  const pages = useEndedAuctions(query, ended);
  const auctions = ended
    ? { data: pages.data?.pages.flatMap((p) => p.auctions), isLoading: pages.isLoading, isError: pages.isError }
    : live;
  // The cards are drawn from a deferred copy of the list: the answer arriving (or live updates to it) would otherwise
  // redraw two dozen cards in one uninterruptible task, seconds of a phone's main thread; deferred, React draws them in
  // slices that yield to the browser, and the skeleton stays until they are there. A page that opens with its list
  // (drawn on the server, app/first-screens.tsx) draws a screenful first, then the rest: the server's HTML carries that
  // screenful only (a smaller page, painted sooner), and the app's first render draws the same cards over it.
  const cards = useDeferredValue(auctions.data, auctions.data?.slice(0, FIRST_SCREEN_CARDS));
  const drawing = auctions.data !== undefined && cards === undefined;
  usePageTitle(ended ? 'Ended Auctions' : 'Live Auctions');
  useLiveAuction(ended ? [] : (live.data ?? []).map((a) => a.id));
  const { sort: _sort, view: _view, after: _after, ...filters } = query;
  const filtered = narrowsSearch(filters);
  const clear = {
    q: '',
    category: 'all',
    make: '',
    minPrice: undefined,
    maxPrice: undefined,
    minYear: undefined,
    maxYear: undefined,
  } as const;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-3xl font-bold">{ended ? 'Ended Auctions' : 'Live Auctions'}</h1>
          <p className="mt-1 text-slate-600">
            {ended
              ? 'How recent auctions ended, with their final prices.'
              : 'Bid in real time. Countdowns follow the auction clock.'}
          </p>
          <div
            className="mt-3 inline-flex rounded-lg border border-slate-300 bg-white p-1"
            role="group"
            aria-label="Auctions to show"
          >
            {AUCTION_VIEWS.map((v) => (
              <Button
                key={v}
                variant={query.view === v ? 'primary' : 'ghost'}
                size="sm"
                aria-pressed={query.view === v}
                onClick={() => update({ view: v })}
                data-testid={`view-${v}`}
              >
                {VIEW_LABELS[v]}
              </Button>
            ))}
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <SearchBox value={query.q} onSearch={(q) => update({ q })} />
          <Field label="Category">
            <Select
              value={query.category}
              onChange={(e) => update({ category: e.target.value as AuctionListQuery['category'] })}
              data-testid="category-select"
            >
              {CATEGORY_FILTERS.map((c) => (
                <option key={c} value={c}>
                  {c === 'all' ? 'All categories' : CAR_CATEGORY_LABELS[c]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Sort by">
            <Select
              value={query.sort}
              onChange={(e) => update({ sort: e.target.value as AuctionListQuery['sort'] })}
              data-testid="sort-select"
            >
              {AUCTION_SORTS.map((s) => (
                <option key={s} value={s}>
                  {ended && (s === 'ending-soon' || s === 'recently-added') ? 'Recently Ended' : AUCTION_SORT_LABELS[s]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <MoreFilters query={query} onApply={update} />
        {saveSearch?.(filters)}
      </div>

      <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {(auctions.isLoading || drawing) &&
          Array.from({ length: 6 }, (_, i) => (
            <div
              key={i}
              className="animate-pulse overflow-hidden rounded-xl border border-slate-200 bg-white"
              data-testid="skeleton-card"
            >
              <div className="aspect-[16/9] bg-slate-200" />
              <div className="space-y-3 p-4">
                <div className="h-5 w-2/3 rounded bg-slate-200" />
                <div className="h-6 w-1/3 rounded bg-slate-200" />
                <div className="h-4 w-1/2 rounded bg-slate-200" />
              </div>
            </div>
          ))}
        {cards?.map((a) => (
          <AuctionCard key={a.id} auction={a} watch={watch} />
        ))}
      </div>
      {ended && pages.hasNextPage && !drawing && (
        <div className="mt-8 text-center">
          <Button
            onClick={() => void pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
            variant="outline"
            data-testid="show-more"
          >
            {pages.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        </div>
      )}
      {auctions.isError && (
        <div className="mt-8 rounded-xl border border-red-200 bg-red-50 p-8 text-center">
          <p className="text-lg font-semibold text-red-700">Failed to load auctions</p>
          <p className="mt-1 text-red-600">Please try again later.</p>
        </div>
      )}
      {cards?.length === 0 && (
        <div className="mt-8 rounded-xl border border-slate-200 bg-white p-8 text-center" data-testid="no-auctions">
          <p className="text-lg font-semibold">No auctions found</p>
          <p className="mt-1 text-slate-600">
            {filtered ? 'No car matches these filters.' : 'Check back later for new listings.'}
          </p>
          {filtered && (
            <Button onClick={() => update(clear)} variant="outline" size="sm" className="mt-4">
              Clear filters
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
