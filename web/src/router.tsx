import { createBrowserRouter, Outlet, useLocation, useNavigate } from 'react-router';
import { useEffect } from 'react';
import { SiteShell } from './components/site-shell';
import { setUnauthorizedWriteHandler } from './lib/api-client';
import { useUserEvents } from './lib/user-events';
import { HomePage } from './pages/home';
import { AuctionsPage } from './pages/auctions';
import { ListingPage } from './pages/listing';
import { LoginPage } from './pages/login';
import { RegisterPage } from './pages/register';
import { AdminLoginPage, AdminPage } from './pages/admin';
import { DashboardPage } from './pages/dashboard';
import { TransactionPage } from './pages/transaction';
import { ValuationPage } from './pages/valuation';
import { SubmitPage } from './pages/submit';
import { PrivacyPolicyPage, TermsPage } from './pages/legal';
import { PricingPage } from './pages/pricing';
import { INFO_PAGES, InfoPage, NotFoundPage } from './pages/info';

function Root() {
  const navigate = useNavigate();
  const location = useLocation();
  useUserEvents();
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

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auctions', element: <AuctionsPage /> },
      { path: '/listing/:id', element: <ListingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/admin/login', element: <AdminLoginPage /> },
      { path: '/admin', element: <AdminPage /> },
      { path: '/valuation', element: <ValuationPage /> },
      { path: '/submit', element: <SubmitPage /> },
      { path: '/transaction/:auctionId', element: <TransactionPage /> },
      { path: '/transaction', element: <TransactionPage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/terms-of-service', element: <TermsPage /> },
      { path: '/pricing', element: <PricingPage /> },
      ...Object.entries(INFO_PAGES).map(([path, p]) => ({ path, element: <InfoPage title={p.title} text={p.text} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
