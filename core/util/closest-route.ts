/**
 * "Did you mean" on the not-found page (src/theme/NotFound/Content): the served route nearest a
 * path that matched none, by the same edit distance and typo threshold as the build's own
 * suggestions (./closest.ts), so `/docs/v1/service/aeps/withdrawl` points to `.../withdrawal`.
 */
import {closest} from './closest';

/**
 * What the route tree gives per route (react-router-config's RouteConfig, as `@generated/routes`
 * has it): its path and, for a layout route, the routes under it.
 */
export interface RouteLike {
  readonly path?: string | readonly string[];
  readonly routes?: readonly RouteLike[];
}

/**
 * The pages of a route tree: its leaves, once each, without patterns (`*`, `:param`), which are
 * not addresses a reader can be sent to.
 */
export function routePaths(routes: readonly RouteLike[]): string[] {
  const out = new Set<string>();
  const visit = (list: readonly RouteLike[]): void => {
    for (const route of list) {
      if (route.routes?.length) visit(route.routes);
      else if (typeof route.path === 'string' && !/[*:]/.test(route.path)) out.add(route.path);
    }
  };
  visit(routes);
  return [...out];
}

/** A path as compared: lower case, without a trailing slash (except the root). */
const comparable = (path: string): string => {
  const lower = path.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
};

/**
 * The route a reader most likely meant by `pathname`, or undefined when none is close enough to
 * be a typo. A route that differs only in case or a trailing slash wins outright.
 */
export function closestRoute(pathname: string, routes: readonly string[]): string | undefined {
  const wanted = comparable(pathname);
  const byComparable = new Map<string, string>();
  for (const route of routes) if (!byComparable.has(comparable(route))) byComparable.set(comparable(route), route);
  const same = byComparable.get(wanted);
  if (same !== undefined) return same === pathname ? undefined : same;
  const [nearest] = closest(wanted, byComparable.keys(), 1);
  return nearest === undefined ? undefined : byComparable.get(nearest);
}
