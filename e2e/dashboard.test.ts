import { expect, it } from 'vitest';
import { DEMO_USER, centsToDecimal, toCents } from '@app/shared';
import { DEMO_PREMIUM_USER, createSql } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { openAuction, signInContext } from './support/session.js';

const t = useStackAndBrowser();

it('a user watching My Active Bids sees "Outbid" without a reload when a second browser outbids them, and "Leading" when they retake it', async () => {
  const auction = await openAuction(t.stack.baseUrl);
  const me = await t.browser.newContext();
  const rival = await t.browser.newContext();
  await signInContext(me, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  await signInContext(rival, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const bid = async (who: typeof me, cents: number) => {
    const res = await who.request.post(`${t.stack.baseUrl}/api/bids`, { data: { auctionId: auction.id, amount: centsToDecimal(cents) }, headers: { origin: t.stack.baseUrl } });
    expect(res.status()).toBe(201);
  };
  const start = toCents((await (await fetch(`${t.stack.baseUrl}/api/auctions/${auction.id}`)).json()).currentBid);
  await bid(me, start + 1000_00);

  const page = await me.newPage();
  await page.goto(`${t.stack.baseUrl}/dashboard`);
  const row = page.getByTestId(`active-bid-${auction.id}`);
  await row.getByTestId('bid-standing').getByText('Leading').waitFor();
  await page.getByTestId('tile-active-bids').getByText('1').waitFor();
  // Let the socket join the auction's room; a reload would lose this mark.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  await page.waitForTimeout(500);

  await bid(rival, start + 2000_00);
  await row.getByTestId('bid-standing').getByText('Outbid').waitFor({ timeout: 3000 });
  await row.getByRole('link', { name: 'Bid again' }).waitFor();
  await bid(me, start + 3000_00);
  await row.getByTestId('bid-standing').getByText('Leading').waitFor({ timeout: 3000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

it('a member who signs up, confirms the mailed link and lands on the dashboard sees zero tiles and empty states that say what to do next', async () => {
  const context = await t.browser.newContext();
  const email = `fresh-${Date.now()}@example.test`;
  const page = await context.newPage();
  await page.goto(`${t.stack.baseUrl}/register`);
  await page.getByLabel('Name').fill('Fresh Member');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/Password/).fill('a-long-enough-password-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByTestId('sign-up-sent').getByText('Check your email', { exact: true }).waitFor();
  await page.getByText(email).waitFor();

  const sql = createSql(t.stack.databaseUrl, { max: 1 });
  let link: string | undefined;
  try {
    for (let i = 0; i < 100 && !link; i++) {
      const [mail] = await sql<{ textBody: string }[]>`select text_body from caught_mails where mail_to like ${`%${email}%`}`;
      link = mail && /(http\S+\/confirm-email\?token=\S+)/.exec(mail.textBody)?.[1];
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  expect(link?.startsWith(`${t.stack.baseUrl}/confirm-email?token=`)).toBe(true);
  await page.goto(link!);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await page.waitForURL(`${t.stack.baseUrl}/dashboard`);
  for (const tile of ['cars-listed', 'active-bids', 'won-auctions']) await page.getByTestId(`tile-${tile}`).getByText('0', { exact: true }).waitFor();
  await page.getByTestId('tile-total-spent').getByText('$0').waitFor();
  await page.getByText('place your first bid').waitFor();
  await page.getByText('to put it up for auction').waitFor();
});

it('the assistant gives a tip on the dashboard, and once dismissed stays away after a reload', async () => {
  const context = await t.browser.newContext();
  await signInContext(context, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const page = await context.newPage();
  await page.goto(`${t.stack.baseUrl}/dashboard`);
  await page.getByRole('button', { name: 'Assistant: show a tip' }).click();
  await page.getByTestId('assistant').getByRole('status').waitFor();
  await page.getByRole('button', { name: 'Dismiss the assistant' }).click();
  await page.reload();
  await page.getByTestId('my-active-bids').waitFor();
  expect(await page.getByTestId('assistant').count()).toBe(0);
});
