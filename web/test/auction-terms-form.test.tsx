// The sell form's second step is checked by the shared submission contract; what it sends is decimal strings.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { FEATURE_OFF_TEXT, FEE_SCHEDULE } from '@app/shared';
import { AuctionTermsForm } from '../src/features/selling/components/auction-terms-form';
import { createQueryClient } from '../src/app/query-client';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(premiumListings = true) {
  const fetchMock = vi.fn(async (url: string) =>
    url === '/api/settings/marketplace'
      ? new Response(
          JSON.stringify({
            defaultDurationDays: 10,
            features: { aiValuation: true, buyItNow: true, tradeIn: true, premiumListings },
            fees: FEE_SCHEDULE,
          }),
        )
      : new Response(JSON.stringify({ auctionId: 5 }), { status: 201 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const onSubmitted = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuctionTermsForm carId={12} onSubmitted={onSubmitted} />
    </QueryClientProvider>,
  );
  const type = (label: RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
  return { fetchMock, onSubmitted, type, submit: () => fireEvent.click(screen.getByTestId('submit-auction')) };
}

/** The submission, not the settings read. */
const sent = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.find(([url]) => url === '/api/auction-requests') as [string, RequestInit];

describe('auction terms form', () => {
  it('sends whole-dollar amounts as decimal strings, the chosen duration, and leaves blank optional prices out', async () => {
    const { fetchMock, onSubmitted, type, submit } = renderForm();
    type(/Starting bid/, '40000');
    type(/Location/, 'Ann Arbor, MI');
    fireEvent.change(screen.getByLabelText(/Duration/), { target: { value: '7' } });
    submit();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const [url, init] = sent(fetchMock);
    expect(url).toBe('/api/auction-requests');
    expect(JSON.parse(String(init.body))).toEqual({
      carId: 12,
      startingBid: '40000.00',
      durationDays: 7,
      location: 'Ann Arbor, MI',
    });
  });
  it("preselects the marketplace default duration, named with today's value, and leaves it to the approval when kept", async () => {
    const { fetchMock, onSubmitted, type, submit } = renderForm();
    await screen.findByRole('option', { name: 'Marketplace default (10 days today)', selected: true });
    type(/Starting bid/, '40000');
    type(/Location/, 'Ann Arbor, MI');
    submit();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(JSON.parse(String(sent(fetchMock)[1].body))).toEqual({
      carId: 12,
      startingBid: '40000.00',
      location: 'Ann Arbor, MI',
    });
  });
  it('offers a members-only auction while premium listings are on, and sends it when ticked', async () => {
    const { fetchMock, onSubmitted, type, submit } = renderForm();
    type(/Starting bid/, '40000');
    type(/Location/, 'Ann Arbor, MI');
    const premium = screen.getByTestId('sub-premium-only');
    await waitFor(() => expect((premium as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(premium);
    submit();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(JSON.parse(String(sent(fetchMock)[1].body))).toMatchObject({ isPremiumOnly: true });
  });
  it('disables the members-only choice with the reason while premium listings are off', async () => {
    renderForm(false);
    expect((await screen.findByTestId('premium-off')).textContent).toBe(`${FEATURE_OFF_TEXT.premiumListings}.`);
    expect((screen.getByTestId('sub-premium-only') as HTMLInputElement).disabled).toBe(true);
  });
  it("refuses what the contract refuses, with the contract's message, and sends nothing", async () => {
    const { fetchMock, type, submit } = renderForm();
    type(/Starting bid/, '40000');
    type(/Buy It Now/, '30000');
    type(/Location/, 'Ann Arbor, MI');
    submit();
    await screen.findByText('Buy It Now price must be above the starting bid');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auction-requests', expect.anything());
  });
});
