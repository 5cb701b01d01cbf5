/**
 * Every route of project-routes.txt, visited once for all that is checked per route (issue 35):
 *
 * - serving, over plain HTTP: 200 with a title naming the site, in every spelling (`/x`, `/x/`,
 *   `/x.html`, `/x/index.html`), each with the same title;
 * - in Chromium, loaded first-hand: 200, its title (`<heading> | RupeeRail`), hydration, a clean
 *   console and network (no error, no failed request, nothing fetched from another origin: a CSP
 *   violation is logged as a console error, so none of those either);
 * - axe-core, WCAG 2.0 and 2.1 levels A and AA, zero violations (design §6): the rules that do not
 *   depend on colour (names, roles, ARIA, lists, tables, language; axe's experimental ones among
 *   them), on the whole page, in the colour mode it loaded in, on the routes of the structure cover
 *   (`helpers/structure-cover.ts`: pages that between them show every element structure of the
 *   build, where a structure is what those rules read of an element) and of the style cover; on
 *   every other route on the elements the cover cannot vouch for (made by hydration, or scrolling); the
 *   colour rules on the routes of the style cover (`helpers/style-cover.ts`: pages that between them
 *   show every element style of the site), on the elements that carry the styles the route is in the
 *   cover for (and those whose style only the browser adds), in that mode and again in the other,
 *   after switching the reader's choice the way another tab would (localStorage plus a storage
 *   event, which the theme listens to) once React has re-rendered (code blocks change their Prism
 *   theme then). Routes load alternately in light and in dark (by their place in the list, so a
 *   route always loads in the same mode).
 *
 * Then client-side navigation from the home page, as a reader clicks through.
 *
 * Time: axe is the slow part (2-4 CPU seconds on an API page, 9 of them contrast), so
 * - contrast, nine tenths of axe's time, runs only on the style cover (about 28 of 150 routes,
 *   an eighth of the HTML), which shows every style that contrast depends on, and there only on
 *   the elements that carry the styles each route was chosen for, one per look (a style repeated
 *   alike, a table's 400 cells, is one check: `lookOf` in helpers/style-cover.ts);
 * - the other rules, about as dear as the page load itself, run on the whole page only where it
 *   shows a structure no route before it in the covers does (the style cover's routes and a few
 *   more, about 32 of 150); on the other routes on the few elements hydration made or that scroll,
 *   each kind once per worker (`checkedOffCover`), so most routes run no axe at all;
 * - the four spellings of a route are fetched at once;
 * - a route costs one page load, not a new context: the workers' tabs (the `tab` fixture) are
 *   reused from route to route, and Playwright spreads the routes over the workers;
 * - in the second mode only the colour rules run (the page's structure, names and roles do not
 *   change with the mode; its colours do);
 * - axe.run() runs in the page itself, its source evaluated once per page load (`violations`):
 *   evaluating it costs about as much as the check of a small page.
 */
import {existsSync, statSync} from 'node:fs';
import {join} from 'node:path';
import type {Page} from '@playwright/test';
import axe, {type Result} from 'axe-core';
import {site} from '../../site.config';
import {expect, screenshotOnFailure, test, type ColourMode} from './fixtures';
import {problemList, type PageProblems} from './helpers/browser';
import {coversOfBuild} from './helpers/covers';
import {markStylesScript} from './helpers/style-cover';
import {markUncoveredScript, uncoveredStructures} from './helpers/structure-cover';
import {docsSidebar, sidebarLink} from './helpers/docs';
import {load, titleOf} from './helpers/http';
import {buildDir} from './helpers/paths';
import {alternateForms, encodeRoute, readRoutes} from './helpers/routes';
import {
  clientNavigate,
  markDocument,
  sameDocument,
  toggleLabel,
  transitionsEnded,
  waitForPathname,
  type StorageKeys,
} from './helpers/site';

// Overridable only to run this harness against another site (a stock Docusaurus build).
const SITE_TITLE = process.env.E2E_SITE_TITLE ?? site.productName;
/**
 * The home page passes the tagline as its title (src/pages/index.tsx), so Docusaurus writes
 * '<tagline> | <site title>' like on any other page. The tagline is `API Docs by <provider>`
 * (docusaurus.site.ts).
 */
