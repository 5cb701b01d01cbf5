/**
 * The route lists against the build's routes (plugins/route-list/lib/check.ts), with the messages
 * asserted word for word. The routes are given as Docusaurus' postBuild gives them.
 */
import {describe, expect, it} from 'vitest';
import {readRouteList, routeListProblems, type BuildRoutes, type RouteList} from '../../plugins/route-list/lib/check';

const ROUTES = `# pages
/
/api
# blog
/blog
/blog/welcome
/blog/tags/hello
/blog/authors
/blog/authors/asha
/blog/authors/all-vikram-articles
# plus two author pages: one at /blog/authors/{key}, the other at the custom permalink /blog/authors/all-{key}-articles
/docs
/docs/v1/
/docs/v1/service/gibl
/docs/v1/service/aeps/withdrawal
/docs/v1/service/aeps/kyc/{kycId}
`;

const list = (text = ROUTES): RouteList => ({file: 'project-routes.txt', text});

const SOURCES: Record<string, string> = {
  '/': 'src/pages/index.tsx',
  '/api': 'src/pages/api.mdx',
  '/blog/welcome': 'blog/2024-11-18-welcome.mdx',
  '/docs/v1/': 'docs/v1/index.mdx',
  '/docs/v1/service/gibl': 'docs/v1/service/gibl/index.mdx',
  '/docs/v1/service/aeps/withdrawal': 'docs/v1/service/aeps/withdrawal.mdx',
  '/docs/v1/service/aeps/kyc/{kycId}': 'docs/v1/service/aeps/kyc/{kycId}.mdx',
};
const OTHERS = [
  '/blog',
  '/blog/tags/hello',
  '/blog/authors',
  '/blog/authors/asha',
  '/blog/authors/all-vikram-articles',
  '/docs',
  '/404.html',
];

function build(sources = SOURCES, others = OTHERS): BuildRoutes {
  return {routesPaths: [...Object.keys(sources), ...others], sources, baseUrl: '/'};
}

describe('readRouteList', () => {
  it('reads routes with their lines and skips comments', () => {
    const routes = readRouteList(list());
    expect(routes[0]).toEqual({route: '/', line: 2, file: 'project-routes.txt'});
    expect(routes.map((r) => r.route)).not.toContain('# blog');
    expect(routes).toHaveLength(13);
  });
});

describe('routeListProblems', () => {
  it('accepts a build that serves every listed route and lists every page it serves', () => {
    expect(routeListProblems(list(), build())).toEqual([]);
  });

  it('names the listed route with no page and the file to write, and the page at an unlisted route', () => {
    const {'/docs/v1/service/aeps/withdrawal': _moved, ...rest} = SOURCES;
    const moved = {...rest, '/docs/v1/service/aeps/cash-out': 'docs/v1/service/aeps/cash-out.mdx'};
    expect(routeListProblems(list(), build(moved))).toEqual([
      'docs/v1/service/aeps/withdrawal.mdx: missing page. project-routes.txt:15 lists /docs/v1/service/aeps/withdrawal but the build serves no page there. Write docs/v1/service/aeps/withdrawal.mdx (a folder landing page can be .../index.mdx instead).',
      "docs/v1/service/aeps/cash-out.mdx: served at /docs/v1/service/aeps/cash-out, which project-routes.txt does not list. A new page: add the line /docs/v1/service/aeps/cash-out to project-routes.txt under its family's heading. Otherwise move the file (or fix its `slug`) so that it is served at a listed route.",
    ]);
  });

  it('names a listed author page the build does not serve', () => {
    const others = OTHERS.map((r) => r.replace('all-vikram-articles', 'vikram-posts'));
    expect(routeListProblems(list(), build(SOURCES, others))).toEqual([
      "project-routes.txt:10: /blog/authors/all-vikram-articles is listed but the build serves no page there. Add the page (src/pages/ for site pages, a blog post's `slug` or `tags` for blog routes, an author's `page` in blog/authors.yml for author pages).",
    ]);
  });

  it('names a site route nothing serves', () => {
    expect(routeListProblems(list(`${ROUTES}/ResponseCode\n`), build())).toEqual([
      "project-routes.txt:17: /ResponseCode is listed but the build serves no page there. Add the page (src/pages/ for site pages, a blog post's `slug` or `tags` for blog routes, an author's `page` in blog/authors.yml for author pages).",
    ]);
  });

  it('reads routes under a base URL, and trailing slashes do not make another page', () => {
    const base: BuildRoutes = {
      routesPaths: ['/site/', '/site/api/', '/site/docs/v1/'],
      sources: {'/site/api/': 'src/pages/api.mdx', '/site/docs/v1/': 'docs/v1/index.mdx'},
      baseUrl: '/site/',
    };
    expect(routeListProblems(list('/\n/api\n/docs/v1\n'), base)).toEqual([]);
  });
});
