import { expect, it } from 'vitest';
import { DEMO_ADMIN, toCents, type Auction } from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { enterDemoAdminCode, signInContext } from './support/session.js';

const t = useStackAndBrowser();

it('an admin turning Buy It Now off hides the button on listings and the server refuses the purchase with 403', async () => {
  const list = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const auction = list.find(
    (a) =>
      a.buyItNowPrice !== null &&
      toCents(a.currentBid) < toCents(a.buyItNowPrice) &&
      Date.parse(a.endTime) - Date.now() > 5 * 60_000,
  )!;
  const member = await t.browser.newContext();
  await signInContext(member, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const listing = await member.newPage();
  await listing.goto(`${t.stack.baseUrl}/listing/${auction.id}`);
  await listing.getByTestId('buy-now').waitFor();

  const admin = await (await t.browser.newContext()).newPage();
  await admin.goto(`${t.stack.baseUrl}/admin/login`);
  await admin.getByLabel('Email').fill(DEMO_ADMIN.email);
  await admin.getByLabel('Password').fill(DEMO_ADMIN.password);
  await admin.getByRole('button', { name: 'Sign in as admin' }).click();
  await enterDemoAdminCode(admin, t.stack.databaseUrl);
  await admin.waitForURL(`${t.stack.baseUrl}/admin`);
  // The overview chart draws the seeded bids of the last days as bars.
  await admin.getByTestId('overview-chart').locator('.recharts-bar-rectangle').first().waitFor();
  await admin.getByRole('tab', { name: 'settings' }).click();
  // The box follows the stored setting: it changes once the server has saved it.
  await admin.getByTestId('feature-buyItNow').click();
  await admin.getByTestId('toast').getByText('Settings saved').waitFor();
  await admin.getByTestId('settings-audit').getByText('setting.changed features').waitFor();
  expect(await admin.getByTestId('feature-buyItNow').isChecked()).toBe(false);

  const featuresRead = listing.waitForResponse((r) => r.url().endsWith('/api/settings/marketplace'));
  await listing.reload();
  await featuresRead;
  await listing.getByTestId('current-bid').waitFor();
  await listing.waitForTimeout(300);
  expect(await listing.getByTestId('buy-now').count()).toBe(0);
  const res = await member.request.post(`${t.stack.baseUrl}/api/auctions/${auction.id}/buy-now`, {
    data: {},
    headers: { origin: t.stack.baseUrl },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toEqual({ error: 'Buy It Now is turned off' });

  await admin.getByTestId('feature-buyItNow').click();
  await admin.getByTestId('toast').getByText('Settings saved').first().waitFor();
  await listing.reload();
  await listing.getByTestId('buy-now').waitFor();
});
