import { expect, it } from 'vitest';
import { RESET_ANSWER, RESET_DONE, RESET_LINK_USED } from '@app/shared';
import { useStackAndBrowser } from './support/harness.js';
import { mailedToken, registeredContext } from './support/session.js';

const t = useStackAndBrowser();

it('forgot password: the mailed link sets a new password, signs this browser in and the old session out', async () => {
  const { baseUrl } = t.stack;
  // The member is signed in on another device (its own browser context).
  const { context: old, email } = await registeredContext(t.browser, t.stack, 'Forgetful Member');
  const oldPage = await old.newPage();
  await oldPage.goto(`${baseUrl}/dashboard`);
  await oldPage.getByTestId('signed-in-user').getByText('Forgetful Member').waitFor();

  const context = await t.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL(`${baseUrl}/forgot-password`);
  // The address changes before the page's code has arrived, while the sign-in form (with its own Email) still shows.
  await page.getByTestId('forgot-password').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByTestId('forgot-password').getByRole('status').filter({ hasText: RESET_ANSWER }).waitFor();

  const token = await mailedToken(t.stack.databaseUrl, email, '/reset-password');
  const link = `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await page.goto(link);
  await page.getByLabel(/New password/).fill('a brand new passphrase 58');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
  await page.getByTestId('toast').getByText(RESET_DONE).waitFor();
  expect(await page.getByTestId('signed-in-user').textContent()).toBe('Forgetful Member');

  // The other device's session is gone: its next page load is signed out.
  expect((await old.request.get(`${baseUrl}/api/auth/me`)).status()).toBe(401);
  await oldPage.reload();
  await oldPage.waitForURL(/\/login/);

  // The link worked once.
  const again = await t.browser.newContext();
  const againPage = await again.newPage();
  await againPage.goto(link);
  await againPage.getByLabel(/New password/).fill('yet another passphrase 77');
  await againPage.getByRole('button', { name: 'Set new password' }).click();
  await againPage.getByTestId('reset-password').getByRole('alert').filter({ hasText: RESET_LINK_USED }).waitFor();
  await againPage.getByRole('link', { name: 'Get a new link' }).waitFor();

  // The new password signs in; the old one no longer does.
  const login = (password: string) =>
    again.request.post(`${baseUrl}/api/auth/login`, { data: { email, password }, headers: { origin: baseUrl } });
  expect((await login('a brand new passphrase 58')).status()).toBe(200);
  expect((await login('a-long-enough-password-1')).status()).toBe(401);
  await Promise.all([old.close(), context.close(), again.close()]);
});
