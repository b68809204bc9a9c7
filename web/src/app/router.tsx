import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { HomePage } from './routes/home';
import { INFO_PAGES, InfoPage, NotFoundPage } from './routes/info';

// Each page is its own chunk, fetched when it is first visited: the first paint carries the shell and the home page
// only. The route modules load in parallel with the page's data, not after it.
const page = (load: () => Promise<{ Page: () => React.ReactNode }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).Page }),
});

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    // Only when the shell itself fails; a page's failure is caught below, inside the shell.
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/auctions', ...page(async () => ({ Page: (await import('./routes/auctions')).AuctionsRoute })) },
          { path: '/listing/:id', ...page(async () => ({ Page: (await import('./routes/listing')).ListingRoute })) },
          { path: '/login', ...page(async () => ({ Page: (await import('../features/account')).LoginPage })) },
          { path: '/register', ...page(async () => ({ Page: (await import('../features/account')).RegisterPage })) },
          {
            path: '/confirm-email',
            ...page(async () => ({ Page: (await import('../features/account')).ConfirmEmailPage })),
          },
          {
            path: '/dashboard',
            ...page(async () => ({ Page: (await import('./routes/dashboard')).DashboardRoute })),
          },
          { path: '/admin/login', ...page(async () => ({ Page: (await import('../features/admin')).AdminLoginPage })) },
          { path: '/admin', ...page(async () => ({ Page: (await import('../features/admin')).AdminPage })) },
          {
            path: '/valuation',
            ...page(async () => {
              const [{ ValuationPage }, { AssistantWidget }] = await Promise.all([
                import('../features/valuation'),
                import('../features/assistant'),
              ]);
              return {
                Page: () => (
                  <>
                    <ValuationPage />
                    <AssistantWidget context="trading" />
                  </>
                ),
              };
            }),
          },
          { path: '/submit', ...page(async () => ({ Page: (await import('../features/selling')).SubmitPage })) },
          {
            path: '/trade-in',
            ...page(async () => {
              const [{ TradeInPage }, { AssistantWidget }] = await Promise.all([
                import('../features/trade-in'),
                import('../features/assistant'),
              ]);
              return {
                Page: () => (
                  <>
                    <TradeInPage />
                    <AssistantWidget context="trading" />
                  </>
                ),
              };
            }),
          },
          {
            path: '/transaction/:auctionId',
            ...page(async () => ({ Page: (await import('../features/escrow')).TransactionPage })),
          },
          {
            path: '/transaction',
            ...page(async () => ({ Page: (await import('../features/escrow')).TransactionPage })),
          },
          {
            path: '/settings/notifications',
            ...page(async () => ({ Page: (await import('../features/notifications')).NotificationSettingsPage })),
          },
          {
            path: '/unsubscribe',
            ...page(async () => ({ Page: (await import('../features/notifications')).UnsubscribePage })),
          },
          {
            path: '/admin/mail',
            ...page(async () => ({ Page: (await import('../features/notifications')).AdminMailPage })),
          },
          {
            path: '/privacy-policy',
            ...page(async () => ({ Page: (await import('./routes/legal')).PrivacyPolicyPage })),
          },
          { path: '/terms-of-service', ...page(async () => ({ Page: (await import('./routes/legal')).TermsPage })) },
          { path: '/community', ...page(async () => ({ Page: (await import('../features/forum')).CommunityPage })) },
          {
            path: '/community/:id',
            ...page(async () => ({ Page: (await import('../features/forum')).DiscussionPage })),
          },
          { path: '/pricing', ...page(async () => ({ Page: (await import('./routes/pricing')).PricingPage })) },
          ...Object.entries(INFO_PAGES).map(([path, p]) => ({
            path,
            element: <InfoPage title={p.title} text={p.text} />,
          })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
