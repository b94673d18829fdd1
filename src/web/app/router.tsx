import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/components/ForgotPasswordPage.tsx';
import { LoginPage } from '../features/auth/components/LoginPage.tsx';
import { RegisterPage } from '../features/auth/components/RegisterPage.tsx';
import { ResetPasswordPage } from '../features/auth/components/ResetPasswordPage.tsx';
import { VerifyEmailPage } from '../features/auth/components/VerifyEmailPage.tsx';
import { AppLayout } from './layouts/AppLayout.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { AuthCallbackPage } from './routes/AuthCallbackPage.tsx';
import { DashboardPage } from './routes/DashboardPage.tsx';
import { ErrorPage } from './routes/ErrorPage.tsx';
import { LandingPage } from './routes/LandingPage.tsx';
import { PlaceholderPage } from './routes/PlaceholderPage.tsx';
import { ProtectedRoute } from './routes/ProtectedRoute.tsx';
import { RedirectKeepingSearch } from './routes/RedirectKeepingSearch.tsx';
import { RouteErrorPage } from './routes/RouteErrorPage.tsx';
import { TagsRoute } from './routes/TagsRoute.tsx';

/**
 * Unknown paths show SPEC §2's 'Unexpected Application Error!' page in the app's own look (the server answers them
 * with 404); a page that throws shows the same page without the parts that failed.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'verify-email', element: <VerifyEmailPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'auth/callback', element: <AuthCallbackPage /> },
          { path: 'contact', element: <PlaceholderPage page="contact" /> },
          { path: 'about', element: <PlaceholderPage page="about" /> },
          { path: 'data-guide', element: <PlaceholderPage page="dataGuide" /> },
          { path: 'privacy-policy', element: <PlaceholderPage page="privacyPolicy" /> },
          { path: 'commercial-transactions', element: <PlaceholderPage page="commercialTransactions" /> },
          { path: 'terms', element: <PlaceholderPage page="terms" /> },
          { path: 'pricing', element: <PlaceholderPage page="pricing" /> },
          { path: 'subscription/success', element: <PlaceholderPage page="subscriptionSuccess" /> },
          { path: 'subscription/cancel', element: <PlaceholderPage page="subscriptionCancel" /> },
          { path: '*', element: <ErrorPage notFound /> },
        ],
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'tags', element: <TagsRoute /> },
              { path: 'account', element: <PlaceholderPage page="account" /> },
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
