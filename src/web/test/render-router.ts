import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createElement, type ComponentType, type ReactNode } from 'react';
import {
  createMemoryRouter,
  Outlet,
  RouterProvider,
  type InitialEntry,
  type RouteObject,
} from 'react-router';
import { ToastProvider } from '../components/ui/ToastProvider.tsx';

interface RenderRouterOptions {
  /** Wraps every route, like a root layout route (e.g. a provider that needs the router). */
  layout?: ComponentType<{ children: ReactNode }>;
}

/** Renders `routes` like App does: a memory router, a fresh query client that does not retry, and toasts. */
export function renderRouter(
  routes: RouteObject[],
  initialEntry: InitialEntry,
  { layout }: RenderRouterOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    layout ? [{ element: createElement(layout, null, createElement(Outlet)), children: routes }] : routes,
    { initialEntries: [initialEntry] },
  );
  render(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(ToastProvider, null, createElement(RouterProvider, { router })),
    ),
  );
  return router;
}
