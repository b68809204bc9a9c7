import { expect, it } from 'vitest';
import { DEMO_USER, TRADE_IN_TEXTS, utcDate, withCheckDigit } from '@app/shared';
import { barcodePng } from '../infra/test-support/barcodes.js';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext } from './support/session.js';

const t = useStackAndBrowser();

it('walks the trade-in wizard with a lien to a firm offer, keeps the draft across a reload, and the accepted offer shows on the dashboard', async () => {
  const owner = await t.browser.newContext();
  await signInContext(owner, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const page = await owner.newPage();
  await page.goto(`${t.stack.baseUrl}/trade-in`);
  const wizard = page.getByTestId('trade-in');
  await wizard.getByText('Step 1 of 5: Vehicle Info').waitFor();
  expect(await page.getByRole('progressbar').first().getAttribute('aria-valuenow')).toBe('20');
  // The spec's assistant, with its trading tips.
  expect(await page.getByTestId('assistant').getAttribute('data-context')).toBe('trading');

  // Step 1: Continue stays disabled until VIN, mileage and condition are filled; the VIN is decoded offline.
  const next = page.getByTestId('ti-continue');
  expect(await next.isDisabled()).toBe(true);
  // The scanner from /submit reads a photo of a VIN label (no camera in a headless browser); the VIN is decoded.
  const scanned = withCheckDigit('1G1YB2D40K5100001');
  await page.getByTestId('ti-scan-vin').click();
  await page
    .getByTestId('vin-scanner')
    .getByTestId('scan-photo-input')
    .setInputFiles({
      name: 'label.png',
      mimeType: 'image/png',
      buffer: Buffer.from(await barcodePng(scanned, 'Code39')),
    });
  await page.getByTestId('vin-scanner').waitFor({ state: 'detached' });
  expect(await page.getByTestId('ti-vin').inputValue()).toBe(scanned);
  await page.getByTestId('ti-decoded').getByText('2019 Chevrolet Corvette').waitFor();
  expect(await page.getByTestId('ti-trim').inputValue()).toMatch(/^Stingray/);
  // The car being traded in is another one: its VIN typed instead.
  await page.getByTestId('ti-vin').fill('wp0ac2a99ks149000');
  await page.getByTestId('ti-decoded').getByText('2019 Porsche 911').waitFor();
  expect(await page.getByTestId('ti-vin').inputValue()).toBe('WP0AC2A99KS149000');
  // The Corvette's trim, filled by the scan, went with it: the Porsche is valued as its own VIN decodes.
  expect(await page.getByTestId('ti-trim').inputValue()).toBe('');
  await page.getByTestId('ti-mileage').fill('6000');
  expect(await next.isDisabled()).toBe(true);
  await page.getByTestId('ti-condition').selectOption('good');
  await page.getByTestId('ti-exterior').fill('Guards Red');
  expect(await next.isDisabled()).toBe(false);
  await next.click();

  // Step 2: a real photo, uploaded through the picker from /submit.
  await wizard.getByText('Step 2 of 5: Photos').waitFor();
  const drawing = await owner.newPage();
  await drawing.goto(`${t.stack.baseUrl}/images/cars/coupe-red.svg`);
  const png = await drawing.screenshot({ type: 'png' });
  const jpeg = await drawing.screenshot({ type: 'jpeg' });
  await drawing.close();
  await page.getByTestId('photo-input').setInputFiles({ name: 'car.png', mimeType: 'image/png', buffer: png });
  await page.getByTestId('photo-tile').locator('img').waitFor();

  // Reload mid-wizard: the draft saved for this user brings back the step, the fields and the photo.
  await page.locator('[data-testid="trade-in"][data-draft="saved"]').waitFor();
  await page.reload();
  await wizard.getByText('Step 2 of 5: Photos').waitFor();
  await page.getByTestId('photo-tile').locator('img').waitFor();
  await page.getByTestId('ti-back').click();
  await wizard.getByText('Step 1 of 5: Vehicle Info').waitFor();
  expect(await page.getByTestId('ti-vin').inputValue()).toBe('WP0AC2A99KS149000');
  expect(await page.getByTestId('ti-mileage').inputValue()).toBe('6000');
  expect(await page.getByTestId('ti-condition').inputValue()).toBe('good');
  expect(await page.getByTestId('ti-exterior').inputValue()).toBe('Guards Red');
  await next.click();
  await next.click();

  // Step 3: the review lists what was entered.
  await wizard.getByText('Step 3 of 5: Review').waitFor();
  await page.getByTestId('ti-review').getByText('6,000 miles').waitFor();
  await page.getByTestId('ti-review').getByText('1 uploaded').waitFor();
  await next.click();

  // Step 4: a lien. A payoff quote valid through yesterday is refused; today is fine.
  await wizard.getByText('Step 4 of 5: Ownership').waitFor();
  await page.getByTestId('ti-lien-yes').check();
  await page.getByText('A 10-day payoff is required from the lienholder').waitFor();
  await page.getByTestId('ti-evaluate').click();
  await page.getByTestId('ti-field-error').getByText('Lienholder name is required when there is a lien').waitFor();
  await page.getByTestId('ti-lienholder').fill('Ally Financial');
  await page.getByTestId('ti-payoff').fill('20000');
  await page.getByTestId('ti-per-diem').fill('12.50');
  await page.getByTestId('ti-payoff-date').fill(utcDate(new Date(Date.now() - 86_400_000)));
  await page.getByTestId('ti-title-input').setInputFiles({ name: 'title.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await page.getByTestId('ti-title-tile').locator('img').waitFor();
  await page.getByTestId('ti-evaluate').click();
  await page.getByTestId('ti-field-error').getByText('Payoff valid-through date cannot be before today').waitFor();
  expect(await page.getByTestId('ti-results').count()).toBe(0);
  await page.getByTestId('ti-payoff-date').fill(utcDate(new Date()));
  const before = Date.now();
  await page.getByTestId('ti-evaluate').click();

  // Step 5: the firm offer, its expiry 7 days out, the analysis and the breakdown with the lien payoff.
  await page.getByTestId('ti-results').waitFor({ timeout: 30_000 });
  await page.getByTestId('toast').getByText(TRADE_IN_TEXTS.completeTitle).waitFor();
  await wizard.getByText('Step 5 of 5: Results').waitFor();
  const expiresAt = Date.parse((await page.getByTestId('ti-expiry').getAttribute('data-expires-at'))!);
  expect(expiresAt - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 5_000);
  expect(expiresAt - before).toBeLessThan(7 * 86_400_000 + 60_000);
  expect(await page.getByTestId('ti-offer').innerText()).toMatch(/^\$\d{1,3}(,\d{3})+$/);
  await page.getByTestId('ti-breakdown').getByText('Lien payoff (10-day)').waitFor();
  await page
    .getByTestId('ti-market')
    .getByText(/comparable sales? in the last 12 months/)
    .waitFor();
  // The comparables the estimate rests on, in the table the valuation page uses.
  expect(await page.getByTestId('ti-basis').innerText()).toMatch(/based on \d+ comparable sales?, model years/);
  const comparable = page.getByTestId('ti-results').getByTestId('comparables').getByTestId('comparable');
  expect(await comparable.count()).toBeGreaterThan(0);
  expect(await comparable.first().innerText()).toMatch(/Porsche 911[\s\S]*\$\d/);
  await page
    .getByTestId('ti-terms')
    .getByText(/Ally Financial the 10-day payoff of \$20,125/)
    .waitFor();
  const offer = await page.getByTestId('ti-offer').innerText();

  await page.getByTestId('ti-accept').click();
  await page.getByTestId('ti-offer-status').getByText('accepted').waitFor();
  await page.getByTestId('ti-reset').click();
  await wizard.getByText('Step 1 of 5: Vehicle Info').waitFor();
  expect(await page.getByTestId('ti-vin').inputValue()).toBe('');

  // The dashboard lists the evaluation with its accepted offer.
  await page.goto(`${t.stack.baseUrl}/dashboard`);
  const row = page.getByTestId('trade-in-row').first();
  await row.getByText('2019 Porsche 911').waitFor();
  await row.getByText(offer).waitFor();
  await row.getByTestId('ti-offer-status').getByText('accepted').waitFor();

  // The finished wizard left no draft behind.
  await page.goto(`${t.stack.baseUrl}/trade-in`);
  await wizard.getByText('Step 1 of 5: Vehicle Info').waitFor();
  await page.locator('[data-testid="trade-in"][data-draft="saved"]').waitFor();
  expect(await page.getByTestId('ti-vin').inputValue()).toBe('');
  await owner.close();
});
