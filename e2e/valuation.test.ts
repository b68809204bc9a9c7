import { expect, it } from 'vitest';
import { useStackAndBrowser } from './support/harness.js';

const t = useStackAndBrowser();

it('values a car from its VIN on the valuation page, shows the comparables, says "little market data" for a car valued from its prior alone, and shows "Analysis Failed" for a VIN with a wrong check digit', async () => {
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/valuation`);
  await page.getByTestId('valuation-factors').getByText('Mileage', { exact: true }).waitFor({ state: 'attached' });
  // A 2019 911 GT3 RS: the VIN pins the trim, the market data has many such sales, so the helper is pleased.
  await page.getByTestId('val-vin').fill('wp0ac2a99ks149000');
  await page.getByTestId('val-mileage').fill('6000');
  await page.getByTestId('val-zip').fill('48226');
  await page.getByTestId('val-submit').click();
  await page
    .getByTestId('val-result')
    .getByText('2019 Porsche 911 GT3 RS', { exact: true })
    .waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="helper"][data-stage="excited"]').waitFor();
  await page.locator('[data-testid="helper"][data-stage="celebrating"]').waitFor({ timeout: 5_000 });
  const rows = page.getByTestId('comparable');
  expect(await rows.count()).toBeGreaterThan(3);
  expect(await rows.first().innerText()).toMatch(/911\s+GT3 RS/);
  expect(await page.getByTestId('valuation-basis').innerText()).toMatch(/\d+ comparable sales, model years 20\d\d/);
  expect(await page.getByTestId('little-market-data').count()).toBe(0);

  // A 2003 Accord is older than anything in the market data: the helper is surprised and says why.
  await page.getByTestId('val-vin').fill('1hgcm82633a004352');
  await page.getByTestId('val-mileage').fill('120000');
  await page.getByTestId('val-submit').click();
  await page
    .getByTestId('val-result')
    .getByText('2003 Honda Accord EX-V6', { exact: true })
    .waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="helper"][data-stage="surprised"]').waitFor();
  // Nothing within five model years in the market data: the prior alone, and the page names no precise figure.
  await page.getByTestId('little-market-data').getByText('Little market data for this car').waitFor();
  expect(await page.getByTestId('val-result').innerText()).not.toMatch(/Most likely/);

  await page.getByTestId('val-vin').fill('1HGCM82643A004352');
  await page.getByTestId('val-submit').click();
  await page.getByText('Analysis Failed').waitFor();
  await page
    .getByRole('alert')
    .getByText(/check digit/)
    .waitFor();
});
