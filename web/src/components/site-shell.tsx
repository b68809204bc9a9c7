import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Dialog } from 'radix-ui';
import { Menu, X, Gavel } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { SUPPORT_CONTACT } from '@app/shared';
import { apiRequest } from '../lib/api-client';
import { ME_KEY, useMe } from '../lib/session';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/auctions', label: 'Auctions' },
  { to: '/community', label: 'Community' },
  { to: '/submit', label: 'Submit Car' },
  { to: '/trade-in', label: 'Trade-In' },
  { to: '/dashboard', label: 'Dashboard' },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-white/15 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white'}`;

function Account({ onNavigate }: { onNavigate?: () => void }) {
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = me.data?.user;
  if (user) {
    return (
      <div className="flex items-center gap-3">
        <span className="text-sm text-slate-200" data-testid="signed-in-user">{user.name}</span>
        <button
          className="rounded-md border border-white/30 px-3 py-1.5 text-sm text-white hover:bg-white/10"
          onClick={async () => {
            await apiRequest('POST', '/api/auth/logout');
            queryClient.setQueryData(ME_KEY, null);
            onNavigate?.();
            void navigate('/');
          }}
        >
          Logout
        </button>
      </div>
    );
  }
  return (
    <Link to="/login" onClick={onNavigate} className="rounded-md border border-white/30 px-3 py-1.5 text-sm text-white hover:bg-white/10">
      Login
    </Link>
  );
}

function Header() {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 bg-ink/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-white">
          <Gavel className="h-6 w-6 text-amber-400" aria-hidden /> CarBid
        </Link>
        <nav className="hidden items-center gap-1 lg:flex" aria-label="Main">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} end={n.to === '/'} className={navClass}>
              {n.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-3 lg:flex">
          <Account />
          <Link to="/submit" className="rounded-md bg-amber-400 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-amber-300">
            List Your Car
          </Link>
        </div>
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger className="rounded-md p-2 text-white lg:hidden" aria-label="Open menu">
            <Menu className="h-6 w-6" />
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
            <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-72 flex-col gap-2 bg-ink p-4">
              <div className="mb-2 flex items-center justify-between">
                <Dialog.Title className="font-semibold text-white">Menu</Dialog.Title>
                <Dialog.Close className="p-1 text-white" aria-label="Close menu">
                  <X className="h-5 w-5" />
                </Dialog.Close>
              </div>
              <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
              {NAV.map((n) => (
                <NavLink key={n.to} to={n.to} end={n.to === '/'} className={navClass} onClick={() => setOpen(false)}>
                  {n.label}
                </NavLink>
              ))}
              <div className="mt-4 flex flex-col gap-3">
                <Account onNavigate={() => setOpen(false)} />
                <Link to="/submit" onClick={() => setOpen(false)} className="rounded-md bg-amber-400 px-3 py-2 text-center text-sm font-semibold text-slate-900">
                  List Your Car
                </Link>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </header>
  );
}

const FOOTER_COLUMNS: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: 'Marketplace',
    links: [
      { to: '/auctions', label: 'Browse Auctions' },
      { to: '/submit', label: 'Sell Your Car' },
      { to: '/dashboard', label: 'Dealer Dashboard' },
      { to: '/how-it-works', label: 'How It Works' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/api-docs', label: 'API Docs' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/contact', label: 'Contact Support' },
      { to: '/help', label: 'Help Center' },
      { to: '/security', label: 'Security & Trust' },
      { to: '/accessibility', label: 'Accessibility' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/careers', label: 'Careers' },
      { to: '/press', label: 'Press' },
      { to: '/sitemap', label: 'Sitemap' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/cookie-policy', label: 'Cookie Policy' },
    ],
  },
];

function Footer() {
  return (
    <footer className="mt-16 bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <p className="text-lg font-bold text-white">CarBid</p>
          <p className="mt-2 text-sm">Live car auctions for dealers, collectors and enthusiasts.</p>
          <div className="mt-4 flex gap-3 text-sm">
            <a href="https://x.com" rel="noreferrer" className="hover:text-white">X</a>
            <a href="https://facebook.com" rel="noreferrer" className="hover:text-white">Facebook</a>
            <a href="https://instagram.com" rel="noreferrer" className="hover:text-white">Instagram</a>
            <a href="https://youtube.com" rel="noreferrer" className="hover:text-white">YouTube</a>
          </div>
        </div>
        {FOOTER_COLUMNS.map((col) => (
          <div key={col.title}>
            <p className="font-semibold text-white">{col.title}</p>
            <ul className="mt-3 space-y-2 text-sm">
              {col.links.map((l) => (
                <li key={l.to}>
                  {/* The API docs are served by the API itself, not by the app's router. */}
                  <Link to={l.to} reloadDocument={l.to === '/api-docs'} className="hover:text-white">{l.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:justify-between">
          <span>
            <a href={`mailto:${SUPPORT_CONTACT.email}`} className="hover:text-white">{SUPPORT_CONTACT.email}</a> · {SUPPORT_CONTACT.phone} ·{' '}
            {SUPPORT_CONTACT.address}
          </span>
          <span>© {new Date().getFullYear()} CarBid</span>
        </div>
      </div>
    </footer>
  );
}

export function SiteShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Header and footer are hidden on the sign-in page only (spec).
  if (pathname === '/login') return <>{children}</>;
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="flex-1">{children}</main>
      <Footer />
    </div>
  );
}
