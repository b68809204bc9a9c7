import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USER } from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { openAuction, signInContext } from './support/session.js';

const t = useStackAndBrowser();

async function openChat(page: Page, url: string) {
  await page.goto(url);
  await page.getByTestId('chat-open').click();
  await page.getByTestId('chat-panel').waitFor();
  await page.waitForTimeout(500);
}

it('a message sent in one browser appears in another in under 1 s, and still arrives by polling without the socket', async () => {
  const auction = await openAuction(t.stack.baseUrl);
  const url = `${t.stack.baseUrl}/listing/${auction.id}`;
  const a = await t.browser.newContext();
  const b = await t.browser.newContext();
  await signInContext(a, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  await signInContext(b, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const pa = await a.newPage();
  const pb = await b.newPage();
  await openChat(pa, url);
  await openChat(pb, url);

  await pa.getByTestId('chat-input').fill('Is the <b>second key</b> included?');
  await pa.getByTestId('chat-send').click();
  const sentAt = Date.now();
  await pb.getByTestId('chat-messages').getByText('Is the <b>second key</b> included?').waitFor({ timeout: 15_000 });
  console.log(`chat message shown in the other browser ${Date.now() - sentAt} ms after sending`);
  expect(await pb.locator('[data-testid="chat-messages"] b').count()).toBe(0);

  // A third browser never reaches the gateway: the 2-second poll alone must bring new messages.
  const c = await t.browser.newContext();
  const realtime = new URL(t.stack.realtimeUrl);
  await c.route(`${realtime.origin}/**`, (route) => route.abort());
  const pc = await c.newPage();
  await openChat(pc, url);
  await pa.getByTestId('chat-input').fill('Polling check');
  await pa.getByTestId('chat-send').click();
  await pc.getByTestId('chat-messages').getByText('Polling check').waitFor({ timeout: 10_000 });
  expect(await pc.getByTestId('chat-messages').getByText('Anonymous').count()).toBe(0);
});
