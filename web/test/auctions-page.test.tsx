// The contract at the page: an auction list that does not match its schema is never drawn as cards.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { AuctionsPage } from '../src/features/auctions';
import { renderRoutes, resetAfterEach } from './support/render-routes';

resetAfterEach();

const renderPage = () => renderRoutes([{ path: '/auctions', element: <AuctionsPage /> }], '/auctions');

describe('auctions page', () => {
  it('shows the load error, not the cards, when the list does not match its schema, and logs why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A card's worth of fields, but the current bid as a number: money travels as a decimal string.
    const card = { id: 1, car: { year: 2019, make: 'Porsche', model: '911' }, currentBid: 52000 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([card]), { status: 200 })),
    );
    renderPage();
    await screen.findByText('Failed to load auctions');
    expect(screen.queryAllByTestId('auction-card')).toHaveLength(0);
    expect(screen.queryByText(/Porsche/)).toBeNull();
    expect(String(logged.mock.calls[0]?.[0])).toContain('GET /api/auctions?sort=ending-soon');
  });
});
