// The API answers a page's first screen was drawn from on the server (first-screens.tsx), handed over in the page's
// HTML: the app's query cache starts with them, so its first render draws the same cards or posts where the HTML had
// them (no loading frame in between, nothing moves) and the list is not asked for a second time.
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { FIRST_ANSWERS_ID } from '@app/shared';
import { useServerClock } from '../lib/server-clock';

/** `client` with the page's first answers in it, if its HTML carried any; they are taken once. */
export function withFirstAnswers(client: QueryClient): QueryClient {
  const element = document.getElementById(FIRST_ANSWERS_ID);
  if (!element) return client;
  element.remove();
  let state: DehydratedState;
  try {
    state = JSON.parse(element.textContent ?? '') as DehydratedState;
    hydrate(client, state);
  } catch {
    // Unreadable: the app asks for its data itself, as on any other page.
    return client;
  }
  // The list asked for itself would have taught the countdowns the server's clock (its answer's header): the answers
  // were read on the server's clock as the page was sent, so the server's time now is that plus the time since the
  // page's response began.
  const readAt = Math.max(0, ...state.queries.map((q) => q.state.dataUpdatedAt));
  const page = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (readAt > 0 && page) useServerClock.getState().learn(readAt + performance.now() - page.responseStart);
  return client;
}
