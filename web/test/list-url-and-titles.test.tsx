// The auctions list's state lives in the URL: what the address says is what the server is asked for and what the
// controls show. And every page has a title of its own.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { AuctionsPage } from '../src/features/auctions';
import { titleForPath } from '../src/app/page-titles';
import { pageTitle } from '../src/lib/page-title';
import { renderRoutes, resetAfterEach } from './support/render-routes';

resetAfterEach();

describe('auctions list URL', () => {
  it('asks the server for the category, order, search and view the address holds, and shows them in the controls', async () => {
    const fetchMock = vi.fn(async () => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(
      [{ path: '/auctions', element: <AuctionsPage /> }],
      '/auctions?category=suv&sort=price-low&q=porsche&view=ended',
    );
    await screen.findByText('No auctions found');
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toBe(
      '/api/auctions?sort=price-low&category=suv&q=porsche&view=ended',
    );
    expect((screen.getByTestId('category-select') as HTMLSelectElement).value).toBe('suv');
    expect((screen.getByTestId('sort-select') as HTMLSelectElement).value).toBe('price-low');
    expect((screen.getByTestId('auction-search') as HTMLInputElement).value).toBe('porsche');
    expect(screen.getByTestId('view-ended').getAttribute('aria-pressed')).toBe('true');
    expect(document.title).toBe('Ended Auctions · CarBid');
  });

  it('falls back to the defaults for parameters that do not parse', async () => {
    const fetchMock = vi.fn(async () => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/auctions', element: <AuctionsPage /> }], '/auctions?category=boats&sort=cheapest');
    await screen.findByText('No auctions found');
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toBe('/api/auctions?sort=ending-soon');
  });
});

describe('page titles', () => {
  it('names each page, and leaves the listing and the list to set their own', () => {
    expect(titleForPath('/login')).toBe('Sign In · CarBid');
    expect(titleForPath('/pricing')).toBe('Pricing · CarBid');
    expect(titleForPath('/')).toBe('CarBid');
    expect(titleForPath('/no/such/page')).toBe('Page Not Found · CarBid');
    expect(titleForPath('/listing/3')).toBeUndefined();
    expect(pageTitle('2022 BMW M4 Competition')).toBe('2022 BMW M4 Competition · CarBid');
  });
});
