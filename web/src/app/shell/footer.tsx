import { Link } from 'react-router';
import { SUPPORT_CONTACT } from '@app/shared';

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

export function Footer() {
  return (
    <footer className="mt-16 bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <p className="text-lg font-bold text-white">CarBid</p>
          <p className="mt-2 text-sm">Live car auctions for dealers, collectors and enthusiasts.</p>
          <div className="mt-4 flex gap-3 text-sm">
            <a href="https://x.com" rel="noreferrer" className="hover:text-white">
              X
            </a>
            <a href="https://facebook.com" rel="noreferrer" className="hover:text-white">
              Facebook
            </a>
            <a href="https://instagram.com" rel="noreferrer" className="hover:text-white">
              Instagram
            </a>
            <a href="https://youtube.com" rel="noreferrer" className="hover:text-white">
              YouTube
            </a>
          </div>
        </div>
        {FOOTER_COLUMNS.map((col) => (
          <div key={col.title}>
            <p className="font-semibold text-white">{col.title}</p>
            <ul className="mt-3 space-y-2 text-sm">
              {col.links.map((l) => (
                <li key={l.to}>
                  {/* The API docs are served by the API itself, not by the app's router. */}
                  <Link to={l.to} reloadDocument={l.to === '/api-docs'} className="hover:text-white">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:justify-between">
          <span>
            <a href={`mailto:${SUPPORT_CONTACT.email}`} className="hover:text-white">
              {SUPPORT_CONTACT.email}
            </a>{' '}
            · {SUPPORT_CONTACT.phone} · {SUPPORT_CONTACT.address}
          </span>
          <span>© {new Date().getFullYear()} CarBid</span>
        </div>
      </div>
    </footer>
  );
}
