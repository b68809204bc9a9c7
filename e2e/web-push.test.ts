// The installable app and web push in Chromium: the manifest and the service worker pass the browser's own
// installability checks (DevTools protocol), a push delivered to the worker shows a notification with the notice's
// text, opening it brings up the listing, and a navigation without network gets the offline page.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { DEMO_USER, type Auction } from '@app/shared';
import { launchProfileBrowser } from './support/browser.js';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext } from './support/session.js';

const t = useStackAndBrowser();
let profile: { dir: string; context: BrowserContext } | null = null;
afterAll(async () => {
  await profile?.context.close();
  if (profile) await rm(profile.dir, { recursive: true, force: true });
});

/** The service worker's global scope, as much of it as the test reads. */
interface WorkerScope {
  registration: {
    getNotifications(): Promise<{ title: string; body: string; data: { url: string } }[]>;
  };
  openNotification(n: unknown): Promise<unknown>;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    v = await read();
  }
  return v;
}

it('is installable, shows a pushed notice as a notification, opens its listing on click, and has an offline page', async () => {
  const { baseUrl } = t.stack;
  const [auction] = (await (await fetch(`${baseUrl}/api/auctions`)).json()) as Auction[];
  const dir = await mkdtemp(join(tmpdir(), 'carbid-profile-'));
  const context = await launchProfileBrowser(dir);
  profile = { dir, context };
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');

  await page.goto(`${baseUrl}/`);
  // Registered after load, then in control of the page (clients.claim on activation).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if (navigator.serviceWorker.controller) resolve();
        else navigator.serviceWorker.addEventListener('controllerchange', () => resolve());
      }),
  );

  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.url).toBe(`${baseUrl}/manifest.webmanifest`);
  expect(manifest.errors).toEqual([]);
  const installable = await until(
    () => cdp.send('Page.getInstallabilityErrors'),
    (r) => r.installabilityErrors.length === 0,
    15_000,
  );
  expect(installable.installabilityErrors).toEqual([]);

  const registration = registrations.find((r) => r.scopeURL === `${baseUrl}/`);
  expect(registration).toBeDefined();
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const text = `You've been outbid on ${auction!.car.year} ${auction!.car.make} ${auction!.car.model}: $99,000`;
  // The DevTools delivery is lost now and then when it reaches a worker Chromium is still waking (2 runs in 6 on a
  // loaded machine showed nothing): it is delivered again, as a push service redelivers an unacknowledged message. The
  // notice's tag makes a repeat replace the first, so "exactly one notification" below still holds.
  const read = () =>
    worker.evaluate(() =>
      (self as unknown as WorkerScope).registration
        .getNotifications()
        .then((ns) => ns.map((n) => ({ title: n.title, body: n.body, data: n.data }))),
    );
  let shown = await read();
  for (let attempt = 0; attempt < 3 && shown.length === 0; attempt++) {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl,
      registrationId: registration!.registrationId,
      data: JSON.stringify({ title: 'CarBid', body: text, url: `/listing/${auction!.id}`, tag: 'notice-1' }),
    });
    shown = await until(read, (ns) => ns.length > 0, 4000);
  }
  expect(shown).toEqual([{ title: 'CarBid', body: text, data: { url: `/listing/${auction!.id}` } }]);

  // The notificationclick handler's own work, run on the shown notification: the open tab goes to the listing.
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [n] = await scope.registration.getNotifications();
    await scope.openNotification(n);
  });
  await page.waitForURL(`${baseUrl}/listing/${auction!.id}`);
  await page
    .getByRole('heading', { name: new RegExp(auction!.car.model) })
    .first()
    .waitFor();
  // Opened, the notification is closed.
  expect(
    await worker.evaluate(() =>
      (self as unknown as WorkerScope).registration.getNotifications().then((ns) => ns.length),
    ),
  ).toBe(0);

  // A push that names a page elsewhere opens the home page instead.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseUrl,
    registrationId: registration!.registrationId,
    data: JSON.stringify({ title: 'CarBid', body: 'x', url: 'https://evil.example/' }),
  });
  const elsewhere = await until(
    () =>
      worker.evaluate(() =>
        (self as unknown as WorkerScope).registration.getNotifications().then((ns) => ns.map((n) => n.data)),
      ),
    (ns) => ns.length > 0,
    15_000,
  );
  expect(elsewhere).toEqual([{ url: '/' }]);

  // No network: a navigation gets the offline page the worker kept.
  await context.setOffline(true);
  await page.goto(`${baseUrl}/auctions`);
  await page.getByTestId('offline-shell').getByText('You are offline').waitFor();
  await context.setOffline(false);
});

it('/settings/notifications offers push on this device and keeps the daily digest hour and time zone', async () => {
  const { baseUrl } = t.stack;
  const context = await t.browser.newContext({ timezoneId: 'Europe/Berlin' });
  await signInContext(context, baseUrl, DEMO_USER.email, DEMO_USER.password);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/settings/notifications`);
  await page.getByRole('heading', { name: 'Push notifications' }).waitFor();
  await page.getByTestId('push-on').waitFor();
  const form = page.getByTestId('digest-form');
  // Never turned on: offered the browser's time zone.
  await expect.poll(() => form.getByLabel('Time zone').inputValue()).toBe('Europe/Berlin');
  await form.getByLabel('Send me the daily digest').check();
  await form.getByLabel('At').selectOption('7');
  await form.getByRole('button', { name: 'Save digest' }).click();
  await page.getByTestId('toast').getByText('Daily digest saved').waitFor();
  await page.reload();
  await expect.poll(() => form.getByLabel('At').inputValue()).toBe('7');
  expect(await form.getByLabel('Send me the daily digest').isChecked()).toBe(true);
  const saved = (await (await context.request.get(`${baseUrl}/api/settings/digest`)).json()) as unknown;
  expect(saved).toEqual({ enabled: true, hour: 7, timeZone: 'Europe/Berlin' });
  // A time zone the server does not know is refused under the field.
  await form.getByLabel('Time zone').fill('Mars/Olympus');
  await form.getByRole('button', { name: 'Save digest' }).click();
  await form.getByText('must be an IANA time zone').waitFor();
  await context.close();
});
