/**
 * Every route of ../shared/routes.txt in Chromium, loaded first-hand: 200, its title,
 * hydration, and a clean console and network (no error, no failed request, nothing fetched
 * from another origin: a CSP violation is logged as a console error, so none of those either).
 * Then client-side navigation from the home page, as a reader clicks through.
 *
 * One browser for the file and two tabs, reused: a route costs one page load, not a new context,
 * and the next route loads in the other tab while a test checks its own (helpers/pool.ts).
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Browser, Page} from 'playwright-core';
import {site} from '../../site.config';
import {launchBrowser, problemList} from './helpers/browser';
import {docsSidebar, sidebarLink} from './helpers/docs';
import {encodeRoute, readRoutes} from './helpers/routes';
import {inParallel, resultFor, TABS} from './helpers/pool';
import {openSession, type Session} from './helpers/session';
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

/** What a first load of a route showed, checked by the route's test. */
interface FirstLoad {
  readonly status: number | undefined;
  readonly pathname: string;
  readonly title: string;
  /** The page's main heading (undefined on pages without one: the blog list). */
  readonly heading: string | undefined;
  readonly problems: string[];
}

let browser: Browser;
let sessions: Session[] = [];
/** The tab for the client-side navigation tests (they run after the first loads). */
let session: Session;
let firstLoads: Map<string, Promise<FirstLoad>>;

beforeAll(async () => {
  browser = await launchBrowser();
  sessions = await Promise.all(
    Array.from({length: TABS}, () =>
      openSession(browser, {colorScheme: 'light', viewport: {width: 1280, height: 900}}),
    ),
  );
  session = sessions[0] as Session;
  firstLoads = inParallel(routes, sessions, async (tab, route): Promise<FirstLoad> => {
    const {status, pathname} = await tab.visit(encodeRoute(route));
    return {
      status,
      pathname,
      title: await tab.page.title(),
      heading: await mainHeading(tab.page),
      problems: problemList(tab.problems),
    };
  });
});
afterAll(async () => {
  await Promise.all(sessions.map((tab) => tab.close()));
  await browser?.close();
});

/** Text of the page's main heading, or undefined on pages without one (the blog list). */
async function mainHeading(page: Page): Promise<string | undefined> {
  const h1 = page.locator('main h1, article h1').first();
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

describe('every route in routes.txt, first load in the browser', () => {
  it('the list is not empty', () => {
    expect(routes.length).toBeGreaterThan(90);
  });

  for (const route of routes) {
    it(route, async () => {
      const {status, pathname, title, heading, problems} = await resultFor(firstLoads, route);
      expect(status, `status of ${route}`).toBe(200);
      // '/docs' is the one route that lands elsewhere (the intro), by a redirect.
      expect(pathname).toBe(route === '/docs' ? '/docs/v1/' : encodeRoute(route));
      expectPageTitle(route, title, heading);
      expect(problems, `problems on ${route}`).toEqual([]);
    });
  }
});

describe('client-side navigation from the home page', () => {
  /** Follows `click` to `pathname` without a page load; checks title, heading and problems. */
  async function expectClientNavigation(
    page: Page,
    mark: string,
    pathname: string,
    heading: string | RegExp,
  ): Promise<void> {
    await waitForPathname(page, pathname);
    await expect.poll(() => mainHeading(page), {message: `heading on ${pathname}`, timeout: 10_000}).toMatch(heading);
    const text = (await mainHeading(page)) ?? '';
    await expect.poll(() => page.title(), {message: `title on ${pathname}`}).toBe(`${text} | ${SITE_TITLE}`);
    expect(await sameDocument(page, mark), `${pathname} was a full page load`).toBe(true);
    expect(problemList(session.problems), `problems on the way to ${pathname}`).toEqual([]);
  }

  it('navbar Docs -> intro, sidebar -> an API page -> the brace route /docs/v1/service/aeps/kyc/{kycId}', async () => {
    const {page} = session;
    await session.visit('/');
    const mark = await markDocument(page);

    await page.locator('nav.navbar').getByRole('link', {name: 'Docs', exact: true}).click();
    await expectClientNavigation(page, mark, '/docs/v1/', 'Getting started');

    const sidebar = docsSidebar(page);
    const withdrawal = await sidebarLink(
      sidebar,
      ['Aadhaar banking (AEPS)', 'Transactions'],
      '/docs/v1/service/aeps/withdrawal',
    );
    await withdrawal.click();
    await expectClientNavigation(page, mark, '/docs/v1/service/aeps/withdrawal', 'AEPS cash withdrawal');

    const kyc = await sidebarLink(
      sidebar,
      ['Aadhaar banking (AEPS)', 'Merchant onboarding'],
      '/docs/v1/service/aeps/kyc/{kycId}',
    );
    await kyc.click();
    await expectClientNavigation(page, mark, encodeRoute('/docs/v1/service/aeps/kyc/{kycId}'), /\S/);
  });

  it('footer Blog -> the blog -> a post', async () => {
    const {page} = session;
    await session.visit('/');
    const mark = await markDocument(page);

    await page.locator('footer').getByRole('link', {name: 'Blog', exact: true}).click();
    await waitForPathname(page, '/blog');
    await expect.poll(() => page.title()).toBe(`Blog | ${SITE_TITLE}`);

    await page.locator('main a[href="/blog/long-blog-post"]').first().click();
    await expectClientNavigation(page, mark, '/blog/long-blog-post', /\S/);
  });

  it('/docs lands on the intro /docs/v1/ (history.replace, no page load)', async () => {
    const {page} = session;
    await session.visit('/');
    const mark = await markDocument(page);
    await clientNavigate(page, '/docs');
    await expectClientNavigation(page, mark, '/docs/v1/', 'Getting started');
    // Replaced, not pushed: Back leaves the docs instead of bouncing off /docs again.
    await page.goBack({waitUntil: 'commit'});
    await waitForPathname(page, '/');
  });
});
