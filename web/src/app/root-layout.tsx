import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { setUnauthorizedWriteHandler } from '../lib/api-client';
import { useMe } from '../features/account';
import { useAlertNotices } from '../features/alerts';
import { useEscrowNotices } from '../features/escrow';
import { SiteShell } from './shell/site-shell';

export function RootLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  // Wherever the signed-in user is, their private events arrive: fired bid alerts and steps on their escrows.
  const userId = useMe().data?.user.id;
  useAlertNotices(userId);
  useEscrowNotices(userId);
  useEffect(() => {
    // A write refused for lack of a session: sign in, then come back here.
    setUnauthorizedWriteHandler(() => void navigate(`/login?next=${encodeURIComponent(location.pathname)}`));
  }, [navigate, location.pathname]);
  useEffect(() => {
    // Braces matter: newer browsers return a promise from scrollTo, which React would take for a cleanup function.
    window.scrollTo(0, 0);
  }, [location.pathname]);
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
