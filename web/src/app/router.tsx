import { createBrowserRouter } from 'react-router';
import { AuctionsPage } from '../features/auctions';
import { LoginPage, RegisterPage } from '../features/account';
import { AdminLoginPage, AdminPage } from '../features/admin';
import { TransactionPage } from '../features/escrow';
import { ValuationPage } from '../features/valuation';
import { SubmitPage } from '../features/selling';
import { RootLayout } from './root-layout';
import { HomePage } from './routes/home';
import { ListingRoute } from './routes/listing';
import { DashboardPage } from './routes/dashboard';
import { PrivacyPolicyPage, TermsPage } from './routes/legal';
import { PricingPage } from './routes/pricing';
import { INFO_PAGES, InfoPage, NotFoundPage } from './routes/info';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auctions', element: <AuctionsPage /> },
      { path: '/listing/:id', element: <ListingRoute /> },
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
