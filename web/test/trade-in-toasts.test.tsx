// The trade-in wizard's refusals as the owner sees them: "Missing Information" when the form is not complete (nothing
// is sent), "Evaluation Failed" with the server's reason when the evaluation is refused (the wizard keeps its place).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRADE_IN_TEXTS, utcDate, type TradeInDraft } from '@app/shared';
import { TradeInPage } from '../src/features/trade-in';
import { useToasts } from '../src/lib/toast';
import { renderRoutes, resetAfterEach } from './support/render-routes';

const owner = { id: 5, name: 'Sam Owner', email: 'sam@example.test', isPremium: false };
const filled: TradeInDraft = {
  step: 4, vin: 'WP0AC2A99KS149000', mileage: '6000', condition: 'good', trim: '', exteriorColor: '', interiorColor: '', notes: '',
  photos: [], hasLien: false, titlePhotos: [], lienholderName: '', payoffAmount: '', payoffPerDiem: '', payoffValidDate: '',
  lienholderContact: '', lienholderAddress: '',
};
const UNANALYZABLE = 'Unable to analyze vehicle. Please check the VIN and try again.';

/** The server: signed in as the owner, the given saved draft, and an evaluation refused with 422. */
function serve(draft: TradeInDraft) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/auth/session') return Response.json({ user: owner, admin: null });
    if (url === '/api/trade-in/draft') return method === 'GET' ? Response.json({ draft }) : new Response(null, { status: 204 });
    if (url === '/api/trade-in/evaluate') return Response.json({ error: UNANALYZABLE }, { status: 422 });
    return Response.json({ error: 'Not found' }, { status: 404 });
  }));
  return { evaluations: () => calls.filter((c) => c.url === '/api/trade-in/evaluate') };
}

async function openAtOwnership(draft: TradeInDraft) {
  const server = serve(draft);
  renderRoutes([{ path: '/trade-in', element: <TradeInPage /> }], '/trade-in');
  await screen.findByText('Step 4 of 5: Ownership');
  fireEvent.click(screen.getByTestId('ti-evaluate'));
  return server;
}

const shown = () => {
  const { current, open } = useToasts.getState();
  return open ? current : null;
};

beforeEach(() => useToasts.setState({ current: null, open: false }));
resetAfterEach();

describe('trade-in toasts', () => {
  it('"Missing Information" when a required vehicle field is empty, sending nothing', async () => {
    const { evaluations } = await openAtOwnership({ ...filled, mileage: '', hasLien: true, lienholderName: 'Ally', payoffAmount: '100' });
    await waitFor(() => expect(shown()).toMatchObject({ title: TRADE_IN_TEXTS.missingTitle, description: TRADE_IN_TEXTS.missingText, variant: 'destructive' }));
    expect(evaluations()).toEqual([]);
    expect(screen.getByText('Step 4 of 5: Ownership')).toBeTruthy();
  });

  it('"Missing Information" with the first refusal when the ownership details are incomplete, the field marked', async () => {
    const { evaluations } = await openAtOwnership({ ...filled, hasLien: false, titlePhotos: [] });
    await waitFor(() => expect(shown()).toMatchObject({ title: TRADE_IN_TEXTS.missingTitle, description: TRADE_IN_TEXTS.titlePhotoRequired }));
    expect(screen.getByTestId('ti-field-error').textContent).toBe(TRADE_IN_TEXTS.titlePhotoRequired);
    expect(evaluations()).toEqual([]);
  });

  it('"Evaluation Failed" with the server\'s reason when the evaluation is refused; the wizard stays where it was', async () => {
    const lien = { hasLien: true, lienholderName: 'Ally Financial', payoffAmount: '20000', payoffPerDiem: '12.50', payoffValidDate: utcDate(new Date()) };
    const { evaluations } = await openAtOwnership({ ...filled, ...lien });
    await waitFor(() => expect(shown()).toMatchObject({ title: TRADE_IN_TEXTS.failedTitle, description: UNANALYZABLE, variant: 'destructive' }));
    expect(evaluations()).toHaveLength(1);
    expect(evaluations()[0]!.body).toMatchObject({ vin: filled.vin, mileage: '6000', condition: 'good', hasLien: true, lienholderName: 'Ally Financial', payoffAmount: '20000' });
    expect(screen.queryByTestId('ti-results')).toBeNull();
    expect(screen.getByText('Step 4 of 5: Ownership')).toBeTruthy();
    expect((screen.getByTestId('ti-lienholder') as HTMLInputElement).value).toBe('Ally Financial');
    await waitFor(() => expect((screen.getByTestId('ti-evaluate') as HTMLButtonElement).disabled).toBe(false));
  });
});
