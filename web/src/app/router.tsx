import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { HomePage } from './routes/home';
import { INFO_PAGES, InfoPage, NotFoundPage } from './routes/info';
import { importInTurns } from '../lib/next-task';

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
          {
            path: '/listing/:id',
            ...page(async () => {
              // The page's code needs zod and a dozen schemas built, some 200 ms of a phone's main thread in one
              // task when imported together: the schemas' modules are evaluated first, a few at a time, then the
              // session's and the notices' code (the Watch button's feature, with its popover and forms).
              await importInTurns([
                () => import('../lib/api-client'),
                () => import('../lib/server-events'),
                () => import('../shared/config'),
                () => import('../shared/session'),
                () => import('../features/notifications'),
              ]);
              return { Page: (await import('./routes/listing')).ListingRoute };
            }),
          },
          {
            path: '/login',
            ...page(async () => {
              // A member is signed in from here: what the header then shows (the bell) and the page they land on
              // load while they type, so the header is whole the moment the sign-in answers.
              void import('../features/notifications');
              void import('./routes/dashboard');
              return { Page: (await import('../features/account')).LoginPage };
            }),
          },
          { path: '/register', ...page(async () => ({ Page: (await import('../features/account')).RegisterPage })) },
          {
            path: '/forgot-password',
            ...page(async () => ({ Page: (await import('../features/account')).ForgotPasswordPage })),
          },
          {
            path: '/reset-password',
            ...page(async () => ({ Page: (await import('../features/account')).ResetPasswordPage })),
          },
          { path: '/account', ...page(async () => ({ Page: (await import('../features/account')).AccountPage })) },
          {
            path: '/confirm-email-change',
            ...page(async () => ({ Page: (await import('../features/account')).ConfirmEmailChangePage })),
          },
          {
            path: '/confirm-email',
            ...page(async () => {
              void import('../features/notifications');
              return { Page: (await import('../features/account')).ConfirmEmailPage };
            }),
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
