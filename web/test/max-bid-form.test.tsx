// A maximum refused because the member has no card yet shows the way to add one, as a bid does, not a bare toast.
import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { ADD_CARD_PATH, CARD_REQUIRED_MESSAGE } from '@app/shared';
import { MaxBidForm } from '../src/features/bidding/components/max-bid';
import { createQueryClient } from '../src/app/query-client';
import { useToasts } from '../src/lib/toast';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToasts.setState({ current: null, open: false });
});

it('answers a maximum refused for want of a card with a link to add one, and no error toast', async () => {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ error: CARD_REQUIRED_MESSAGE }), { status: 403 }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <MaxBidForm auctionId={7} minimumCents={50_000_00} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.input(screen.getByTestId('max-bid-amount'), { target: { value: '60000' } });
  fireEvent.click(screen.getByTestId('set-max-bid'));
  const notice = await screen.findByTestId('card-required');
  expect(notice.textContent).toContain(CARD_REQUIRED_MESSAGE);
  expect(screen.getByRole('link', { name: 'Add a card' }).getAttribute('href')).toBe(ADD_CARD_PATH);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(useToasts.getState().current).toBeNull();
});