const HOME_TITLE = `API Docs by ${site.provider} | ${SITE_TITLE}`;
const TITLE_FORMAT = new RegExp(`^(.+) \\| ${SITE_TITLE}$`);

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * The rules of TAGS whose outcome depends on colours (axe's `cat.color` category; in axe 4.13 the
 * text's contrast, and links told from the text around them by colour alone), read from axe so a
 * colour rule a new axe adds is run in both modes too.
 */
const COLOUR_RULES = axe
  .getRules(TAGS)
  .filter((rule) => rule.tags.includes('cat.color'))
  .map((rule) => rule.ruleId);

/** The rules of TAGS that COLOUR_RULES leave, axe's experimental ones among them (named rules run even when axe has them off). */
const OTHER_RULES = axe
  .getRules(TAGS)
  .map((rule) => rule.ruleId)
  .filter((id) => !COLOUR_RULES.includes(id));

const routes = readRoutes();

function htmlFile(route: string): string {
  return join(buildDir, route, 'index.html');
}

/**
 * The routes that get the colour rules, in both modes, and their styles; the routes that show a
 * structure no route of the style cover shows (see the module comment).
 */
const {style: colourCover, structure: structureCover} = coversOfBuild(routes, htmlFile);

/** The attribute that marks the elements the colour rules check on a cover route. */
const COLOUR_MARK = 'data-e2e-colour';

/** The routes that get OTHER_RULES on the whole page: both covers'. */
const STRUCTURE_ROUTES: ReadonlySet<string> = new Set([...colourCover.routes.keys(), ...structureCover.routes.keys()]);

/** The attribute that marks, on the other routes, the elements the cover does not vouch for (made by hydration, or scrolling). */
const UNCOVERED_MARK = 'data-e2e-uncovered';

/**
 * The keys (`markUncoveredScript`) of the elements this worker has found axe clean off the cover:
 * one with the same key on a later route gets the same verdict, as a structure does (the theme's
 * toggle, the sidebar that scrolls: the same on every page), so it is not checked again. A failed
 * test ends its worker, and the next starts with none.
 */
const checkedOffCover = new Set<string>();

const MAIN_HEADING = 'main h1, article h1';

/**
 * A page whose built HTML passes this many bytes gets the slow timeout (three times the default):
 * axe's time grows with the page's nodes, and the API changelog (about 260 KB, twice the next
 * largest) has run past the default on a busy machine while finding nothing.
 */
const LARGE_PAGE_BYTES = 200_000;

function isLargePage(route: string): boolean {
  const file = htmlFile(route);
  return existsSync(file) && statSync(file).size > LARGE_PAGE_BYTES;
}

/** Text of the page's main heading, or undefined on pages without one (the blog list). */
async function mainHeading(page: Page): Promise<string | undefined> {
  const h1 = page.locator(MAIN_HEADING).first();
  if ((await h1.count()) === 0) return undefined;
  return (await h1.innerText()).trim();
}

/**
 * '<page title> | RupeeRail' where the page title is what the page's heading says (author
 * pages add the post count: 'Asha Raghunathan - 3 posts'); the home page exactly HOME_TITLE.
 */
function expectPageTitle(route: string, title: string, heading: string | undefined): void {
  if (route === '/') {
    expect(title, 'home page title').toBe(HOME_TITLE);
    return;
  }
  const pageTitle = TITLE_FORMAT.exec(title)?.[1];
  expect(pageTitle, `title of ${route}: "${title}"`).toBeTruthy();
  expect(pageTitle).not.toMatch(/page not found/i);
  if (heading !== undefined) {
    expect(pageTitle?.startsWith(heading), `title "${title}" vs heading "${heading}"`).toBe(true);
  }
}

/** Every spelling of `route` answers 200 over plain HTTP, with one title that names the site. */
async function expectServedInEverySpelling(route: string): Promise<void> {
  const forms = alternateForms(route);
  const [res, ...alts] = await Promise.all([load(encodeRoute(route)), ...forms.map((form) => load(form))]);
  expect(res.status, `GET ${route}`).toBe(200);
  const title = titleOf(res.body.toString('utf8'));
  expect(title, `<title> of ${route}`).toBeTruthy();
  expect(title).toContain(SITE_TITLE);
  forms.forEach((form, i) => {
    expect(alts[i]!.status, `GET ${form}`).toBe(200);
    expect(titleOf(alts[i]!.body.toString('utf8')), `<title> of ${form}`).toBe(title);
  });
}

/** Switch the stored colour mode, as another tab does, and wait until React has re-rendered. */
async function switchMode(page: Page, keys: StorageKeys, mode: ColourMode): Promise<void> {
  await page.evaluate(
    ({key, value}) => {
      window.localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', {key, newValue: value, storageArea: window.localStorage}));
    },
    {key: keys.theme, value: mode},
  );
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  // The toggle's label is rendered in the same React commit as the code blocks' colours.
  await expect(page.locator(`nav.navbar button[aria-label="${toggleLabel(mode)}"]`)).toBeAttached();
  await transitionsEnded(page);
}

function describeViolation(mode: ColourMode, violation: Result): string {
  const targets = violation.nodes
    .slice(0, 3)
    .map((node) => {
      const target = node.target.map(String).join(' ');
      // For contrast, the numbers say how far off it is.
      const data = node.any.find((check) => check.id === 'color-contrast')?.data as
        {fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string} | undefined;
      return data?.contrastRatio
        ? `${target} (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}, needs ${data.expectedContrastRatio})`
        : target;
    })
    .join('; ');
  const more = violation.nodes.length > 3 ? ` (+${violation.nodes.length - 3} more)` : '';
  return `[${mode}] ${violation.id}: ${violation.help} -- ${targets}${more}`;
}

/**
 * axe's violations of `rules` (by name: axe runs a named rule even when it has it off, as its
 * experimental ones) on the page as it is, on the elements `include` selects (default: all).
 * axe.run in the page itself (what @axe-core/playwright calls legacy mode; the default finishes
 * every run in a new blank tab, for cross-origin iframes, which our pages do not have), with axe's
 * source evaluated once per page load: @axe-core/playwright evaluates its 500 KB twice per run.
 */
async function violations(page: Page, mode: ColourMode, rules: readonly string[], include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    ({values, selector}) =>
      (window as unknown as {axe: typeof axe}).axe.run(selector ? {include: [selector]} : document, {
        runOnly: {type: 'rule', values},
        // Passes and incomplete results are not needed; leaving them out saves time.
        resultTypes: ['violations'],
      }),
    {values: [...rules], selector: include},
  );
  return results.violations.map((violation) => describeViolation(mode, violation));
}

