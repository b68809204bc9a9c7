import type { BrowserContext } from 'playwright-core';
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
