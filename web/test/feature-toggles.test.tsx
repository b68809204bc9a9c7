// A feature an admin turned off is not offered: the page says why, in the words of the server's refusal.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FEATURE_OFF_TEXT, FEE_SCHEDULE, type FeatureToggles } from '@app/shared';
import { TradeInPage } from '../src/features/trade-in';
import { ValuationPage } from '../src/features/valuation';
import { createQueryClient } from '../src/app/query-client';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALL_ON: FeatureToggles = { aiValuation: true, buyItNow: true, tradeIn: true, premiumListings: true };

function renderAt(path: string, element: React.ReactNode, features: Partial<FeatureToggles>) {
  const answers: Record<string, unknown> = {
    '/api/settings/marketplace': { defaultDurationDays: 7, features: { ...ALL_ON, ...features }, fees: FEE_SCHEDULE },
    '/api/auth/session': { user: { id: 1, name: 'Dana', email: 'dana@example.test', isPremium: false }, admin: null },
    '/api/trade-in/draft': { draft: null },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (url: string) => new Response(JSON.stringify(answers[url] ?? {}), { status: url in answers ? 200 : 404 }),
    ),
  );
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('features turned off', () => {
  it('/trade-in shows why instead of the wizard, and where existing offers are answered', async () => {
    renderAt('/trade-in', <TradeInPage />, { tradeIn: false });
    const notice = await screen.findByTestId('feature-off-tradeIn');
    expect(notice.textContent).toContain(FEATURE_OFF_TEXT.tradeIn);
    expect(screen.getByRole('link', { name: 'dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByTestId('ti-continue')).toBeNull();
  });
  it('/trade-in shows the wizard while trade-ins are on', async () => {
    renderAt('/trade-in', <TradeInPage />, {});
    await screen.findByTestId('ti-continue');
    expect(screen.queryByTestId('feature-off-tradeIn')).toBeNull();
  });
  it('the valuation page shows why instead of its form', async () => {
    renderAt('/valuation', <ValuationPage />, { aiValuation: false });
    expect((await screen.findByTestId('feature-off-aiValuation')).textContent).toContain(FEATURE_OFF_TEXT.aiValuation);
    expect(screen.queryByTestId('val-vin')).toBeNull();
  });
});
