import { expect, it } from 'vitest';
import { DEMO_USER, withCheckDigit } from '@app/shared';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext } from './support/session.js';

const t = useStackAndBrowser();

it('/submit decodes a typed VIN into year, make and model, offers model years 1900 to next year, and makes the body category a choice', async () => {
  const context = await t.browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInContext(context, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const form = await context.newPage();
  await form.goto(`${t.stack.baseUrl}/submit`);
  const year = form.getByTestId('sub-year');
  await year.waitFor();

  // Model years from the date: next year's models down to early classics; nothing chosen for the seller.
  const years = await year.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const next = new Date().getUTCFullYear() + 1;
  expect(years[0]).toBe('');
  expect(years[1]).toBe(String(next));
  expect(years).toContain(String(next - 1));
  expect(years.at(-1)).toBe('1900');
  expect(await year.inputValue()).toBe('');
  expect(await form.getByTestId('sub-category').inputValue()).toBe('');

  // A typed VIN is decoded as on /trade-in: model year 2019 (K), a Chevrolet Corvette.
  await form.getByTestId('sub-vin').fill(withCheckDigit('1G1YB2D40K5100001'));
  await form.getByTestId('sub-decoded').getByText('2019 Chevrolet Corvette').waitFor({ timeout: 15_000 });
  await expect.poll(() => year.inputValue()).toBe('2019');
  expect(await form.getByTestId('sub-make').inputValue()).toBe('Chevrolet');
  expect(await form.getByTestId('sub-model').inputValue()).toBe('Corvette');
  // A VIN with a wrong check digit says why, without a decode.
  await form.getByTestId('sub-vin').fill('1G1YB2D40K5100001'.replace(/^(.{8})./, '$1X'));
  await form.getByTestId('sub-decode-error').waitFor();
  await form.getByTestId('sub-vin').fill(withCheckDigit('1G1YB2D40K5100001'));
  await form.getByTestId('sub-decoded').waitFor();

  // The body category is a required choice: left unchosen, the field says so.
  await form.getByTestId('sub-mileage').fill('21000');
  await form.getByTestId('sub-condition').selectOption('Excellent');
  await form.getByTestId('sub-description').fill('Arctic White, Z51 package, magnetic ride, one owner, no accidents.');
  await form.getByTestId('get-valuation').click();
  await form.getByTestId('sub-category-error').getByText('Choose a body category').waitFor();
  await form.getByTestId('sub-category').selectOption('sports');
  await form.getByTestId('sub-category-error').waitFor({ state: 'detached' });
  await context.close();
});
