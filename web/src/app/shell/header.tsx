import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu, X, Gavel } from 'lucide-react';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui';

// The account menu needs the session (and the schema it is parsed with): it arrives just after the first paint, in a
// slot of its own size so nothing moves.
const LazyAccountMenu = lazy(async () => ({ default: (await import('../../features/account')).AccountMenu }));
function AccountMenu(props: { onNavigate?: () => void }) {
  return (
    <Suspense fallback={<span className="inline-block h-8 w-16" aria-hidden />}>
      <LazyAccountMenu {...props} />
    </Suspense>
  );
}

const LazyNotificationBell = lazy(async () => ({
  default: (await import('../../features/notifications')).NotificationBell,
}));
function NotificationBell(props: { onNavigate?: () => void }) {
  return (
    <Suspense fallback={null}>
      <LazyNotificationBell {...props} />
    </Suspense>
  );
}

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

export function Header() {
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
          <NotificationBell />
          <AccountMenu />
          <Button asChild variant="accent" size="sm">
            <Link to="/submit">List Your Car</Link>
          </Button>
        </div>
        <div className="lg:hidden">
          <NotificationBell />
        </div>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="bare" className="rounded-md p-2 text-white lg:hidden" aria-label="Open menu">
              <Menu className="h-6 w-6" />
            </Button>
          </DialogTrigger>
          <DialogContent layout="side-panel" className="bg-ink p-4">
            <div className="mb-2 flex items-center justify-between">
              <DialogTitle className="text-white">Menu</DialogTitle>
              <DialogClose asChild>
                <Button variant="bare" className="p-1 text-white" aria-label="Close menu">
                  <X className="h-5 w-5" />
                </Button>
              </DialogClose>
            </div>
            <DialogDescription className="sr-only">Site navigation</DialogDescription>
            {NAV.map((n) => (
              <NavLink key={n.to} to={n.to} end={n.to === '/'} className={navClass} onClick={() => setOpen(false)}>
                {n.label}
              </NavLink>
            ))}
            <div className="mt-4 flex flex-col gap-3">
              <AccountMenu onNavigate={() => setOpen(false)} />
              <Button asChild variant="accent" size="sm">
                <Link to="/submit" onClick={() => setOpen(false)}>
                  List Your Car
                </Link>
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      </div>
    </header>
  );
}
