import { expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USER, withCheckDigit } from '@app/shared';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext } from './support/session.js';

const t = useStackAndBrowser();

it('a car submitted to auction waits for approval; an admin approves it in the portal and it appears on /auctions, counting down', async () => {
  const seller = await t.browser.newContext();
  await signInContext(seller, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const form = await seller.newPage();
  await form.goto(`${t.stack.baseUrl}/submit`);
  await form.getByTestId('get-valuation').click();
  await form.getByTestId('toast').getByText('Please fill in all required fields').waitFor();
  await form.getByTestId('sub-vin').fill(withCheckDigit('1G1YB2D40K5100001'));
  await form.getByTestId('sub-make').selectOption('Chevrolet');
  await form.getByTestId('sub-model').fill('Corvette Grand Sport');
  await form.getByTestId('sub-mileage').fill('21000');
  await form.getByTestId('sub-condition').selectOption('Excellent');
  await form.getByTestId('get-valuation').click();
  await form.getByTestId('toast').getByText('Please upload vehicle images').waitFor();
  await form.getByTestId('add-photos').click();
  await form.getByTestId('get-valuation').click();
  await form.getByTestId('valuation-result').waitFor();
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
  await admin.getByTestId('toast').getByText('Admin Login Successful').waitFor();
  await admin.waitForURL(`${t.stack.baseUrl}/admin`);
  await admin.getByRole('tab', { name: 'auctions' }).click();
  const row = admin.getByTestId('pending-auction').filter({ hasText: '2024 Chevrolet Corvette Grand Sport' });
  await row.getByRole('button', { name: 'Approve' }).click();
  await admin.getByTestId('toast').getByText('Auction approved').waitFor();

  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/auctions`);
  const card = page.getByTestId('auction-card').filter({ hasText: '2024 Chevrolet Corvette Grand Sport' });
  await card.waitFor();
  expect(await card.getByTestId('countdown').textContent()).toMatch(/^(6d 23h|7d 0h)$/);
});
