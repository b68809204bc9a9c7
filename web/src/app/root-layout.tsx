import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { setUnauthorizedWriteHandler } from '../lib/unauthorized-writes';
import { SiteShell } from './shell/site-shell';
import { titleForPath } from './page-titles';

// Loaded after the first paint: it needs the session, the socket and the schemas that parse them.
const SessionEffects = lazy(() => import('./session-effects'));

export function RootLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    // A write refused for lack of a session: sign in, then come back here.
    setUnauthorizedWriteHandler(() => void navigate(`/login?next=${encodeURIComponent(location.pathname)}`));
  }, [navigate, location.pathname]);
  useEffect(() => {
    // Braces matter: newer browsers return a promise from scrollTo, which React would take for a cleanup function.
    window.scrollTo(0, 0);
    const title = titleForPath(location.pathname);
    if (title !== undefined) document.title = title;
  }, [location.pathname]);
  return (
    <SiteShell>
      <Suspense fallback={null}>
        <SessionEffects />
      </Suspense>
      <Outlet />
    </SiteShell>
  );
}
