import { createElement, type ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';

/**
 * A route whose screen lives in its own chunk. The data router loads it before it commits the navigation, so the
 * previous screen stays up (with the navigation progress bar) until the next one can render: never a blank page.
 */
export function lazyPage<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
  props?: Props,
): LazyRouteFunction<RouteObject> {
  return async () => {
    const Component = pick(await load());
    return { element: createElement(Component, props) };
  };
}
