import { useDeferredValue, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  plural,
  FORUM_CATEGORIES,
  FORUM_SORTS,
  type ForumCategory,
  type ForumPage,
  type ForumSort,
  type ForumThread,
} from '@app/shared';
import { useMe } from '../../../shared/session';
import { FIRST_FORUM_FILTER, forumListKey, forumListQuery, type ForumFilter } from '../api/forum';
import { useNewPostEvents } from '../hooks/use-forum-events';
import { NewPostForm } from './new-post-form';
import { PostCard } from './post-card';
import { SamplePosts } from './sample-posts';
import { Button, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui';

const SORT_LABELS: Record<ForumSort, string> = { recent: 'Most recent', trending: 'Trending', top: 'Most liked' };

export function CommunityPage() {
  const me = useMe();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ForumFilter>(FIRST_FORUM_FILTER);
  const [searchText, setSearchText] = useState('');
  const [showFilters, setShowFilters] = useState(false);
  const [composing, setComposing] = useState(false);
  // Posts counted for the list as it is filtered now: another filter starts from none.
  const [counted, setCounted] = useState({ filter, n: 0 });
  const arrived = counted.filter === filter ? counted.n : 0;
  const list = useInfiniteQuery(forumListQuery(filter));

  // Typing settles for 300 ms before the search runs.
  useEffect(() => {
    const t = setTimeout(() => setFilter((f) => (f.search === searchText ? f : { ...f, search: searchText })), 300);
    return () => clearTimeout(t);
  }, [searchText]);

  useNewPostEvents((p) => {
    if (p.userId === me.data?.user?.id) return;
    // The tabs count it at once; the list itself waits for "N new posts".
    queryClient.setQueriesData<InfiniteData<ForumPage>>({ queryKey: forumListKey }, (data) => {
      const first = data?.pages[0];
      if (!data || !first || !(p.category in first.counts)) return data;
      const category = p.category as ForumCategory;
      const counts = { ...first.counts, all: first.counts.all + 1, [category]: first.counts[category] + 1 };
      return { ...data, pages: [{ ...first, counts }, ...data.pages.slice(1)] };
    });
    if (filter.category === 'all' || filter.category === p.category)
      setCounted((c) => ({ filter, n: (c.filter === filter ? c.n : 0) + 1 }));
  });

  const showArrived = () => {
    setCounted({ filter, n: 0 });
    void queryClient.resetQueries({ queryKey: forumListKey });
  };
  const onPosted = (post: ForumThread) => {
    setComposing(false);
    setSearchText('');
    setFilter((f) => ({
      ...f,
      search: '',
      sort: 'recent',
      following: false,
      category: post.category as ForumCategory,
    }));
    void queryClient.resetQueries({ queryKey: forumListKey });
  };

  const pages = list.data?.pages ?? [];
  // The posts are drawn from a deferred copy of the answer: React draws them in slices that yield to the browser, not
  // in one long task of a phone's main thread when the answer arrives.
  const shownPages = useDeferredValue(list.data?.pages);
  const drawing = list.data !== undefined && shownPages === undefined;
  const posts = (shownPages ?? []).flatMap((p) => p.posts);
  const counts = pages[0]?.counts;
  const unfiltered = filter.category === 'all' && !filter.search && !filter.following;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Community Forum</h1>
          <p className="mt-1 text-slate-600">Discussions for dealers, collectors and enthusiasts.</p>
        </div>
        {me.data ? (
          <Button onClick={() => setComposing((c) => !c)} variant="dark">
            New Post
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to="/login?next=/community">Sign in to post</Link>
          </Button>
        )}
      </div>

      {composing && (
        <div className="mt-6">
          <NewPostForm onPosted={onPosted} onCancel={() => setComposing(false)} />
        </div>
      )}

      <div className="mt-6 flex flex-wrap gap-3">
        <input
          type="search"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          placeholder="Search discussions"
          aria-label="Search discussions"
          className="min-w-64 flex-1 rounded-lg border border-slate-300 p-2"
        />
        <Button onClick={() => setShowFilters((s) => !s)} variant="outline" aria-expanded={showFilters}>
          Filter
        </Button>
        <Button
          onClick={() => setFilter((f) => ({ ...f, sort: f.sort === 'trending' ? 'recent' : 'trending' }))}
          variant={filter.sort === 'trending' ? 'dark' : 'outline'}
          aria-pressed={filter.sort === 'trending'}
        >
          Trending
        </Button>
      </div>
      {showFilters && (
        <div className="mt-3 flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-3 text-sm">
          <label>
            Sort by{' '}
            <select
              value={filter.sort}
              onChange={(e) => setFilter((f) => ({ ...f, sort: e.target.value as ForumSort }))}
              className="rounded border border-slate-300 bg-white p-1"
            >
              {FORUM_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          {me.data && (
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={filter.following}
                onChange={(e) => setFilter((f) => ({ ...f, following: e.target.checked }))}
              />
              Following only
            </label>
          )}
          {filter.search && <span className="text-slate-500">Search results are ranked by relevance.</span>}
        </div>
      )}

      <Tabs
        value={filter.category}
        onValueChange={(c) => setFilter((f) => ({ ...f, category: c as ForumFilter['category'] }))}
        className="mt-6"
      >
        {/* One line that scrolls sideways, each count in a slot of its own width before it arrives: the counts
            landing never wrap the tabs onto a second line and push the list down. */}
        <TabsList aria-label="Categories" className="flex-nowrap overflow-x-auto">
          {FORUM_CATEGORIES.map((c) => (
            <TabsTrigger key={c} value={c} data-testid={`forum-tab-${c}`} className="shrink-0">
              {c}{' '}
              <span className="inline-block min-w-[4ch] text-left font-normal text-slate-500">
                {counts && <span data-testid={`forum-count-${c}`}>({counts[c]})</span>}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        {/* One panel: the list, filtered by whichever category is chosen. */}
        <TabsContent value={filter.category}>
          {arrived > 0 && (
            <Button
              onClick={showArrived}
              variant="bare"
              className="mt-4 w-full rounded-lg bg-blue-50 p-2 font-medium text-blue-800 hover:bg-blue-100"
              data-testid="forum-new-posts"
            >
              {arrived} new {plural(arrived, 'post')}
            </Button>
          )}

          <div className="mt-6 space-y-4" data-testid="forum-list">
            {(list.isLoading || drawing) && <p className="text-slate-500">Loading discussions…</p>}
            {list.isError && <p className="text-red-600">Failed to load discussions. Please try again later.</p>}
            {posts.map((p) => (
              <PostCard key={p.id} post={p} />
            ))}
            {list.isSuccess &&
              !drawing &&
              posts.length === 0 &&
              (unfiltered && counts?.all === 0 ? (
                <SamplePosts />
              ) : (
                <p className="text-slate-500">No discussions match.</p>
              ))}
          </div>
          {list.hasNextPage && !drawing && (
            <div className="mt-6 text-center">
              <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} variant="outline">
                {list.isFetchingNextPage ? 'Loading…' : 'Load More Posts'}
              </Button>
            </div>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
