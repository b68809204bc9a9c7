// Each page's browser title ("Sign In · CarBid"). Pages whose title depends on what they show (a listing, the
// auctions list's view) set their own with usePageTitle and are absent here.
import { pageTitle } from '../lib/page-title';
import { INFO_PAGES } from './routes/info';

const TITLES: Record<string, string | null> = {
  '/': null,
  '/login': 'Sign In',
  '/register': 'Create Account',
  '/confirm-email': 'Confirm Your Email',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Choose a New Password',
  '/account': 'Your Account',
  '/confirm-email-change': 'Confirm Your New Email',
  '/dashboard': 'Dashboard',
  '/admin/login': 'Admin Sign In',
  '/admin': 'Admin',
  '/valuation': 'Car Valuation',
  '/submit': 'Submit Your Car',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-service': 'Terms of Service',
  '/pricing': 'Pricing',
  ...Object.fromEntries(Object.entries(INFO_PAGES).map(([path, p]) => [path, p.title])),
};

const OWN_TITLE = [/^\/auctions$/, /^\/listing\//];

/** The title for a path, or undefined when the page sets its own. */
export function titleForPath(path: string): string | undefined {
  if (OWN_TITLE.some((re) => re.test(path))) return undefined;
  if (path.startsWith('/transaction')) return pageTitle('Escrow');
  return pageTitle(path in TITLES ? TITLES[path] : 'Page Not Found');
}
