// The sell form's second step is checked by the shared submission contract; what it sends is decimal strings.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuctionTermsForm } from '../src/features/selling/components/auction-terms-form';
import { createQueryClient } from '../src/app/query-client';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ auctionId: 5 }), { status: 201 }));
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

describe('auction terms form', () => {
  it('sends whole-dollar amounts as decimal strings and leaves blank optional prices out', async () => {
    const { fetchMock, onSubmitted, type, submit } = renderForm();
    type(/Starting bid/, '40000');
    type(/Location/, 'Ann Arbor, MI');
    submit();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auction-requests');
    expect(JSON.parse(String(init.body))).toEqual({ carId: 12, startingBid: '40000.00', durationDays: 7, location: 'Ann Arbor, MI' });
  });
  it("refuses what the contract refuses, with the contract's message, and sends nothing", async () => {
    const { fetchMock, type, submit } = renderForm();
    type(/Starting bid/, '40000');
    type(/Buy It Now/, '30000');
    type(/Location/, 'Ann Arbor, MI');
    submit();
    await screen.findByText('Buy It Now price must be above the starting bid');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
