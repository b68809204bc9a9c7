// The web app's pages, by path pattern as its router declares them (web/src/app/router.tsx; a web test keeps the two
// equal). The server answers any other path 404, still with the app, which shows its 404 page: a crawler or a link
// checker is never told that a missing page exists.
export const APP_PAGE_PATHS = [
  '/',
  '/auctions',
  '/listing/:id',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/account',
  '/confirm-email-change',
  '/confirm-email',
  '/dashboard',
  '/admin/login',
  '/admin',
  '/valuation',
  '/submit',
  '/trade-in',
  '/transaction/:auctionId',
  '/transaction',
  '/settings/notifications',
  '/unsubscribe',
  '/admin/mail',
  '/privacy-policy',
  '/terms-of-service',
  '/community',
  '/community/:id',
  '/pricing',
  '/how-it-works',
  '/cookie-policy',
  '/contact',
  '/help',
  '/security',
  '/accessibility',
  '/sitemap',
  '/careers',
  '/press',
] as const;

const segments = (path: string) => path.split('/').filter((s) => s !== '');
const PATTERNS = APP_PAGE_PATHS.map(segments);

/**
 * Whether the router shows one of its pages (not the 404 page) for `path`: as the router matches, letter case and a
 * trailing slash aside, a `:name` segment standing for any one non-empty segment.
 */
export function isAppPagePath(path: string): boolean {
  const parts = segments(path.toLowerCase());
  return PATTERNS.some((p) => p.length === parts.length && p.every((s, i) => s.startsWith(':') || s === parts[i]));
}

/**
 * The id of the `<script type="application/json">` in which a page's HTML hands the app the API answers its first
 * screen was drawn from (the API draws /auctions' and /community's with their data; the app starts from them).
 */
export const FIRST_ANSWERS_ID = 'first-answers';
