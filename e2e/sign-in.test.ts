import { expect, it } from 'vitest';
import { DEMO_USER } from '@app/shared';
import { useStackAndBrowser } from './support/harness.js';

const t = useStackAndBrowser();

it('signs in with the demo user shown in the /login hint, lands on /dashboard and shows the name', async () => {
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/login`);
  const hint = await page.getByTestId('demo-hint').textContent();
  expect(hint).toContain(DEMO_USER.email);
  expect(hint).toContain(DEMO_USER.password);
  expect(await page.locator('header').count()).toBe(0);
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Password').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('toast').getByText(`Login successful! Welcome back, ${DEMO_USER.name}!`).waitFor();
  await page.waitForURL(`${t.stack.baseUrl}/dashboard`);
  expect(await page.getByTestId('signed-in-user').textContent()).toBe(DEMO_USER.name);
});

it("shows the spec's toast for a wrong password", async () => {
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/login`);
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('toast').getByText('Login failed').waitFor();
  await page.getByTestId('toast').getByText('Invalid email or password').waitFor();
  expect(page.url()).toBe(`${t.stack.baseUrl}/login`);
});

it('shows the validation messages before calling the server', async () => {
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/login`);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Invalid email address').waitFor();
  await page.getByText('Password must be at least 6 characters').waitFor();
});
