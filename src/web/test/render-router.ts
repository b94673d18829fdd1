import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createElement, type ComponentType, type ReactNode } from 'react';
import {
  MemoryRouter,
  Outlet,
  useLocation,
  useNavigate,
  type InitialEntry,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import { AppRoutes } from '../app/AppRoutes.tsx';
import { ToastProvider } from '../components/ui/ToastProvider.tsx';

interface RenderRouterOptions {
  /** Wraps every route, like a root layout route (e.g. a provider that needs the router). */
  layout?: ComponentType<{ children: ReactNode }>;
}

/** The address of a rendered router, and a way to change it as a link would. */
export interface TestRouter {
  readonly location: Location;
  navigate(to: string): Promise<void>;
}

/** Renders `routes` like App does: a memory router, a fresh query client that does not retry, and toasts. */
export function renderRouter(
  routes: RouteObject[],
  initialEntry: InitialEntry,
  { layout }: RenderRouterOptions = {},
): TestRouter {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let location: Location | null = null;
  let navigate: NavigateFunction | null = null;
  function AddressProbe() {
    location = useLocation();
    navigate = useNavigate();
    return null;
  }
  render(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(
        ToastProvider,
        null,
        createElement(
          MemoryRouter,
          { initialEntries: [initialEntry] },
          createElement(AddressProbe),
          createElement(AppRoutes, {
            routes: layout
              ? [{ element: createElement(layout, null, createElement(Outlet)), children: routes }]
              : routes,
          }),
        ),
      ),
    ),
  );
  return {
    get location() {
      return location!;
    },
    async navigate(to) {
      await act(async () => {
        await navigate!(to);
      });
    },
  };
}
