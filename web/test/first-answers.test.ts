// A page drawn on the server hands the app the answers it was drawn from: the app's cache starts with them (taken
// once), and the countdowns learn the server's clock from when they were read, as they would from the list's answer.
import { afterEach, expect, it, vi } from 'vitest';
import { dehydrate } from '@tanstack/react-query';
import { FIRST_ANSWERS_ID } from '@app/shared';
import { createQueryClient } from '../src/app/query-client';
import { withFirstAnswers } from '../src/app/first-answers';
import { useServerClock } from '../src/lib/server-clock';

afterEach(() => {
  useServerClock.setState({ offsetMs: 0 });
  document.getElementById(FIRST_ANSWERS_ID)?.remove();
  vi.restoreAllMocks();
});

/** The page's answers as the server writes them: a list read `aheadMs` ahead of this machine's clock. */
function page(aheadMs: number) {
  const server = createQueryClient();
  server.setQueryData(['/api/auctions', 'sort=ending-soon'], [{ id: 7 }], { updatedAt: Date.now() + aheadMs });
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_ANSWERS_ID;
  element.textContent = JSON.stringify(dehydrate(server));
  document.body.append(element);
}

it("starts the app's cache with the page's answers, once, and learns the server's clock from them", () => {
  // The page's response began 200 ms ago; the server's clock runs a minute ahead.
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { responseStart: performance.now() - 200 } as PerformanceNavigationTiming,
  ]);
  page(60_000 - 200);
  const client = withFirstAnswers(createQueryClient());
  expect(client.getQueryData(['/api/auctions', 'sort=ending-soon'])).toEqual([{ id: 7 }]);
  expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull();
  expect(Math.abs(useServerClock.getState().offsetMs - 60_000)).toBeLessThan(50);

  const again = withFirstAnswers(createQueryClient());
  expect(again.getQueryData(['/api/auctions', 'sort=ending-soon'])).toBeUndefined();
});

it('leaves the cache empty when the page has no answers, or unreadable ones', () => {
  expect(withFirstAnswers(createQueryClient()).getQueryCache().getAll()).toEqual([]);
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_ANSWERS_ID;
  element.textContent = '{not json';
  document.body.append(element);
  expect(withFirstAnswers(createQueryClient()).getQueryCache().getAll()).toEqual([]);
  expect(useServerClock.getState().offsetMs).toBe(0);
});
