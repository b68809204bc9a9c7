import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_ADMIN_TOTP_SECRET, type Auction } from '@app/shared';
import { createSql } from '@app/infra';
import { totpAt } from '@app/core/identity';

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
    data: { token, password: 'a-long-enough-password-1' },
    headers: { origin: baseUrl },
  });
  if (!confirmed.ok()) throw new Error(`confirmation failed: ${confirmed.status()} ${await confirmed.text()}`);
  return { context, email };
}

/** The token of the confirmation link mailed to `email`, waiting for the mail job to deliver it. */
export const mailedConfirmationToken = (databaseUrl: string, email: string): Promise<string> =>
  mailedToken(databaseUrl, email, '/confirm-email');

/** The token of the newest link to `path` (such as `/reset-password`) mailed to `email`, waiting for its mail. */
export async function mailedToken(databaseUrl: string, email: string, path: string): Promise<string> {
  const sql = createSql(databaseUrl, { max: 1 });
  const pattern = new RegExp(`${path.replaceAll('/', '\\/')}\\?token=(\\S+)`);
  try {
    for (let i = 0; i < 150; i++) {
      const mails = await sql<{ textBody: string }[]>`
        select text_body from caught_mails where mail_to like ${`%${email}%`} order by id desc`;
      for (const mail of mails) {
        const token = pattern.exec(mail.textBody)?.[1];
        if (token) return decodeURIComponent(token);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no mail with a ${path} link reached ${email}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * A code from the demo admin's authenticator (its published development key) that the account has not used yet: each
 * time step's code works once, so a test signing in again in the same 30 seconds takes the next step's (accepted one
 * step ahead), or waits for one.
 */
export async function demoAdminCode(databaseUrl: string): Promise<string> {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    const [row] = await sql<{ last: string | null }[]>`
      select totp_last_step::text as last from admin_users where email = ${DEMO_ADMIN.email}`;
    const last = row?.last == null ? -1 : Number(row.last);
    for (;;) {
      const now = Math.floor(Date.now() / 30_000);
      const step = Math.max(now, last + 1);
      if (step <= now + 1) return totpAt(DEMO_ADMIN_TOTP_SECRET, step * 30_000);
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Signs a browser context in as the demo admin through the real endpoints: the password, then a code. */
export async function signInDemoAdmin(
  context: BrowserContext,
  stack: { baseUrl: string; databaseUrl: string },
): Promise<void> {
  const headers = { origin: stack.baseUrl };
  const res = await context.request.post(`${stack.baseUrl}/api/admin/login`, {
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    headers,
  });
  if (!res.ok()) throw new Error(`admin sign-in failed: ${res.status()} ${await res.text()}`);
  const { secondFactor } = (await res.json()) as { secondFactor: { challenge: string } };
  const coded = await context.request.post(`${stack.baseUrl}/api/admin/login/second-factor`, {
    data: { challenge: secondFactor.challenge, code: await demoAdminCode(stack.databaseUrl) },
    headers,
  });
  if (!coded.ok()) throw new Error(`admin code refused: ${coded.status()} ${await coded.text()}`);
}

/** The admin sign-in page's second step, as the demo admin types it from the authenticator app. */
export async function enterDemoAdminCode(page: Page, databaseUrl: string): Promise<void> {
  await page.getByLabel('Authentication code').fill(await demoAdminCode(databaseUrl));
  await page.getByRole('button', { name: 'Verify' }).click();
}
