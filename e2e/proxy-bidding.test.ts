import { expect, it } from 'vitest';
import { DEMO_USER, toCents, type Auction } from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext } from './support/session.js';

const t = useStackAndBrowser();

async function bmw(baseUrl: string): Promise<Auction> {
  const list = (await (await fetch(`${baseUrl}/api/auctions`)).json()) as Auction[];
  const a = list.find((x) => x.car.year === 2022 && x.car.make === 'BMW' && x.car.model === 'M4 Competition');
  if (!a) throw new Error('the sample 2022 BMW M4 Competition is missing');
  return a;
}

it('a maximum keeps its owner leading without acting, until a higher bid outbids it and the owner sees the outbid toast', async () => {
  const { baseUrl } = t.stack;
  const auction = await bmw(baseUrl);
  expect(toCents(auction.currentBid)).toBeLessThanOrEqual(59_000_00);

  const a = await t.browser.newContext();
  await signInContext(a, baseUrl, DEMO_USER.email, DEMO_USER.password);
  const page = await a.newPage();
  await page.goto(`${baseUrl}/listing/${auction.id}`);
  await page.getByRole('button', { name: 'Open bid dialog' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Set max bid').first().waitFor();
  await dialog.getByText('Nobody else sees it', { exact: false }).waitFor();
  await dialog.getByTestId('max-bid-amount').fill('80000');
  await dialog.getByTestId('set-max-bid').click();
  const yourMax = page.getByTestId('your-max');
  await yourMax.getByText("Your max: $80,000 — you're leading").waitFor({ timeout: 10_000 });

  const b = await t.browser.newContext();
  await signInContext(b, baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const bidAsB = async (amount: string) => {
    const res = await b.request.post(`${baseUrl}/api/bids`, {
      data: { auctionId: auction.id, amount },
      headers: { origin: baseUrl },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { leading: boolean };
  };
  // B bids below A's maximum: A's maximum answers at once, A does nothing.
  expect((await bidAsB('70000')).leading).toBe(false);
  const history = page.getByTestId('bid-history');
  await history.getByText('$71,000').waitFor({ timeout: 10_000 });
  expect(await history.locator('li').first().getByTestId('proxy-bid').count()).toBe(1);
  await page.waitForTimeout(1000);
  expect(await yourMax.textContent()).toBe("Your max: $80,000 — you're leading");
  expect(await page.getByTestId('toast').getByText("You've been outbid", { exact: false }).count()).toBe(0);

  // B bids above it: A is outbid once, with the new price.
  expect((await bidAsB('85000')).leading).toBe(true);
  await page
    .getByTestId('toast')
    .getByText("You've been outbid on 2022 BMW M4 Competition: $85,000")
    .waitFor({ timeout: 8000 });
  await yourMax.getByText("Your max: $80,000 — you've been outbid").waitFor({ timeout: 10_000 });
  const notices = (await (await a.request.get(`${baseUrl}/api/notifications`)).json()) as unknown;
  expect(JSON.stringify(notices).match(/You've been outbid/g) ?? []).toHaveLength(1);
  await a.close();
  await b.close();
});

it('a maximum set while already leading shows "Your max" from the PUT\'s answer, with no request to read it again', async () => {
  const { baseUrl } = t.stack;
  const list = (await (await fetch(`${baseUrl}/api/auctions`)).json()) as Auction[];
  const auction = list.find((x) => x.status === 'active' && !x.isPremiumOnly && x.car.model !== 'M4 Competition');
  if (!auction) throw new Error('no open sample auction');
  const leadCents = toCents(auction.currentBid) + 5_000_00;
  const maxDollars = leadCents / 100 + 20_000;

  const a = await t.browser.newContext();
  await signInContext(a, baseUrl, DEMO_USER.email, DEMO_USER.password);
  const bid = await a.request.post(`${baseUrl}/api/bids`, {
    data: { auctionId: auction.id, amount: String(leadCents / 100) },
    headers: { origin: baseUrl },
  });
  expect(bid.status(), await bid.text()).toBe(201);
  expect(((await bid.json()) as { leading: boolean }).leading).toBe(true);

  const page = await a.newPage();
  const reads: string[] = [];
  let putAnswered = false;
  page.on('request', (r) => {
    if (putAnswered && r.method() === 'GET' && r.url().includes(`/api/auctions/${auction.id}/max-bid`))
      reads.push(r.url());
  });
  await page.goto(`${baseUrl}/listing/${auction.id}`);
  await page.getByRole('button', { name: 'Open bid dialog' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Nobody else sees it', { exact: false }).waitFor();
  const put = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes(`/api/auctions/${auction.id}/max-bid`),
  );
  await dialog.getByTestId('max-bid-amount').fill(String(maxDollars));
  await dialog.getByTestId('set-max-bid').click();
  expect((await put).status()).toBe(200);
  putAnswered = true;
  await page
    .getByTestId('your-max')
    .getByText(`Your max: $${maxDollars.toLocaleString('en-US')} — you're leading`)
    .waitFor({ timeout: 10_000 });
  await page.waitForTimeout(1000);
  expect(reads).toEqual([]);
  await a.close();
});
