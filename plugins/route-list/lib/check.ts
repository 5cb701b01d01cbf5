/**
 * The route list against the build: every route that project-routes.txt lists is served, and every
 * docs and site page the build serves is listed. The routes are the build's own (`routesPaths` and
 * the routes' source files, from Docusaurus' postBuild), not worked out again from files and front
 * matter. Pure: list text and routes in, messages out.
 */

export interface RouteList {
  /** As messages name it: `project-routes.txt`. */
  readonly file: string;
  readonly text: string;
}

export interface ListedRoute {
  readonly route: string;
  readonly line: number;
  readonly file: string;
}

/** The routes of a list, one per line; `#` starts a comment line. */
export function readRouteList(list: RouteList): ListedRoute[] {
  return list.text.split('\n').flatMap((raw, i) => {
    const line = raw.trim();
    return line && !line.startsWith('#') ? [{route: line, line: i + 1, file: list.file}] : [];
  });
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

/** Every problem, each starting with the file to edit. */
export function routeListProblems(list: RouteList, build: BuildRoutes): string[] {
  const withoutBase = (route: string): string => `/${route.slice(build.baseUrl.length)}`;
  const served = new Set(build.routesPaths.map((r) => routeKey(withoutBase(r))));
  const listed = readRouteList(list);
  const problems: string[] = [];

  for (const {route, line, file} of listed) {
    if (served.has(routeKey(route))) continue;
    problems.push(
      route.startsWith('/docs/')
        ? `${expectedDocFile(route)}: missing page. ${file}:${line} lists ${route} but the build serves no page there. Write ${expectedDocFile(route)} (a folder landing page can be .../index.mdx instead).`
        : `${file}:${line}: ${route} is listed but the build serves no page there. Add the page (src/pages/ for site pages, a blog post's \`slug\` or \`tags\` for blog routes, an author's \`page\` in blog/authors.yml for author pages).`,
    );
  }

  const listedKeys = new Set(listed.map((l) => routeKey(l.route)));
  for (const [route, file] of Object.entries(build.sources)) {
    if (!/^(docs|src\/pages)\//.test(file)) continue;
    const sitePath = withoutBase(route);
    if (listedKeys.has(routeKey(sitePath))) continue;
    problems.push(
      `${file}: served at ${sitePath}, which ${list.file} does not list. A new page: add the line ${sitePath} to ${list.file} under its family's heading. Otherwise move the file (or fix its \`slug\`) so that it is served at a listed route.`,
    );
  }
  return problems;
}