/**
 * The colour rules on the elements of the page that carry `styles` (the route's in the cover), in
 * the mode the page shows. Marked again in each mode: the switch re-renders code blocks.
 */
async function colourViolations(page: Page, mode: ColourMode, styles: ReadonlySet<string>): Promise<string[]> {
  const marked = await page.evaluate<number>(markStylesScript(styles, colourCover.all, COLOUR_MARK));
  // Styles on wrappers only (no text of their own) leave nothing for the colour rules to check.
  if (marked === 0) return [];
  return violations(page, mode, COLOUR_RULES, `[${COLOUR_MARK}]`);
}

test.describe('every route in routes.txt: served, loaded in the browser, axe clean', () => {
  // The worker's tab is no test's `page`: its failures get their screenshot here.
  test.afterEach(async ({tab}, testInfo) => screenshotOnFailure(tab.page, testInfo));

  test('the list is not empty, axe has colour rules to run in both modes, and they run on every template; every structure is checked on a route', () => {
    expect(routes.length).toBeGreaterThan(90);
    expect(COLOUR_RULES).toContain('color-contrast');
    expect(OTHER_RULES).toContain('link-name');
    // A cover missing a template would mean its styles were read wrong (an empty set is covered
    // by nothing): the home page, an operation page, a blog post and the changelog each have
    // styles of their own.
    const cover = [...colourCover.routes.keys()];
    expect(cover.length).toBeGreaterThan(10);
    expect(cover.length).toBeLessThan(routes.length / 2);
    expect(cover).toContain('/');
    // Each style is checked on the one route chosen for it.
    const assigned = [...colourCover.routes.values()].flatMap((styles) => [...styles]);
    expect(new Set(assigned).size).toBe(assigned.length);
    expect(assigned.length).toBe(colourCover.all.size);
    // Every route's every structure is on a route that gets the other rules on its whole page.
    expect(structureCover.all.size).toBeGreaterThan(100);
    expect(STRUCTURE_ROUTES.size).toBeLessThan(routes.length / 2);
    expect(uncoveredStructures(structureCover, STRUCTURE_ROUTES)).toEqual([]);
  });

  routes.forEach((route, index) => {
    test(route, async ({tab, storageKeys}) => {
      test.slow(isLargePage(route), `${route}: over ${LARGE_PAGE_BYTES} bytes of HTML`);
      await expectServedInEverySpelling(route);

      const first: ColourMode = index % 2 === 0 ? 'light' : 'dark';
      const {status, pathname} = await tab.visit(encodeRoute(route), first);
      expect(status, `status of ${route}`).toBe(200);
      // '/docs' is the one route that lands elsewhere (the intro), by a redirect.
      expect(pathname).toBe(route === '/docs' ? '/docs/v1/' : encodeRoute(route));
      const {page} = tab;
      await expect(page.locator('html'), `${route} loaded in the ${first} mode`).toHaveAttribute('data-theme', first);
      expectPageTitle(route, await page.title(), await mainHeading(page));
      expect(problemList(tab.problems), `problems on ${route}`).toEqual([]);

      if (!STRUCTURE_ROUTES.has(route)) {
        // Its structures are checked on the covers' routes; what hydration made and what scrolls, here.
        const marked = await page.evaluate<string[]>(
          markUncoveredScript(structureCover.all, checkedOffCover, UNCOVERED_MARK),
        );
        if (marked.length === 0) return;
        const found = await violations(page, first, OTHER_RULES, `[${UNCOVERED_MARK}]`);
        expect(found, `axe on ${route}:\n  ${found.join('\n  ')}\n`).toEqual([]);
        for (const key of marked) checkedOffCover.add(key);
        return;
      }
      const found = await violations(page, first, OTHER_RULES);
      const styles = colourCover.routes.get(route);
      if (!styles) {
        expect(found, `axe on ${route}:\n  ${found.join('\n  ')}\n`).toEqual([]);
        return;
      }
      found.push(...(await colourViolations(page, first, styles)));
      const second: ColourMode = first === 'light' ? 'dark' : 'light';
      await switchMode(page, storageKeys, second);
      found.push(...(await colourViolations(page, second, styles)));
      expect(found, `axe on ${route}:\n  ${found.join('\n  ')}\n`).toEqual([]);
      expect(problemList(tab.problems), `problems on ${route} after the switch to ${second}`).toEqual([]);
    });
  });
});

