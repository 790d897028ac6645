import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A route whose screen is its own chunk, downloaded the first time the route matches (the router
 * waits for it before it renders the route, so there is no loading flash). Sign-in and the public
 * pages therefore never download the signed-in features (DESIGN.md, "routes load lazily").
 */
export function lazyRoute<M>(
  load: () => Promise<M>,
  render: (module: M) => ReactElement,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await load()) }) };
}
