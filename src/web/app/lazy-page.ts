import { createElement, type ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { loadAppStrings } from '../lib/i18n.ts';

/**
 * A route whose screen lives in its own chunk. The data router loads it before it commits the navigation, so the
 * previous screen stays up (with the navigation progress bar) until the next one can render: never a blank page.
 * The app's strings past the frame's, and the query cache the screens share, come with the first such
 * screen (docs/decisions/126).
 */
export function lazyPage<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
  props?: Props,
): LazyRouteFunction<RouteObject> {
  return async () => {
    const [module, { QueryProvider }] = await Promise.all([
      load(),
      import('./QueryProvider.tsx'),
      loadAppStrings(),
    ]);
    const Component = pick(module);
    return { element: createElement(QueryProvider, null, createElement(Component, props)) };
  };
}
