/**
 * The route lists against the build: every route that ../shared/routes.txt (the agreed floor) and
 * project-routes.txt (the routes the project added) list is served, and every docs and site page
 * the build serves is listed. The routes are the build's own (`routesPaths` and the routes' source
 * files, from Docusaurus' postBuild), not worked out again from files and front matter.
 * Pure: list texts and routes in, messages out.
 */

export interface RouteList {
  /** As messages name it: `../shared/routes.txt`, `project-routes.txt`. */
  readonly file: string;
  readonly text: string;
}

export interface ListedRoute {
  readonly route: string;
  readonly line: number;
  readonly file: string;
}

/**
 * The routes of a list, one per line. The author pages are described by a comment rather than
 * listed, e.g. `# plus two author pages: one at /blog/authors/{key}, the other at ...
 * /blog/authors/all-{key}-articles`; those templates come back separately.
 */
export function readRouteList(list: RouteList): {routes: ListedRoute[]; authorTemplates: ListedRoute[]} {
  const routes: ListedRoute[] = [];
  const authorTemplates: ListedRoute[] = [];
  list.text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line.startsWith('#')) {
      if (/author page/i.test(line)) {
        for (const m of line.matchAll(/\/blog\/authors\/[^\s,;]*\{key\}[^\s,;]*/g))
          authorTemplates.push({route: m[0], line: i + 1, file: list.file});
      }
    } else if (line) routes.push({route: line, line: i + 1, file: list.file});
  });
  return {routes, authorTemplates};
}

/** Trailing slashes do not make a different page (trailingSlash is unset), so compare without them. */
export const routeKey = (route: string): string => (route.length > 1 ? route.replace(/\/+$/, '') : route);

/** Where a writer would put the page for a docs route. */
function expectedDocFile(route: string): string {
  const rest = routeKey(route).replace(/^\/docs\/?/, '');
  return rest ? `docs/${rest}.mdx` : 'docs/index.mdx';
}

export interface BuildRoutes {
  /** Every route of the build, as Docusaurus' postBuild gives them (base URL included). */
  readonly routesPaths: readonly string[];
  /** Route -> the file it was built from (docs, pages, blog posts), for the pages that have one. */
  readonly sources: Readonly<Record<string, string>>;
  readonly baseUrl: string;
}

/** Every problem, each starting with the file to edit. `lists[0]` is the floor (routes.txt). */
export function routeListProblems(lists: readonly RouteList[], build: BuildRoutes): string[] {
  const floor = lists[0]?.file ?? 'routes.txt';
  const project = lists[1]?.file ?? 'project-routes.txt';
  const withoutBase = (route: string): string => `/${route.slice(build.baseUrl.length)}`;
  const served = new Set(build.routesPaths.map((r) => routeKey(withoutBase(r))));
  const read = lists.map(readRouteList);
  const listed = read.flatMap((r) => r.routes);
  const problems: string[] = [];

  for (const {route, line, file} of listed) {
    if (served.has(routeKey(route))) continue;
    problems.push(
      route.startsWith('/docs/')
        ? `${expectedDocFile(route)}: missing page. ${file}:${line} lists ${route} but the build serves no page there. Write ${expectedDocFile(route)} (a folder landing page can be .../index.mdx instead).`
        : `${file}:${line}: ${route} is listed but the build serves no page there. Add the page (src/pages/ for site pages, a blog post's \`slug\` or \`tags\` for blog routes).`,
    );
  }

  for (const {route: template, line, file} of read.flatMap((r) => r.authorTemplates)) {
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{key}', '[^/]+')}$`);
    if (![...served].some((r) => pattern.test(r)))
      problems.push(
        `blog/authors.yml: ${file}:${line} expects an author page at ${template}, but the build serves none. Give one author \`page: ${template === '/blog/authors/{key}' ? 'true' : `{permalink: ${template.replace('/blog/authors/', '')}}`}\` (with {key} replaced by the author's key).`,
      );
  }

  const listedKeys = new Set(listed.map((l) => routeKey(l.route)));
  for (const [route, file] of Object.entries(build.sources)) {
    if (!/^(docs|src\/pages)\//.test(file)) continue;
    const sitePath = withoutBase(route);
    if (listedKeys.has(routeKey(sitePath))) continue;
    problems.push(
      `${file}: served at ${sitePath}, which neither ${floor} nor ${project} lists. A new page: add the line ${sitePath} to ${project}. Otherwise move the file (or fix its \`slug\`) so that it is served at a listed route; ${floor} is the agreed floor and never shrinks.`,
    );
  }
  return problems;
}
