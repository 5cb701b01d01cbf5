/**
 * Every route of project-routes.txt in Chromium, loaded first-hand: 200, its title,
 * hydration, and a clean console and network (no error, no failed request, nothing fetched
 * from another origin: a CSP violation is logged as a console error, so none of those either).
 * Then client-side navigation from the home page, as a reader clicks through.
 *
 * A route costs one page load, not a new context: the workers' tabs (the `tab` fixture) are
 * reused from route to route, and Playwright spreads the routes over the workers.
 */
import type {Page} from '@playwright/test';
import {site} from '../../site.config';
import {expect, test} from './fixtures';
import {problemList, type PageProblems} from './helpers/browser';
import {docsSidebar, sidebarLink} from './helpers/docs';
import {encodeRoute, readRoutes} from './helpers/routes';
import {clientNavigate, markDocument, sameDocument, waitForPathname} from './helpers/site';

const SITE_TITLE = site.productName;
/**
 * The home page passes the tagline as its title (src/pages/index.tsx), so Docusaurus writes
 * '<tagline> | <site title>' like on any other page. The tagline is `API Docs by <provider>`
 * (docusaurus.config.ts).
 */
const HOME_TITLE = `API Docs by ${site.provider} | ${SITE_TITLE}`;
const TITLE_FORMAT = new RegExp(`^(.+) \\| ${SITE_TITLE}$`);

const routes = readRoutes();

const MAIN_HEADING = 'main h1, article h1';

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

test.describe('every route in routes.txt, first load in the browser', () => {
  test('the list is not empty', () => {
    expect(routes.length).toBeGreaterThan(90);
  });

  for (const route of routes) {
    test(route, async ({tab}) => {
      const {status, pathname} = await tab.visit(encodeRoute(route));
      expect(status, `status of ${route}`).toBe(200);
      // '/docs' is the one route that lands elsewhere (the intro), by a redirect.
      expect(pathname).toBe(route === '/docs' ? '/docs/v1/' : encodeRoute(route));
      expectPageTitle(route, await tab.page.title(), await mainHeading(tab.page));
      expect(problemList(tab.problems), `problems on ${route}`).toEqual([]);
    });
  }
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
