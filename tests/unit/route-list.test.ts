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
# plus two author pages: one at /blog/authors/{key}, the other at the custom permalink /blog/authors/all-{key}-articles
/docs
/docs/v1/
/docs/v1/service/gibl
/docs/v1/service/aeps/withdrawal
/docs/v1/service/aeps/kyc/{kycId}
`;

const floor = (text = ROUTES): RouteList => ({file: '../shared/routes.txt', text});
const project = (text = ''): RouteList => ({file: 'project-routes.txt', text});

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
  it('reads routes with their lines, and the author-page templates from the comment', () => {
    const {routes, authorTemplates} = readRouteList(floor());
    expect(routes[0]).toEqual({route: '/', line: 2, file: '../shared/routes.txt'});
    expect(authorTemplates.map((t) => `${t.line} ${t.route}`)).toEqual([
      '9 /blog/authors/{key}',
      '9 /blog/authors/all-{key}-articles',
    ]);
  });
});

describe('routeListProblems', () => {
  it('accepts a build that serves every listed route and lists every page it serves', () => {
    expect(routeListProblems([floor(), project()], build())).toEqual([]);
  });

  it('names the listed route with no page and the file to write, and the page at an unlisted route', () => {
    const {'/docs/v1/service/aeps/withdrawal': _moved, ...rest} = SOURCES;
    const moved = {...rest, '/docs/v1/service/aeps/cash-out': 'docs/v1/service/aeps/cash-out.mdx'};
    expect(routeListProblems([floor(), project()], build(moved))).toEqual([
      'docs/v1/service/aeps/withdrawal.mdx: missing page. ../shared/routes.txt:13 lists /docs/v1/service/aeps/withdrawal but the build serves no page there. Write docs/v1/service/aeps/withdrawal.mdx (a folder landing page can be .../index.mdx instead).',
      'docs/v1/service/aeps/cash-out.mdx: served at /docs/v1/service/aeps/cash-out, which neither ../shared/routes.txt nor project-routes.txt lists. A new page: add the line /docs/v1/service/aeps/cash-out to project-routes.txt. Otherwise move the file (or fix its `slug`) so that it is served at a listed route; ../shared/routes.txt is the agreed floor and never shrinks.',
    ]);
  });

  it('accepts a page listed in project-routes.txt and names a listed project route with no page', () => {
    const sources = {...SOURCES, '/docs/v1/service/aeps/cash-out': 'docs/v1/service/aeps/cash-out.mdx'};
    expect(
      routeListProblems(
        [floor(), project('# added by the project\n/docs/v1/service/aeps/cash-out\n/docs/v1/service/aeps/refund\n')],
        build(sources),
      ),
    ).toEqual([
      'docs/v1/service/aeps/refund.mdx: missing page. project-routes.txt:3 lists /docs/v1/service/aeps/refund but the build serves no page there. Write docs/v1/service/aeps/refund.mdx (a folder landing page can be .../index.mdx instead).',
    ]);
  });

  it('matches the author-page templates against the author pages served', () => {
    const others = OTHERS.map((r) => r.replace('all-vikram-articles', 'vikram-posts'));
    expect(routeListProblems([floor(), project()], build(SOURCES, others))).toEqual([
      "blog/authors.yml: ../shared/routes.txt:9 expects an author page at /blog/authors/all-{key}-articles, but the build serves none. Give one author `page: {permalink: all-{key}-articles}` (with {key} replaced by the author's key).",
    ]);
  });

  it('names a site route nothing serves', () => {
    expect(routeListProblems([floor(`${ROUTES}/ResponseCode\n`), project()], build())).toEqual([
      "../shared/routes.txt:15: /ResponseCode is listed but the build serves no page there. Add the page (src/pages/ for site pages, a blog post's `slug` or `tags` for blog routes).",
    ]);
  });

  it('reads routes under a base URL, and trailing slashes do not make another page', () => {
    const base: BuildRoutes = {
      routesPaths: ['/site/', '/site/api/', '/site/docs/v1/'],
      sources: {'/site/api/': 'src/pages/api.mdx', '/site/docs/v1/': 'docs/v1/index.mdx'},
      baseUrl: '/site/',
    };
    expect(routeListProblems([floor('/\n/api\n/docs/v1\n'), project()], base)).toEqual([]);
  });
});
