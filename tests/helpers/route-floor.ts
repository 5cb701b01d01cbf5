/**
 * The agreed floor of routes (../shared/routes.txt, beside the repository in CI and on the team's
 * machines) against the repository's complete list, project-routes.txt. Only tests read the floor:
 * the build needs nothing outside the repository.
 *
 * The floor describes the author pages by a comment rather than listing them (`# plus two author
 * pages: one at /blog/authors/{key}, the other at ... /blog/authors/all-{key}-articles`); each such
 * template must be filled in by a route of the project's list.
 */
import {readRouteList, routeKey, type ListedRoute, type RouteList} from '../../plugins/route-list/lib/check';

/** The author-page templates a list's comments describe. */
export function authorTemplates(list: RouteList): ListedRoute[] {
  return list.text.split('\n').flatMap((raw, i) => {
    const line = raw.trim();
    if (!line.startsWith('#') || !/author page/i.test(line)) return [];
    return [...line.matchAll(/\/blog\/authors\/[^\s,;]*\{key\}[^\s,;]*/g)].map((m) => ({
      route: m[0],
      line: i + 1,
      file: list.file,
    }));
  });
}

/** The routes an author-page template stands for: `{key}` is any one path segment. */
export function authorPattern(template: string): RegExp {
  return new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{key}', '[^/]+')}$`);
}

/** What the project's list leaves out of the floor: each missing route, each unfilled template. */
export function floorProblems(floor: RouteList, project: RouteList): string[] {
  const listed = readRouteList(project).map((r) => routeKey(r.route));
  const have = new Set(listed);
  const missing = readRouteList(floor)
    .filter(({route}) => !have.has(routeKey(route)))
    .map(({route, line, file}) => `${project.file}: ${file}:${line} lists ${route}; add the line ${route}.`);
  const unfilled = authorTemplates(floor)
    .filter(({route}) => !listed.some((r) => authorPattern(route).test(r)))
    .map(
      ({route, line, file}) =>
        `${project.file}: ${file}:${line} expects an author page at ${route}; list the author page that blog/authors.yml gives (${route} with {key} filled in).`,
    );
  return [...missing, ...unfilled];
}
