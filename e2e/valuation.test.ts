import { it } from 'vitest';
import { useStackAndBrowser } from './support/harness.js';

const t = useStackAndBrowser();

it('values a car from its VIN on the valuation page, and shows "Analysis Failed" for a VIN with a wrong check digit', async () => {
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/valuation`);
  await page.getByTestId('val-vin').fill('1hgcm82633a004352');
  await page.getByTestId('val-mileage').fill('120000');
  await page.getByTestId('val-zip').fill('48226');
  await page.getByTestId('val-submit').click();
  await page.getByTestId('val-result').getByText('2003 Honda Accord', { exact: true }).waitFor({ timeout: 30_000 });
  await page.getByTestId('val-vin').fill('1HGCM82643A004352');
  await page.getByTestId('val-submit').click();
  await page.getByText('Analysis Failed').waitFor();
  await page.getByRole('alert').getByText(/check digit/).waitFor();
});
