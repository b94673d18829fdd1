import { Navigate, type RouteObject } from 'react-router';
import { startSessionCheckEarly } from '../features/auth/lib/session-check-at-start.ts';
import { lazyPage, loadScreens } from './lazy-page.ts';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { ProtectedRoute } from './routes/ProtectedRoute.tsx';
import { ErrorPage } from './routes/ErrorPage.tsx';
import { LandingDocument } from './routes/LandingDocument.tsx';
import { RedirectKeepingSearch } from './routes/RedirectKeepingSearch.tsx';

/**
 * Unknown paths show SPEC §2's 'Unexpected Application Error!' page in the app's own look (the server answers them
 * with 404); a page that throws shows the same page without the parts that failed. Every screen loads on the way
 * to it (docs/decisions/095); the landing page is not one of them, but HTML of its own (docs/decisions/138). The
 * public pages bring only the strings they show (the sign-in pages' or the pricing pages'), not the app's
 * (decision 166); of the app's screens only the account page brings the pricing pages' (decision 168).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingDocument /> },
          {
            path: 'login',
            ...lazyPage(
              () => import('../features/auth/components/LoginPage.tsx'),
              (m) => m.LoginPage,
              'auth',
            ),
          },
          {
            path: 'register',
            ...lazyPage(
              () => import('../features/auth/components/RegisterPage.tsx'),
              (m) => m.RegisterPage,
              'auth',
            ),
          },
          {
            path: 'verify-email',
            ...lazyPage(
              () => import('../features/auth/components/VerifyEmailPage.tsx'),
              (m) => m.VerifyEmailPage,
              'auth',
            ),
          },
          {
            path: 'forgot-password',
            ...lazyPage(
              () => import('../features/auth/components/ForgotPasswordPage.tsx'),
              (m) => m.ForgotPasswordPage,
              'auth',
            ),
          },
          {
            path: 'reset-password',
            ...lazyPage(
              () => import('../features/auth/components/ResetPasswordPage.tsx'),
              (m) => m.ResetPasswordPage,
              'auth',
            ),
          },
          {
            path: 'auth/callback',
            ...lazyPage(
              () => import('./routes/AuthCallbackPage.tsx'),
              (m) => m.AuthCallbackPage,
              'auth',
            ),
          },
          {
            path: 'contact',
            ...lazyPage(
              () => import('../features/contact/components/ContactPage.tsx'),
              (m) => m.ContactPage,
              'auth',
            ),
          },
          {
            path: 'about',
            ...lazyPage(
              () => import('../features/about/components/AboutPage.tsx'),
              (m) => m.AboutPage,
              'auth',
            ),
          },
          {
            path: 'data-guide',
            ...lazyPage(
              () => import('../features/data-guide/components/DataGuidePage.tsx'),
              (m) => m.DataGuidePage,
              'auth',
            ),
          },
          {
            path: 'privacy-policy',
            ...lazyPage(
              () => import('../features/privacy-policy/components/PrivacyPolicyPage.tsx'),
              (m) => m.PrivacyPolicyPage,
              'auth',
            ),
          },
          {
            path: 'commercial-transactions',
            ...lazyPage(
              () => import('../features/commercial-transactions/components/CommercialTransactionsPage.tsx'),
              (m) => m.CommercialTransactionsPage,
              'auth',
            ),
          },
          {
            path: 'terms',
            ...lazyPage(
              () => import('../features/terms/components/TermsPage.tsx'),
              (m) => m.TermsPage,
              'auth',
            ),
          },
          {
            path: 'pricing',
            ...lazyPage(
              () => import('./routes/PricingRoute.tsx'),
              (m) => m.PricingRoute,
              'billing',
              // Without Stripe a note above the plans says so: in before the first paint, it moves nothing.
              (client) =>
                import('../features/billing/api/get-billing-config.ts').then((billing) =>
                  client.prefetchQuery(billing.billingConfigQueryOptions()),
                ),
            ),
          },
          {
            path: 'subscription/success',
            ...lazyPage(
              () => import('./routes/SubscriptionSuccessRoute.tsx'),
              (m) => m.SubscriptionSuccessRoute,
              'billing',
            ),
          },
          {
            path: 'subscription/cancel',
            ...lazyPage(
              () => import('../features/billing/components/SubscriptionCancelPage.tsx'),
              (m) => m.SubscriptionCancelPage,
              'billing',
            ),
          },
          { path: '*', element: <ErrorPage notFound /> },
        ],
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            ...lazyPage(
              () => import('./layouts/AppLayout.tsx'),
              (m) => m.AppLayout,
            ),
            children: [
              {
                path: 'dashboard',
                ...lazyPage(
                  () => import('./routes/DashboardPage.tsx'),
                  (m) => m.DashboardPage,
                  'app',
                  (client) => import('./routes/DashboardPage.tsx').then((m) => m.startDashboardData(client)),
                ),
              },
              {
                path: 'tags',
                ...lazyPage(
                  () => import('./routes/TagsRoute.tsx'),
                  (m) => m.TagsRoute,
                ),
              },
              {
                path: 'rules',
                ...lazyPage(
                  () => import('./routes/RulesRoute.tsx'),
                  (m) => m.RulesRoute,
                ),
              },
              {
                path: 'account',
                ...lazyPage(
                  () => import('./routes/AccountPage.tsx'),
                  (m) => m.AccountPage,
                  'account',
                ),
              },
            ],
          },
        ],
      },
      { path: 'auth', element: <Navigate to="/login" replace /> },
      // SPEC §2: the pricing page navigates to the hyphenated path; both spellings reach the same page.
      { path: 'subscription-success', element: <RedirectKeepingSearch to="/subscription/success" /> },
    ],
  },
];

/**
 * Called as the page's script first runs: the first screen's code starts loading now, and so does the check of a
 * stored sign-in, beside that code rather than after it has arrived and rendered.
 */
export function startFirstScreen(): void {
  startSessionCheckEarly();
  void loadScreens(routes, window.location.pathname)?.catch(() => {
    // AppRoutes asks again and shows the error page if the code still cannot be fetched.
  });
}
