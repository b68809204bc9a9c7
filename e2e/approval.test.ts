import { expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USER, VIN_SCAN_TEXTS, withCheckDigit } from '@app/shared';
import { barcodePng } from '../infra/test-support/barcodes.js';
import { useStackAndBrowser } from './support/harness.js';
import { enterDemoAdminCode, signInContext } from './support/session.js';

const t = useStackAndBrowser();

it('a seller uploads a photo, scans the VIN label, describes the car, gets a valuation and submits; an admin approves it and it appears on /auctions at its starting bid; the seller sees "Your listing" with no bid controls; the header shows the admin session, which signs out', async () => {
  const seller = await t.browser.newContext();
  await signInContext(seller, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const form = await seller.newPage();
  await form.goto(`${t.stack.baseUrl}/submit`);
  await form.getByTestId('get-valuation').click();
  await form.getByTestId('toast').getByText('Please fill in all required fields').waitFor();
  const vin = withCheckDigit('1G1YB2D40K5100001');

  // The scanner: no camera in a headless browser, so the spec's text shows; a photo of the label is read instead.
  await form.getByTestId('scan-vin').click();
  const scanner = form.getByTestId('vin-scanner');
  await scanner.getByTestId('camera-error').waitFor();
  expect(Object.values(VIN_SCAN_TEXTS)).toContain(await scanner.getByTestId('camera-error').textContent());
  await scanner.getByTestId('scan-photo-input').setInputFiles({
    name: 'blank.png',
    mimeType: 'image/png',
    buffer: Buffer.from(await barcodePng('NOT-A-VIN', 'Code128')),
  });
  expect(await scanner.getByTestId('scan-error').textContent()).toBe(VIN_SCAN_TEXTS.noVinPhoto);
  await scanner.getByTestId('scan-photo-input').setInputFiles({
    name: 'door-jamb.png',
    mimeType: 'image/png',
    buffer: Buffer.from(await barcodePng(vin, 'Code39')),
  });
  await scanner.getByTestId('vin-detected').getByText(vin).waitFor();
  await form.getByTestId('toast').getByText(VIN_SCAN_TEXTS.scanned).waitFor();
  await scanner.waitFor({ state: 'detached' });
  expect(await form.getByTestId('sub-vin').inputValue()).toBe(vin);
  // Decoded offline from the VIN: model year 2019 (K), a Chevrolet Corvette.
  expect(await form.getByTestId('sub-year').inputValue()).toBe('2019');
  expect(await form.getByTestId('sub-make').inputValue()).toBe('Chevrolet');
  expect(await form.getByTestId('sub-model').inputValue()).toBe('Corvette');
  await form.getByTestId('sub-model').fill('Corvette Grand Sport');
  // The trim list for the chosen model comes from the market data (the model name may already carry the trim).
  await form.locator('#trim-choices option[value="Z06"]').waitFor({ state: 'attached' });
  await form.getByTestId('sub-mileage').fill('21000');
  await form.getByTestId('sub-condition').selectOption('Excellent');
  await form.getByTestId('sub-category').selectOption('sports');
  await form.getByTestId('sub-description').fill('Short');
  await form.getByTestId('get-valuation').click();
  await form.getByTestId('toast').getByText('Please upload vehicle images').waitFor();
  // A listing never goes live without a description: the field says what it needs.
  await form.getByText('Describe the car in at least 20 characters').waitFor();
  await form.getByTestId('sub-description').fill('Arctic White, Z51 package, magnetic ride, one owner, no accidents.');

  // A real photo: the sample car drawing, rendered to PNG by the browser, uploaded through the picker.
  const drawing = await seller.newPage();
  await drawing.goto(`${t.stack.baseUrl}/images/cars/coupe-red.svg`);
  const photo = await drawing.screenshot({ type: 'png' });
  await drawing.close();
  await form.getByTestId('photo-input').setInputFiles({ name: 'corvette.png', mimeType: 'image/png', buffer: photo });
  const tile = form.getByTestId('photo-tile').locator('img');
  await tile.waitFor();
  const src = await tile.getAttribute('src');
  expect(src).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
  expect(await tile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await form.getByTestId('get-valuation').click();
  await form.getByTestId('valuation-result').waitFor();
  // The comparables behind the number are listed, so the seller can check it.
  const comparables = form.getByTestId('valuation-result').getByTestId('comparable');
  expect(await comparables.count()).toBeGreaterThan(0);
  expect(await comparables.first().innerText()).toMatch(/Corvette/);
  await form.getByTestId('sub-start').fill('40000');
  await form.getByTestId('sub-location').fill('Ann Arbor, MI');
  await form.getByTestId('submit-auction').click();
  await form.getByTestId('submitted').waitFor();

  const admin = await t.browser.newPage();
  await admin.goto(`${t.stack.baseUrl}/admin/login`);
  await admin.getByText('Super Admin Access Only').waitFor();
  await admin.getByLabel('Email').fill(DEMO_ADMIN.email);
  await admin.getByLabel('Password').fill(DEMO_ADMIN.password);
  await admin.getByRole('button', { name: 'Sign in as admin' }).click();
  await enterDemoAdminCode(admin, t.stack.databaseUrl);
  await admin.getByTestId('toast').getByText('Admin Login Successful').waitFor();
  await admin.waitForURL(`${t.stack.baseUrl}/admin`);
  await admin.getByRole('tab', { name: 'auctions' }).click();
  const row = admin.getByTestId('pending-auction').filter({ hasText: '2019 Chevrolet Corvette Grand Sport' });
  await row.getByRole('button', { name: 'Approve' }).click();
  await admin.getByTestId('toast').getByText('Auction approved').waitFor();

  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/auctions`);
  const card = page.getByTestId('auction-card').filter({ hasText: '2019 Chevrolet Corvette Grand Sport' });
  await card.waitFor();
  expect(await card.locator('img').first().getAttribute('src')).toBe(src);
  const first = await card.getByTestId('countdown').textContent();
  expect(first).toMatch(/^(6d 23h|7d 0h)/);
  // Nobody has bid yet: the card shows the starting bid, labelled so, never "$0".
  expect(await card.getByTestId('card-price-label').textContent()).toBe('Starting bid');
  expect(await card.getByTestId('card-current-bid').textContent()).toBe('$40,000');

  // The seller's own listing: "Your listing" with the price, the bids and who is watching; no bid or buy controls.
  await form.goto(
    `${t.stack.baseUrl}/listing/${new URL((await card.getAttribute('href')) ?? '', t.stack.baseUrl).pathname.split('/').pop()}`,
  );
  await form.getByTestId('your-listing').waitFor();
  const panel = form.getByTestId('seller-panel');
  await panel.getByText('Your listing').waitFor();
  expect(await panel.getByTestId('seller-price').textContent()).toBe('$40,000');
  await panel.getByTestId('seller-watchers').getByText(/^\d+$/).waitFor();
  expect(await form.getByTestId('place-bid').count()).toBe(0);
  expect(await form.getByTestId('bid-amount').count()).toBe(0);
  expect(await form.getByTestId('buy-now').count()).toBe(0);
  expect(await form.getByTestId('description').textContent()).toBe(
    'Arctic White, Z51 package, magnetic ride, one owner, no accidents.',
  );
  // Anyone else sees the bid controls on the same page.
  await page.goto(`${t.stack.baseUrl}${new URL(form.url()).pathname}`);
  await page.getByTestId('bid-amount').first().waitFor();
  expect(await page.getByTestId('your-listing').count()).toBe(0);

  // The admin's session shows in the header, and the admin can sign out from it.
  await admin.goto(`${t.stack.baseUrl}/auctions`);
  await admin.getByTestId('signed-in-admin').getByText(`Admin: `, { exact: false }).waitFor();
  expect(await admin.getByRole('link', { name: 'Login' }).count()).toBe(0);
  await admin.getByTestId('admin-logout').click();
  await admin.waitForURL(`${t.stack.baseUrl}/admin/login`);
  const me = await admin.request.get(`${t.stack.baseUrl}/api/auth/session`);
  expect(await me.json()).toEqual({ user: null, admin: null });
  await admin.goto(`${t.stack.baseUrl}/`);
  await admin.getByRole('link', { name: 'Login' }).waitFor();
});
