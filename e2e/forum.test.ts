import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USER } from '@app/shared';
import { DEMO_PREMIUM_USER } from '@app/infra';
import { useStackAndBrowser } from './support/harness.js';
import { signInContext, signInDemoAdmin } from './support/session.js';

const t = useStackAndBrowser();

const countOf = async (page: Page, category: string) =>
  Number((await page.getByTestId(`forum-count-${category}`).innerText()).replace(/\D/g, ''));

/**
 * Resolves once the gateway has answered the page's next watch of the forum's list (Socket.IO's acknowledgement of
 * `forum:watch`): the socket is in the room, so a post published from then on reaches the page live. Called before
 * the page navigates.
 */
function watchingForum(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on('websocket', (ws) => {
      const asked = new Set<string>();
      ws.on('framesent', ({ payload }) => {
        const m = typeof payload === 'string' ? /^42(\d+)\["forum:watch",\{\}\]$/.exec(payload) : null;
        if (m) asked.add(m[1]!);
      });
      ws.on('framereceived', ({ payload }) => {
        const m = typeof payload === 'string' ? /^43(\d+)\[\{"ok":true/.exec(payload) : null;
        if (m && asked.has(m[1]!)) resolve();
      });
    }),
  );
}

it('a new post tops its category with the count raised; replies and likes reach another browser live; search marks matches; Load More appends; a reported post hidden by an admin', async () => {
  const a = await t.browser.newContext();
  const b = await t.browser.newContext();
  await signInContext(a, t.stack.baseUrl, DEMO_USER.email, DEMO_USER.password);
  await signInContext(b, t.stack.baseUrl, DEMO_PREMIUM_USER.email, DEMO_PREMIUM_USER.password);
  const pa = await a.newPage();
  const pb = await b.newPage();

  // The seeded forum fills more than one page: Load More Posts appends the next one.
  await pa.goto(`${t.stack.baseUrl}/community`);
  await pa.getByTestId('forum-post').first().waitFor();
  expect(await pa.getByTestId('forum-post').count()).toBe(10);
  const before = await countOf(pa, 'technical');
  const all = await countOf(pa, 'all');
  await pa.getByRole('button', { name: 'Load More Posts' }).click();
  await pa.waitForFunction((n) => document.querySelectorAll('[data-testid="forum-post"]').length === n, all);
  expect(await pa.getByRole('button', { name: 'Load More Posts' }).count()).toBe(0);

  // A second browser on the list hears of the new post without its list jumping.
  const pbWatching = watchingForum(pb);
  await pb.goto(`${t.stack.baseUrl}/community`);
  await pb.getByTestId('forum-post').first().waitFor();
  await pbWatching;

  await pa.getByRole('button', { name: 'New Post' }).click();
  await pa.locator('input[name="title"]').fill('Garage lift for a low car?');
  await pa.locator('select[name="category"]').selectOption('technical');
  await pa.locator('input[name="tags"]').fill('garage, lift');
  await pa
    .locator('textarea[name="content"]')
    .fill('Looking at two-post lifts.\n\nMy Quattroporte sits very low: <b>which arms</b> reach the jacking points?');
  await pa.getByRole('button', { name: 'Publish' }).click();
  await pa.getByTestId('forum-tab-technical').and(pa.locator('[aria-selected="true"]')).waitFor();
  const first = pa.getByTestId('forum-post').first();
  await first.getByText('Garage lift for a low car?').waitFor();
  await pa.waitForFunction(
    (n) => document.querySelector('[data-testid="forum-count-technical"]')?.textContent === `(${n})`,
    before + 1,
  );
  const postId = Number(await first.getAttribute('data-post-id'));

  await pb.getByTestId('forum-new-posts').getByText('1 new post').waitFor({ timeout: 10_000 });
  expect(await pb.getByTestId('forum-post').count()).toBe(10);
  expect(await countOf(pb, 'technical')).toBe(before + 1);
  await pb.getByTestId('forum-new-posts').click();
  await pb.getByTestId('forum-post').first().getByText('Garage lift for a low car?').waitFor();

  // Both on the discussion: a reply and a like from one appear in the other without a reload.
  await pb.goto(`${t.stack.baseUrl}/community/${postId}`);
  await pb.getByTestId('discussion').waitFor();
  expect(await pb.locator('[data-testid="discussion"] b').count()).toBe(0);
  await pb.getByText('<b>which arms</b>', { exact: false }).waitFor();
  await pa.goto(`${t.stack.baseUrl}/community/${postId}`);
  await pa.getByTestId('discussion').waitFor();
  await pb.waitForTimeout(500);
  await pa.locator('textarea[name="reply"]').fill('Go for a mid-rise scissor lift; arms never fit under side skirts.');
  await pa.getByRole('button', { name: 'Post Reply' }).click();
  await pb.getByTestId('replies').getByText('Go for a mid-rise scissor lift').waitFor({ timeout: 10_000 });
  expect(await pb.getByTestId('reply-count').innerText()).toBe('1');

  await pb.getByTestId('discussion').getByRole('button', { name: /Like/ }).click();
  await pa.waitForFunction(
    () => document.querySelector('[data-testid="discussion"] [data-testid="like-count"]')?.textContent === '1',
    null,
    { timeout: 10_000 },
  );

  // Search: the matched word is marked in the card, as text.
  await pa.goto(`${t.stack.baseUrl}/community`);
  await pa.getByRole('searchbox', { name: 'Search discussions' }).fill('quattroporte');
  const match = pa.getByTestId('search-match').first();
  await match.waitFor();
  expect(await match.innerText()).toBe('Quattroporte');
  expect(await pa.getByTestId('forum-post').count()).toBe(1);

  // Moderation: a member reports it, an admin hides it from the security tab; the author still sees it, marked.
  await pb.getByTestId('discussion').getByRole('button', { name: 'Report' }).click();
  await pb.getByText('Report sent').first().waitFor();
  const admin = await t.browser.newContext();
  await signInDemoAdmin(admin, t.stack);
  const pAdmin = await admin.newPage();
  await pAdmin.goto(`${t.stack.baseUrl}/admin`);
  await pAdmin.getByRole('tab', { name: 'security' }).click();
  const report = pAdmin.getByTestId('forum-reports').locator('li', { hasText: 'Garage lift for a low car?' });
  await report.getByRole('button', { name: 'Hide' }).click();
  await report.getByRole('button', { name: 'Show again' }).waitFor();
  await pb.reload();
  await pb.getByText('Discussion not found').waitFor();
  await pa.goto(`${t.stack.baseUrl}/community/${postId}`);
  await pa.getByTestId('discussion').getByText('Hidden by a moderator').waitFor();
});
