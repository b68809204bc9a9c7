// A page's first screen drawn on the server with its data (the API runs this module, built by vite-prerender.ts, per
// request): /auctions with its first cards, /community with its first posts, in the app's own markup, so a phone paints
// them from the HTML instead of after the whole app has been fetched and run and has read the list. The API answer is
// handed over with it (`state`, React Query's dehydrated cache), and the app starts from it (first-answers.ts): its
// first render draws the same cards in the same places, with no loading frame in between and no second request.
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { AuctionListSchema } from '@app/shared';
import { auctionsQuery } from '../shared/auction-state';
import { CommunityPage, seedFirstForumPage } from '../features/forum';
import { createQueryClient } from './query-client';
import { Providers } from './providers';
import { RootLayout } from './root-layout';
import { AuctionsRoute } from './routes/auctions';

export interface FirstScreen {
  /** The markup of the app's root, header to footer. */
  html: string;
  /** The query cache the markup was drawn from, as JSON, for the app to start from. */
  state: string;
}

/**
 * `answer`: the API's answer to the page's first request, as it goes on the wire (`GET /api/auctions?sort=ending-soon`
 * for /auctions, `GET /api/forum/posts?category=all&sort=recent` for /community); parsed here as the app parses it.
 */
export function renderFirstScreen(path: '/auctions' | '/community', answer: unknown): FirstScreen {
  const queryClient = createQueryClient();
  if (path === '/auctions') queryClient.setQueryData(auctionsQuery().queryKey, AuctionListSchema.parse(answer));
  else seedFirstForumPage(queryClient, answer);
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/auctions', element: <AuctionsRoute /> },
          { path: '/community', element: <CommunityPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  // Its controls are drawn disabled (a fieldset's `disabled` reaches every button, field and select in it, and
  // `contents` gives it no box of its own, so nothing is laid out differently): until the app has drawn over it, a
  // control in the HTML does nothing, and what was typed into it would be lost. Its links work as links.
  const html = renderToString(
    <Providers client={queryClient}>
      <fieldset disabled className="contents">
        <RouterProvider router={router} />
      </fieldset>
    </Providers>,
  );
  // Only the page's list goes to the app: anything else read while drawing stays the app's to ask for.
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' });
  return { html, state: JSON.stringify(state) };
}
