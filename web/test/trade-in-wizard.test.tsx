// The trade-in wizard as the owner sees it: the draft restored from the server and saved as it changes, Continue held
// until the car is described, Back keeping what was typed; "Missing Information" when the form is not complete
// (nothing is sent), "Evaluation Failed" with the server's reason when the evaluation is refused (the wizard keeps its
// place).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FEE_SCHEDULE, TRADE_IN_TEXTS, utcDate, type TradeInDraft } from '@app/shared';
import { TradeInPage } from '../src/features/trade-in';
import { useToasts } from '../src/lib/toast';
import { renderRoutes, resetAfterEach } from './support/render-routes';

const owner = { id: 5, name: 'Sam Owner', email: 'sam@example.test', isPremium: false };
const filled: TradeInDraft = {
  step: 4,
  vin: 'WP0AC2A99KS149000',
  mileage: '6000',
  condition: 'good',
  trim: '',
  exteriorColor: '',
  interiorColor: '',
  notes: '',
  photos: [],
  hasLien: false,
  titlePhotos: [],
  lienholderName: '',
  payoffAmount: '',
  payoffPerDiem: '',
  payoffValidDate: '',
  lienholderContact: '',
  lienholderAddress: '',
};
const UNANALYZABLE = 'Unable to analyze vehicle. Please check the VIN and try again.';

/** The server: signed in as the owner, trade-ins on, the given saved draft, and an evaluation refused with 422. */
function serve(draft: TradeInDraft) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/auth/session') return Response.json({ user: owner, admin: null });
      if (url === '/api/settings/marketplace') {
        const features = { aiValuation: true, buyItNow: true, tradeIn: true, premiumListings: true };
        return Response.json({ defaultDurationDays: 7, features, fees: FEE_SCHEDULE });
      }
      if (url === '/api/trade-in/draft')
        return method === 'GET' ? Response.json({ draft }) : new Response(null, { status: 204 });
      if (url === '/api/vin/decode')
        return Response.json({
          vin: 'WP0AC2A99KS149000',
          vehicle: {
            year: 2019,
            make: 'Porsche',
            model: '911',
            trim: 'GT3 RS',
            bodyClass: 'Coupe',
            engine: null,
            manufacturer: 'Porsche AG',
          },
        });
      if (url === '/api/trade-in/evaluate') return Response.json({ error: UNANALYZABLE }, { status: 422 });
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  return {
    evaluations: () => calls.filter((c) => c.url === '/api/trade-in/evaluate'),
    savedDrafts: () =>
      calls
        .filter((c) => c.url === '/api/trade-in/draft' && c.method === 'POST')
        .map((c) => (c.body as { draft: TradeInDraft }).draft),
  };
}

async function open(draft: TradeInDraft, stepLabel: string) {
  const server = serve(draft);
  renderRoutes([{ path: '/trade-in', element: <TradeInPage /> }], '/trade-in');
  // The label shows step 1 while the draft loads; the buttons come once it is in the form.
  await screen.findByTestId('ti-back');
  await screen.findByText(stepLabel);
  return server;
}

async function openAtOwnership(draft: TradeInDraft) {
  const server = await open(draft, 'Step 4 of 5: Ownership');
  fireEvent.click(screen.getByTestId('ti-evaluate'));
  return server;
}

const shown = () => {
  const { current, open } = useToasts.getState();
  return open ? current : null;
};

beforeEach(() => useToasts.setState({ current: null, open: false }));
resetAfterEach();

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });

