import type { Browser, BrowserContext } from 'playwright-core';
import type { Auction } from '@app/shared';

/** Signs a browser context in through the real endpoint; the cookie lands in the context's jar. */
export async function signInContext(context: BrowserContext, baseUrl: string, email: string, password: string): Promise<void> {
  const res = await context.request.post(`${baseUrl}/api/auth/login`, { data: { email, password }, headers: { origin: baseUrl } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}

export async function openAuction(baseUrl: string): Promise<Auction> {
  const list = (await (await fetch(`${baseUrl}/api/auctions?sort=price-low`)).json()) as Auction[];
  const a = list.find(
    (x) => !x.isPremiumOnly && x.auctionType === 'no-reserve' && x.bidCount > 0 && Date.parse(x.endTime) - Date.now() > 10 * 60_000,
  );
  if (!a) throw new Error('no open sample auction');
  return a;
}

/** A new member signed up through the real endpoint in a fresh context; the session cookie lands in its jar. */
export async function registeredContext(browser: Browser, baseUrl: string, name: string): Promise<{ context: BrowserContext; email: string }> {
  const context = await browser.newContext();
  const email = `${name.toLowerCase().replaceAll(' ', '-')}-${Date.now()}@example.test`;
  const res = await context.request.post(`${baseUrl}/api/auth/register`, { data: { name, email, password: 'a-long-enough-password-1' }, headers: { origin: baseUrl } });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return { context, email };
}
