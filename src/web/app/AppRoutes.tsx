import { Component, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigationType, useRoutes, type Location, type RouteObject } from 'react-router';
import { loadScreens, screensReady } from './lazy-page.ts';
import { PageLoading } from './layouts/PageLoading.tsx';
import { NavigationPendingContext } from './navigation-pending.ts';
import { RouteErrorPage } from './routes/RouteErrorPage.tsx';
import { useScrollRestoration, type ShownLocation } from './scroll-restoration.ts';

/**
 * The app's screens for the address. A screen whose code has not come yet is loaded first while the last screen
 * stays up under the navigation progress bar (docs/decisions/095): never an empty page between two screens; on the
 * first load, the loading page. A screen that throws, or whose code cannot be fetched, shows the error page.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const type = useNavigationType();
  const arrived = useMemo<ShownLocation>(() => ({ location, type }), [location, type]);
  const ready = screensReady(routes, location.pathname);
  const [, screenCame] = useState(0);
  const [failedAt, setFailedAt] = useState<Location | null>(null);

  useEffect(() => {
    if (ready) return;
    // The code may have come since this render (it started loading as the page's script ran): then draw again now.
    const loading = loadScreens(routes, location.pathname) ?? Promise.resolve();
    let current = true;
    loading.then(
      () => current && screenCame((count) => count + 1),
      () => current && setFailedAt(location),
    );
    return () => {
      current = false;
    };
  }, [routes, location, ready]);

  if (failedAt === location) return <RouteErrorPage />;
  return (
    <NavigationPendingContext.Provider value={!ready}>
      <LastReadyScreen arrived={arrived} ready={ready}>
        {(shown) => (shown ? <ShownRoutes routes={routes} shown={shown} /> : <PageLoading />)}
      </LastReadyScreen>
    </NavigationPendingContext.Provider>
  );
}

interface LastReadyScreenProps {
  arrived: ShownLocation;
  ready: boolean;
  children(shown: ShownLocation | null): ReactNode;
}

/** Draws the address's screen when it can render, else the last one that could (none before the first). */
class LastReadyScreen extends Component<LastReadyScreenProps> {
  private shown: ShownLocation | null = null;

  override render() {
    if (this.props.ready) this.shown = this.props.arrived;
    return this.props.children(this.shown);
  }
}

function ShownRoutes({ routes, shown }: { routes: RouteObject[]; shown: ShownLocation }) {
  useScrollRestoration(shown);
  const element = useRoutes(routes, shown.location);
  return <RouteErrorBoundary at={shown.location}>{element}</RouteErrorBoundary>;
}

interface BoundaryState {
  /** The location whose screen threw; another location renders again. */
  failedAt: Location | null;
}

/** The error page in place of a screen that threw while rendering, until the address changes. */
class RouteErrorBoundary extends Component<{ at: Location; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failedAt: null };

  override componentDidCatch(error: unknown) {
    console.error('A screen failed to render', error);
    this.setState({ failedAt: this.props.at });
  }

  override render() {
    return this.state.failedAt === this.props.at ? <RouteErrorPage /> : this.props.children;
  }
}
