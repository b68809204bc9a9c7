import { useState } from 'react';
import { AUCTION_SORTS, AUCTION_SORT_LABELS, CATEGORY_FILTERS } from '@app/shared';
import { useAuctions, type AuctionSort } from '../api/get-auctions';
import { useLiveAuction } from '../hooks/use-live-auction';
import { AuctionCard } from './auction-card';

export function AuctionsPage() {
  const [sort, setSort] = useState<AuctionSort>('ending-soon');
  const [category, setCategory] = useState<(typeof CATEGORY_FILTERS)[number]>('all');
  const auctions = useAuctions(sort);
  useLiveAuction((auctions.data ?? []).map((a) => a.id));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Live Auctions</h1>
          <p className="mt-1 text-slate-600">Bid in real time. Countdowns follow the auction clock.</p>
        </div>
        <div className="flex gap-3">
          <label className="text-sm">
            <span className="block text-slate-600">Category</span>
            <select value={category} onChange={(e) => setCategory(e.target.value as typeof category)} className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2">
              {CATEGORY_FILTERS.map((c) => (
                <option key={c} value={c}>{c === 'all' ? 'All categories' : c[0]!.toUpperCase() + c.slice(1)}</option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="block text-slate-600">Sort by</span>
            <select value={sort} onChange={(e) => setSort(e.target.value as AuctionSort)} className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2" data-testid="sort-select">
              {AUCTION_SORTS.map((s) => (
                <option key={s} value={s}>{AUCTION_SORT_LABELS[s]}</option>
              ))}
            </select>
          </label>
        </div>
      </div>

      <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {auctions.isLoading &&
          Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="animate-pulse overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="skeleton-card">
              <div className="aspect-[16/9] bg-slate-200" />
              <div className="space-y-3 p-4">
                <div className="h-5 w-2/3 rounded bg-slate-200" />
                <div className="h-6 w-1/3 rounded bg-slate-200" />
                <div className="h-4 w-1/2 rounded bg-slate-200" />
              </div>
            </div>
          ))}
        {auctions.data?.map((a) => <AuctionCard key={a.id} auction={a} />)}
      </div>
      {auctions.isError && (
        <div className="mt-8 rounded-xl border border-red-200 bg-red-50 p-8 text-center">
          <p className="text-lg font-semibold text-red-700">Failed to load auctions</p>
          <p className="mt-1 text-red-600">Please try again later.</p>
        </div>
      )}
      {auctions.data?.length === 0 && (
        <div className="mt-8 rounded-xl border border-slate-200 bg-white p-8 text-center">
          <p className="text-lg font-semibold">No auctions found</p>
          <p className="mt-1 text-slate-600">Check back later for new listings.</p>
        </div>
      )}
    </div>
  );
}
