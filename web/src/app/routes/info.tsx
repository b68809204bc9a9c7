import { Link } from 'react-router';
import { Button } from '../../components/ui';

/** Sections that exist in the navigation but whose features are later work: an honest page, never a dead link. */
export function InfoPage({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-700">{text}</p>
      <Button asChild variant="primary" className="mt-8">
        <Link to="/auctions">Browse live auctions</Link>
      </Button>
    </div>
  );
}

export const INFO_PAGES: Record<string, { title: string; text: string }> = {
  '/how-it-works': {
    title: 'How It Works',
    text: 'Browse live auctions, bid in $1,000 steps (a bid in the last two minutes resets the clock to two minutes left), or buy outright with Buy It Now. Payments are held in escrow until you accept the car.',
  },
  '/cookie-policy': {
    title: 'Cookie Policy',
    text: 'We set one session cookie when you sign in (HttpOnly, SameSite=Lax) and nothing for advertising.',
  },
  '/contact': {
    title: 'Contact Support',
    text: 'Email support@carbid.example or call +1 (313) 555-0142, weekdays 8am to 8pm Eastern.',
  },
  '/help': {
    title: 'Help Center',
    text: 'Answers on bidding, soft close, reserves, Buy It Now, escrow and shipping. Forgot your password? Contact support from the address you registered with.',
  },
  '/security': {
    title: 'Security & Trust',
    text: 'Argon2id password hashing, server-side sessions, verified listings and escrow-protected payments.',
  },
  '/accessibility': {
    title: 'Accessibility',
    text: 'The site is keyboard navigable, works on small screens and announces notices to screen readers. Tell us about any barrier you meet.',
  },
  '/sitemap': {
    title: 'Sitemap',
    text: 'Home, Auctions, Community, Submit Car, Trade-In, Dashboard, Privacy Policy, Terms of Service.',
  },
  '/careers': {
    title: 'Careers',
    text: 'We are a small team building the fastest car auction marketplace. Write to us if that sounds like you.',
  },
  '/press': { title: 'Press', text: 'For press enquiries, email press@carbid.example.' },
};

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">404 Page Not Found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Button asChild variant="primary" className="mt-6">
        <Link to="/">Go home</Link>
      </Button>
    </div>
  );
}
