// The dashboard's saved searches: each with how many live auctions it finds now, a link to them, and Delete.
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Search, Trash2 } from 'lucide-react';
import { plural, SAVED_SEARCH_LIMIT } from '@app/shared';
import { toast } from '../../../lib/toast';
import { auctionsSearch } from '../../../shared/auction-state';
import { Button } from '../../../components/ui';
import { deleteSavedSearch, savedSearchesQueryKey, useSavedSearches } from '../api/saved-searches';
import { describeFilters } from '../utils/describe-filters';

export function SavedSearchesPanel() {
  const searches = useSavedSearches();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => {
      toast({ title: 'Saved search deleted' });
      void queryClient.invalidateQueries({ queryKey: savedSearchesQueryKey });
    },
    onError: () => toast({ title: 'Failed to delete the search', variant: 'destructive' }),
  });
  return (
    <section
      className="rounded-xl border bg-white p-6"
      aria-labelledby="saved-searches-title"
      data-testid="saved-searches"
    >
      <h2 id="saved-searches-title" className="flex items-center gap-2 text-xl font-semibold">
        <Search className="h-5 w-5" aria-hidden /> Saved searches
      </h2>
      <p className="text-sm text-slate-500">
        New listings they find are sent to your notices. {searches.data?.length ?? 0} of {SAVED_SEARCH_LIMIT} saved.
      </p>
      <ul className="mt-4 divide-y">
        {searches.isLoading && <li className="py-3 text-slate-500">Loading saved searches…</li>}
        {searches.data?.length === 0 && (
          <li className="py-3 text-slate-500">
            No saved searches yet: filter the{' '}
            <Link to="/auctions" className="text-brand-600 underline">
              auctions
            </Link>{' '}
            and choose Save this search.
          </li>
        )}
        {searches.data?.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-testid="saved-search-row"
          >
            <div>
              <p className="font-medium">{s.name}</p>
              <p className="text-sm text-slate-600">{describeFilters(s.filters)}</p>
            </div>
            <div className="flex items-center gap-3">
              <Link
                to={`/auctions?${auctionsSearch({ ...s.filters, sort: 'ending-soon' })}`}
                className="text-sm text-brand-600 underline"
                data-testid="saved-search-matches"
              >
                {s.matches} live {plural(s.matches, 'match', 'matches')}
              </Link>
              <Button
                onClick={() => remove.mutate(s.id)}
                variant="outline-danger"
                size="sm"
                aria-label={`Delete saved search ${s.name}`}
              >
                <Trash2 className="h-4 w-4" aria-hidden /> Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
