// The contract at the page: an auction list that does not match its schema is never drawn as cards.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuctionsPage } from '../src/features/auctions';
import { createQueryClient } from '../src/app/query-client';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/auctions', element: <AuctionsPage /> }], { initialEntries: ['/auctions'] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('auctions page', () => {
  it('shows the load error, not the cards, when the list does not match its schema, and logs why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A card's worth of fields, but the current bid as a number: money travels as a decimal string.
    const card = { id: 1, car: { year: 2019, make: 'Porsche', model: '911' }, currentBid: 52000 };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify([card]), { status: 200 })));
    renderPage();
    await screen.findByText('Failed to load auctions');
    expect(screen.queryAllByTestId('auction-card')).toHaveLength(0);
    expect(screen.queryByText(/Porsche/)).toBeNull();
    expect(String(logged.mock.calls[0]?.[0])).toContain('GET /api/auctions?sort=ending-soon');
  });
});
