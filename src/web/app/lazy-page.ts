import { createElement, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { loadScreenStrings, type ScreenStrings } from '../lib/i18n.ts';

/** A screen whose code lives in its own chunk, as a route's `handle` holds it. */
export interface LazyScreen {
  /** Whether its code, strings and first data have come: it can render now. */
  readonly ready: boolean;
  /** Fetches what `ready` waits for; the same promise for every caller until it fails. */
  load(): Promise<void>;
}

function isLazyScreen(handle: unknown): handle is LazyScreen {
  return typeof handle === 'object' && handle !== null && 'load' in handle && 'ready' in handle;
}

/**
 * A route's element and handle for a screen in its own chunk. `AppRoutes` keeps the previous screen up (with the
 * navigation progress bar) until the next one's code has come: never a blank page between two screens. The strings
 * the screen shows past the frame's (the sign-in pages', the pricing pages', or the whole app's), and the query cache
 * the screens share, come with the first such screen (docs/decisions/126 and 166). `prefetch` fills the cache,
 * beside the chunk, with what would move the screen if it arrived after its first paint.
 */
export function lazyPage<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  strings: ScreenStrings = 'app',
  prefetch?: (client: QueryClient) => Promise<void>,
): Required<Pick<RouteObject, 'element' | 'handle'>> {
  let loaded: { Component: ComponentType; QueryProvider: ComponentType<{ children: ReactNode }> } | null =
    null;
  let loading: Promise<void> | null = null;
  const screen: LazyScreen = {
    get ready() {
      return loaded !== null;
    },
    load() {
      loading ??= Promise.all([
        load(),
        import('./QueryProvider.tsx').then(async (queries) => {
          await prefetch?.(queries.sharedQueryClient());
          return queries;
        }),
        loadScreenStrings(strings),
      ]).then(
        ([module, { QueryProvider }]) => {
          loaded = { Component: pick(module), QueryProvider };
        },
        (error: unknown) => {
          // A failed chunk (offline, a deploy since) is asked for again by the next navigation.
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
  function Screen() {
    if (!loaded) throw new Error('A screen rendered before its code had come');
    return createElement(loaded.QueryProvider, null, createElement(loaded.Component));
  }
  return { element: createElement(Screen), handle: screen };
}

function screensAt(routes: RouteObject[], pathname: string): LazyScreen[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) =>
    isLazyScreen(route.handle) ? [route.handle] : [],
  );
}

/** Whether every screen matched at `pathname` can render now. */
export function screensReady(routes: RouteObject[], pathname: string): boolean {
  return screensAt(routes, pathname).every((screen) => screen.ready);
}

/** Starts loading the screens matched at `pathname`; null when there is nothing left to load. */
export function loadScreens(routes: RouteObject[], pathname: string): Promise<void> | null {
  const waiting = screensAt(routes, pathname).filter((screen) => !screen.ready);
  if (waiting.length === 0) return null;
  return Promise.all(waiting.map((screen) => screen.load())).then(() => undefined);
}
