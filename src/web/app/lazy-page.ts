import { createElement, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { loadScreenStrings, type ScreenStrings } from '../lib/i18n.ts';

/**
 * A route whose screen lives in its own chunk. The data router loads it before it commits the navigation, so the
 * previous screen stays up (with the navigation progress bar) until the next one can render: never a blank page.
 * The strings the screen shows past the frame's (the sign-in pages', the pricing pages', or the whole app's), and the
 * query cache the screens share, come with the first such screen (docs/decisions/126 and 166). `prefetch` fills the
 * cache, beside the chunk, with what would move the screen if it arrived after its first paint.
 */
export function lazyPage<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  strings: ScreenStrings = 'app',
  prefetch?: (client: QueryClient) => Promise<void>,
): LazyRouteFunction<RouteObject> {
  return async () => {
    const [module, { QueryProvider }] = await Promise.all([
      load(),
      import('./QueryProvider.tsx').then(async (queries) => {
        await prefetch?.(queries.sharedQueryClient());
        return queries;
      }),
      loadScreenStrings(strings),
    ]);
    const Component = pick(module);
    return { element: createElement(QueryProvider, null, createElement(Component)) };
  };
}