test.describe('client-side navigation from the home page', () => {
  /** Follows `click` to `pathname` without a page load; checks title, heading and problems. */
  async function expectClientNavigation(
    page: Page,
    problems: PageProblems,
    mark: string,
    pathname: string,
    heading: string | RegExp,
  ): Promise<void> {
    await waitForPathname(page, pathname);
    const h1 = page.locator(MAIN_HEADING).first();
    await expect(h1, `heading on ${pathname}`).toHaveText(heading);
    const text = (await h1.innerText()).trim();
    await expect(page, `title on ${pathname}`).toHaveTitle(`${text} | ${SITE_TITLE}`);
    expect(await sameDocument(page, mark), `${pathname} was a full page load`).toBe(true);
    expect(problemList(problems), `problems on the way to ${pathname}`).toEqual([]);
  }

  test('navbar Docs -> intro, sidebar -> an API page -> the brace route /docs/v1/service/aeps/kyc/{kycId}', async ({
    page,
    problems,
    open,
  }) => {
    await open('/');
    const mark = await markDocument(page);

    await page.locator('nav.navbar').getByRole('link', {name: 'Docs', exact: true}).click();
    await expectClientNavigation(page, problems, mark, '/docs/v1/', 'Getting started');

    const sidebar = docsSidebar(page);
    const withdrawal = await sidebarLink(
      sidebar,
      ['Aadhaar banking (AEPS)', 'Transactions'],
      '/docs/v1/service/aeps/withdrawal',
    );
    await withdrawal.click();
    await expectClientNavigation(page, problems, mark, '/docs/v1/service/aeps/withdrawal', 'AEPS cash withdrawal');

    const kyc = await sidebarLink(
      sidebar,
      ['Aadhaar banking (AEPS)', 'Merchant onboarding'],
      '/docs/v1/service/aeps/kyc/{kycId}',
    );
    await kyc.click();
    // Its own heading, not any: the address changes before the page's chunks arrive, and for that
    // moment the withdrawal page's heading is still the one shown.
    await expectClientNavigation(
      page,
      problems,
      mark,
      encodeRoute('/docs/v1/service/aeps/kyc/{kycId}'),
      'Merchant KYC status',
    );
  });

  test('footer Blog -> the blog -> a post', async ({page, problems, open}) => {
    await open('/');
    const mark = await markDocument(page);

    await page.locator('footer').getByRole('link', {name: 'Blog', exact: true}).click();
    await waitForPathname(page, '/blog');
    await expect(page).toHaveTitle(`Blog | ${SITE_TITLE}`);

    await page.locator('main a[href="/blog/long-blog-post"]').first().click();
    await expectClientNavigation(page, problems, mark, '/blog/long-blog-post', /\S/);
  });

  test('/docs lands on the intro /docs/v1/ (history.replace, no page load)', async ({page, problems, open}) => {
    await open('/');
    const mark = await markDocument(page);
    await clientNavigate(page, '/docs');
    await expectClientNavigation(page, problems, mark, '/docs/v1/', 'Getting started');
    // Replaced, not pushed: Back leaves the docs instead of bouncing off /docs again.
    await page.goBack({waitUntil: 'commit'});
    await waitForPathname(page, '/');
  });
});
