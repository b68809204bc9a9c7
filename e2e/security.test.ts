import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Auction } from '@app/shared';
import { useStackAndBrowser } from './support/harness.js';
import { signInDemoAdmin } from './support/session.js';

const t = useStackAndBrowser();

interface CspReport {
  'document-uri'?: string;
  'violated-directive'?: string;
  'effective-directive'?: string;
  'blocked-uri'?: string;
}
const reportOf = (r: unknown): CspReport => (r as { 'csp-report'?: CspReport })['csp-report'] ?? {};

/** Takes the reports browsers sent to /api/csp-reports until `done` holds (they arrive a moment after the violation). */
async function takeReportsUntil(done: (reports: CspReport[]) => boolean): Promise<CspReport[]> {
  const taken: CspReport[] = [];
  for (let i = 0; i < 100 && !done(taken); i++) {
    taken.push(...t.stack.takeCspReports().map(reportOf));
    if (!done(taken)) await new Promise((r) => setTimeout(r, 100));
  }
  return taken;
}

async function frameFrom(page: Page, path: string): Promise<{ rendered: number; refusedInConsole: boolean }> {
  const refused: string[] = [];
  const listen = (m: { text(): string }) => {
    if (/frame-ancestors|X-Frame-Options/i.test(m.text())) refused.push(m.text());
  };
  page.on('console', listen);
  // A page of another origin (about:blank written by the test) that frames a page of the app.
  await page.setContent(`<iframe id="victim" src="${t.stack.baseUrl}${path}" width="800" height="600"></iframe>`);
  // The refusal is logged once the framed page's answer is in: seconds on a busy machine.
  for (const end = Date.now() + 15_000; refused.length === 0 && Date.now() < end;) await page.waitForTimeout(100);
  page.off('console', listen);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  // Nothing of the app is in the frame: the browser shows its own error page there, never the app's root.
  const rendered = frame
    ? await frame
        .locator('#root *')
        .count()
        .catch(() => 0)
    : 0;
  return { rendered, refusedInConsole: refused.length > 0 };
}

it('refuses to be framed by another site on any page (home, a listing, the admin portal), and the browser reports each refusal', async () => {
  const [auction] = (await (await fetch(`${t.stack.baseUrl}/api/auctions`)).json()) as Auction[];
  const paths = ['/', `/listing/${auction!.id}`, '/admin', '/auctions'];
  for (const path of paths) {
    const page = await t.browser.newPage();
    const framed = await frameFrom(page, path);
    expect(framed, path).toEqual({ rendered: 0, refusedInConsole: true });
    await page.close();
  }
  // Each refusal reached /api/csp-reports as a frame-ancestors violation (the browser names only our origin to the
  // framing site, not the path); taking them clears the harness's own check, which must see no other violation.
  const reports = await takeReportsUntil((r) => r.length >= paths.length);
  expect(reports.map((r) => [r['document-uri'], r['effective-directive'] ?? r['violated-directive']])).toEqual(
    paths.map(() => [`${t.stack.baseUrl}/`, 'frame-ancestors']),
  );
});

it('delivers a deliberate violation to /api/csp-reports: an injected inline script is blocked and reported', async () => {
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/auctions`);
  await page.getByRole('heading', { name: 'Live Auctions' }).waitFor();
  // What stored XSS would try: an inline script added to the page.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.injectedRan = true';
    document.body.appendChild(s);
  });
  const reports = await takeReportsUntil((r) => r.length > 0);
  expect(await page.evaluate(() => (window as unknown as { injectedRan?: boolean }).injectedRan)).toBeUndefined();
  expect(reports).toHaveLength(1);
  expect(reports[0]).toMatchObject({ 'document-uri': `${t.stack.baseUrl}/auctions` });
  expect(reports[0]!['effective-directive'] ?? reports[0]!['violated-directive']).toMatch(/^script-src/);
  await page.close();
});

it('serves the API documentation at /api-docs, rendered by Swagger UI under the same CSP, listing the routes', async () => {
  const page = await t.browser.newPage();
  await page.goto(`${t.stack.baseUrl}/api-docs`);
  await page.getByText('/api/bids').first().waitFor({ timeout: 20_000 });
  for (const path of ['/api/auctions/{id}', '/api/escrow/complete-milestone', '/api/admin/escrows']) {
    expect(await page.getByText(path, { exact: true }).count()).toBeGreaterThan(0);
  }
  await page.close();
});

it('shows the queue dashboard to an admin with nothing the CSP blocks: no font or style from another site', async () => {
  const context = await t.browser.newContext();
  await signInDemoAdmin(context, t.stack);
  const page = await context.newPage();
  // Seen in the page itself as well as in the reports the browser sends.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(t.stack.baseUrl) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  await page.goto(`${t.stack.baseUrl}/admin/queues`);
  await page.getByText('auction-close').first().waitFor({ timeout: 20_000 });
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(foreign).toEqual([]);
  expect(t.stack.cspReports()).toEqual([]);
  await context.close();
});
