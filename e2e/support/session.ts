import type { Browser, BrowserContext } from 'playwright-core';
import type { Auction } from '@app/shared';
import { createSql } from '@app/infra';

/** Signs a browser context in through the real endpoint; the cookie lands in the context's jar. */
export async function signInContext(
  context: BrowserContext,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  const res = await context.request.post(`${baseUrl}/api/auth/login`, {
    data: { email, password },
    headers: { origin: baseUrl },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}

export async function openAuction(baseUrl: string): Promise<Auction> {
  const list = (await (await fetch(`${baseUrl}/api/auctions?sort=price-low`)).json()) as Auction[];
  const a = list.find(
    (x) =>
      !x.isPremiumOnly &&
      x.auctionType === 'no-reserve' &&
      x.bidCount > 0 &&
      Date.parse(x.endTime) - Date.now() > 10 * 60_000,
  );
  if (!a) throw new Error('no open sample auction');
  return a;
}

/**
 * A new member made the way a person makes one: signed up through the real endpoint, the confirmation link read from
 * the development mail catcher, and confirmed in a fresh context, whose jar then holds the session cookie.
 */
export async function registeredContext(
  browser: Browser,
  stack: { baseUrl: string; databaseUrl: string },
  name: string,
): Promise<{ context: BrowserContext; email: string }> {
  const { baseUrl } = stack;
  const context = await browser.newContext();
  const email = `${name.toLowerCase().replaceAll(' ', '-')}-${Date.now()}@example.test`;
  const res = await context.request.post(`${baseUrl}/api/auth/register`, {
    data: { name, email, password: 'a-long-enough-password-1' },
    headers: { origin: baseUrl },
  });
  if (res.status() !== 202) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const token = await mailedConfirmationToken(stack.databaseUrl, email);
  const confirmed = await context.request.post(`${baseUrl}/api/auth/confirm-email`, {
    data: { token },
    headers: { origin: baseUrl },
  });
  if (!confirmed.ok()) throw new Error(`confirmation failed: ${confirmed.status()} ${await confirmed.text()}`);
  return { context, email };
}

/** The token of the confirmation link mailed to `email`, waiting for the mail job to deliver it. */
export async function mailedConfirmationToken(databaseUrl: string, email: string): Promise<string> {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    for (let i = 0; i < 150; i++) {
      const [mail] = await sql<
        { textBody: string }[]
      >`select text_body from caught_mails where mail_to like ${`%${email}%`}`;
      const token = mail && /\/confirm-email\?token=(\S+)/.exec(mail.textBody)?.[1];
      if (token) return decodeURIComponent(token);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no confirmation mail reached ${email}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