describe('trade-in wizard', () => {
  it('holds Continue until VIN, mileage and condition are filled, saves each change as the draft, and Back keeps the values', async () => {
    const { savedDrafts } = await open(
      { ...filled, step: 1, vin: '', mileage: '', condition: '' },
      'Step 1 of 5: Vehicle Info',
    );
    const next = screen.getByTestId('ti-continue') as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    type('ti-vin', 'wp0ac2a99ks149000');
    // The VIN is shown and held in capitals, and decoded.
    expect(field('ti-vin').value).toBe('WP0AC2A99KS149000');
    await screen.findByText('2019 Porsche 911 GT3 RS');
    type('ti-mileage', '6,000 mi');
    expect(field('ti-mileage').value).toBe('6000');
    expect(next.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('ti-condition'), { target: { value: 'fair' } });
    type('ti-exterior', 'Guards Red');
    expect(next.disabled).toBe(false);
    await waitFor(() =>
      expect(savedDrafts().at(-1)).toMatchObject({
        step: 1,
        vin: 'WP0AC2A99KS149000',
        mileage: '6000',
        condition: 'fair',
        exteriorColor: 'Guards Red',
      }),
    );

    fireEvent.click(next);
    await screen.findByText('Step 2 of 5: Photos');
    await waitFor(() => expect(savedDrafts().at(-1)).toMatchObject({ step: 2, vin: 'WP0AC2A99KS149000' }));
    fireEvent.click(screen.getByTestId('ti-back'));
    await screen.findByText('Step 1 of 5: Vehicle Info');
    expect([
      field('ti-vin').value,
      field('ti-mileage').value,
      field('ti-condition').value,
      field('ti-exterior').value,
    ]).toEqual(['WP0AC2A99KS149000', '6000', 'fair', 'Guards Red']);
  });

  it('restores a saved draft at its step with its fields, and saves it again with the step the owner goes back to', async () => {
    const { savedDrafts } = await open(
      { ...filled, step: 3, trim: 'GT3 RS', notes: 'Track package' },
      'Step 3 of 5: Review',
    );
    const review = screen.getByTestId('ti-review');
    for (const text of ['WP0AC2A99KS149000', '6,000 miles', 'Good', 'GT3 RS', 'Track package'])
      expect(review.textContent).toContain(text);
    fireEvent.click(screen.getByTestId('ti-back'));
    fireEvent.click(screen.getByTestId('ti-back'));
    await screen.findByText('Step 1 of 5: Vehicle Info');
    expect(field('ti-trim').value).toBe('GT3 RS');
    expect(field('ti-notes').value).toBe('Track package');
    await waitFor(() =>
      expect(savedDrafts().at(-1)).toEqual({ ...filled, step: 1, trim: 'GT3 RS', notes: 'Track package' }),
    );
  });
});

describe('trade-in toasts', () => {
  it('"Missing Information" when a required vehicle field is empty, sending nothing', async () => {
    const { evaluations } = await openAtOwnership({
      ...filled,
      mileage: '',
      hasLien: true,
      lienholderName: 'Ally',
      payoffAmount: '100',
    });
    await waitFor(() =>
      expect(shown()).toMatchObject({
        title: TRADE_IN_TEXTS.missingTitle,
        description: TRADE_IN_TEXTS.missingText,
        variant: 'destructive',
      }),
    );
    expect(evaluations()).toEqual([]);
    expect(screen.getByText('Step 4 of 5: Ownership')).toBeTruthy();
  });

  it('"Missing Information" with the first refusal when the ownership details are incomplete, the field marked', async () => {
    const { evaluations } = await openAtOwnership({ ...filled, hasLien: false, titlePhotos: [] });
    await waitFor(() =>
      expect(shown()).toMatchObject({
        title: TRADE_IN_TEXTS.missingTitle,
        description: TRADE_IN_TEXTS.titlePhotoRequired,
      }),
    );
    expect(screen.getByTestId('ti-field-error').textContent).toBe(TRADE_IN_TEXTS.titlePhotoRequired);
    expect(evaluations()).toEqual([]);
  });

  it('"Evaluation Failed" with the server\'s reason when the evaluation is refused; the wizard stays where it was', async () => {
    const lien = {
      hasLien: true,
      lienholderName: 'Ally Financial',
      payoffAmount: '20000',
      payoffPerDiem: '12.50',
      payoffValidDate: utcDate(new Date()),
    };
    const { evaluations } = await openAtOwnership({ ...filled, ...lien });
    await waitFor(() =>
      expect(shown()).toMatchObject({
        title: TRADE_IN_TEXTS.failedTitle,
        description: UNANALYZABLE,
        variant: 'destructive',
      }),
    );
    expect(evaluations()).toHaveLength(1);
    expect(evaluations()[0]!.body).toMatchObject({
      vin: filled.vin,
      mileage: '6000',
      condition: 'good',
      hasLien: true,
      lienholderName: 'Ally Financial',
      payoffAmount: '20000',
    });
    expect(screen.queryByTestId('ti-results')).toBeNull();
    expect(screen.getByText('Step 4 of 5: Ownership')).toBeTruthy();
    expect((screen.getByTestId('ti-lienholder') as HTMLInputElement).value).toBe('Ally Financial');
    await waitFor(() => expect((screen.getByTestId('ti-evaluate') as HTMLButtonElement).disabled).toBe(false));
  });
});
