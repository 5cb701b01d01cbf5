/**
 * "Did you mean" on the not-found page (src/theme/NotFound/Content): the served route a reader most
 * plausibly meant by a path that matched none, compared segment by segment, so
 * `/docs/v1/service/aeps/withdrawl` points to `.../withdrawal` and `/zzqx/abc` to nothing.
 *
 * Not the build's whole-string threshold (./closest.ts, a third of the longer name): over a whole
 * path that lets a short nonsense address land on any short route. A suggestion here needs either a
 * typo in each differing segment (same number of segments, each one a small edit from the route's),
 * or the same page name under a folder added or dropped (a page that moved between folders).
 */
import {editDistance} from './closest';

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

/** The non-empty segments of a comparable path: `/docs/v1/` is `['docs', 'v1']`. */
const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

/**
 * Edits a segment may differ by and still read as a typo of it: one, or a quarter of the longer
 * segment (`withdrawl` for `withdrawal`, `paybill` for `pay-bill`, `v2` for `v1`; not `abc` for `api`).
 */
export const segmentTolerance = (a: string, b: string): number =>
  Math.max(1, Math.floor(Math.max(a.length, b.length) / 4));

/**
 * The cost of reading `wanted` as `route` when both have as many segments: the edits summed, or
 * undefined when a segment differs by more than a typo (or every segment does: nothing of the
 * address was right, so it is no typo of this route).
 */
export function typoCost(wanted: readonly string[], route: readonly string[]): number | undefined {
  if (wanted.length !== route.length || wanted.length === 0) return undefined;
  let cost = 0;
  let same = 0;
  for (const [i, w] of wanted.entries()) {
    const r = route[i] as string;
    const d = editDistance(w, r);
    if (d > segmentTolerance(w, r)) return undefined;
    cost += d;
    if (d === 0) same++;
  }
  return wanted.length > 1 && same === 0 ? undefined : cost;
}

/** Whether `short`'s segments appear in `long` in order (a subsequence). */
const within = (short: readonly string[], long: readonly string[]): boolean => {
  let i = 0;
  for (const segment of long) if (segment === short[i]) i++;
  return i === short.length;
};

/**
 * The cost of reading `wanted` as `route` when a folder was added or dropped: the number of segments
 * one has more, or undefined unless both end in the same page name (of three letters or more) and
 * the shorter's segments all stand in the longer in order (`/docs/v1/aeps/withdrawal` for
 * `/docs/v1/service/aeps/withdrawal`).
 */
export function movedCost(wanted: readonly string[], route: readonly string[]): number | undefined {
  const last = wanted.at(-1);
  if (last === undefined || last.length < 3 || last !== route.at(-1) || wanted.length === route.length)
    return undefined;
  const [short, long] = wanted.length < route.length ? [wanted, route] : [route, wanted];
  return within(short, long) ? long.length - short.length : undefined;
}

/**
 * The route a reader most likely meant by `pathname`, or undefined when none is plausible, or when
 * two are equally so (we cannot tell which was meant). A route that differs only in case or a
 * trailing slash wins outright.
 */
export function closestRoute(pathname: string, routes: readonly string[]): string | undefined {
  const wanted = comparable(pathname);
  const byComparable = new Map<string, string>();
  for (const route of routes) if (!byComparable.has(comparable(route))) byComparable.set(comparable(route), route);
  const same = byComparable.get(wanted);
  if (same !== undefined) return same === pathname ? undefined : same;
  const segments = segmentsOf(wanted);
  const scored = [...byComparable].flatMap(([key, route]) => {
    const candidate = segmentsOf(key);
    const cost = typoCost(segments, candidate) ?? movedCost(segments, candidate);
    return cost === undefined ? [] : [{route, cost}];
  });
  const best = Math.min(...scored.map((s) => s.cost));
  const winners = scored.filter((s) => s.cost === best);
  return winners.length === 1 ? winners[0]?.route : undefined;
}
