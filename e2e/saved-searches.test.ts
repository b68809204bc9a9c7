// A member filters /auctions by make and price, saves the search under a name, and finds it on the dashboard with the
// number of live auctions it finds; deleting it there removes it. The pages the browser opened carry their
// server-rendered head (fetched here as a crawler would, without JavaScript) and raise no CSP report (harness).
import { expect, it } from 'vitest';
import { formatCents, toCents, type Auction } from '@app/shared';
import { useStackAndBrowser } from './support/harness.js';
import { registeredContext } from './support/session.js';

const t = useStackAndBrowser();

it('saves a search on /auctions and shows it on the dashboard with its count of live matches', async () => {
  const live = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const make = live[0]!.car.make;
  const maxPrice = 500_000;
  const expected = (await (
    await fetch(`${t.stack.baseUrl}/api/auctions?make=${encodeURIComponent(make)}&maxPrice=${maxPrice}`)
  ).json()) as Auction[];
  expect(expected.length).toBeGreaterThan(0);

  const { context } = await registeredContext(t.browser, t.stack, 'Search Saver');
  const page = await context.newPage();
  await page.goto(`${t.stack.baseUrl}/auctions`);
  await page.getByTestId('auction-card').first().waitFor();
  await page.getByTestId('filter-make').fill(make);
  await page.getByTestId('filter-maxPrice').fill(String(maxPrice));
  await page.getByTestId('apply-filters').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('make')).toBe(make);
  // The narrowed list is read once the filters are in the URL (seconds on a busy machine).
  await expect.poll(() => page.getByTestId('auction-card').count(), { timeout: 15_000 }).toBe(expected.length);

  await page.getByTestId('save-search').click();
  await page.getByTestId('saved-search-name').fill(`Every ${make}`);
  await page.getByTestId('saved-search-submit').click();
  await page.getByTestId('toast').getByText('Search saved').waitFor();

  await page.goto(`${t.stack.baseUrl}/dashboard`);
  const row = page.getByTestId('saved-search-row');
  await row.getByText(`Every ${make}`).waitFor();
  const matches = `${expected.length} live ${expected.length === 1 ? 'match' : 'matches'}`;
  await row.getByTestId('saved-search-matches').getByText(matches).waitFor();
  expect(await row.textContent()).toContain(`${formatCents(maxPrice * 100)} or less`);

  // Its link opens the list it finds.
  await row.getByTestId('saved-search-matches').click();
  // The narrowed list is read once the filters are in the URL (seconds on a busy machine).
  await expect.poll(() => page.getByTestId('auction-card').count(), { timeout: 15_000 }).toBe(expected.length);
  expect(await page.getByTestId('filter-make').inputValue()).toBe(make);

  await page.goto(`${t.stack.baseUrl}/dashboard`);
  await page.getByRole('button', { name: `Delete saved search Every ${make}` }).click();
  await page.getByText('No saved searches yet').waitFor();
  await context.close();
});

it('answers a listing to a client without JavaScript with its title, price and photo in the head', async () => {
  const live = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const a = live.find((x) => x.car.images.length > 0)!;
  const html = await (await fetch(`${t.stack.baseUrl}/listing/${a.id}`)).text();
  const title = `${a.car.year} ${a.car.make} ${a.car.model}`;
  const price = formatCents(toCents(a.bidCount === 0 ? a.startingBid : a.currentBid));
  expect(html).toContain(
    `<title>${title} · ${a.bidCount === 0 ? 'Starting' : 'Current'} bid ${price} | CarBid</title>`,
  );
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+" \/>/);
  expect(html).toContain('"@type":"Vehicle"');

  // The app boots from that page as before.
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/listing/${a.id}`);
  await page.getByRole('heading', { name: title }).first().waitFor();
  await page.close();
});
