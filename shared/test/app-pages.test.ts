import { expect, it } from 'vitest';
import { isAppPagePath } from '../src/app-pages.js';

it('knows the pages the router shows, as the router matches them', () => {
  for (const path of [
    '/',
    '/auctions',
    '/auctions/',
    '/Auctions',
    '/listing/12',
    '/listing/abc',
    '/community/3',
    '/how-it-works',
  ])
    expect(isAppPagePath(path), path).toBe(true);
  expect(isAppPagePath('/transaction')).toBe(true);
  expect(isAppPagePath('/transaction/7')).toBe(true);
});

it('knows no other path: an unknown one, a page with a segment too many or too few', () => {
  for (const path of [
    '/no/such/page',
    '/robots',
    '/listing',
    '/listing/',
    '/listing/1/2',
    '/auctionsx',
    '/admin/queues/x',
  ])
    expect(isAppPagePath(path), path).toBe(false);
});
