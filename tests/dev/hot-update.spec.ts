/**
 * The dev server shows a writer's saved edit in the open page, in place: no page load, no remount
 * of the app (plugins/mdx-hot hands a docs MDX module's new exports to the open page's DocItem,
 * src/client/doc-hot.ts). A doc no open page shows keeps its update for the page opened next, which
 * shows the newest text. Contract edits take the same path: an operation's data modules are
 * imported by the MDX module of the page that shows it.
 *
 * Each test edits files of the temporary copy of the site the dev server runs in
 * (tests/dev/site-copy.ts; playwright.dev.config.ts makes it), saved the way an editor saves: a new
 * file renamed over the old one. Every edit starts from the file as the working tree has it, and
 * each test waits until its last edit shows, so the next test opens a dev server with nothing left
 * to rebuild; nothing is put back (the copy goes at the end of the run) but a title edit, which
 * remounts the app and so is undone within its own test.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';

/** The repository, whose files are only read: the originals every edit starts from. */
const repoRoot = path.resolve(__dirname, '../..');
/** The copy the dev server runs in (playwright.dev.config.ts sets it), which the tests edit. */
const siteCopy = process.env.E2E_DEV_SITE;
if (!siteCopy)
  throw new Error('tests/dev: E2E_DEV_SITE is not set: run these tests with --config playwright.dev.config.ts');

/** Files by their path in the site. */
const INTRO = {file: 'docs/v1/index.mdx', route: '/docs/v1/'};
const SANDBOX_PAGE = {file: 'docs/v1/test-data.mdx', route: '/docs/v1/test-data'};
const CONTRACT = 'openapi/families/aeps.yaml';
const WITHDRAWAL = '/docs/v1/service/aeps/withdrawal';

/** Saves `text` as `file` of the copy, as an editor does: a new file renamed over the old one. */
const save = (file: string, text: string): void => {
  const target = path.join(siteCopy, file);
  fs.writeFileSync(`${target}.hot-tmp`, text);
  fs.renameSync(`${target}.hot-tmp`, target);
};
/** The file as the working tree has it (the copy's may carry an earlier test's edit). */
const original = (file: string): string => fs.readFileSync(path.join(repoRoot, file), 'utf8');
/** Appends `text` as a last paragraph to the doc as it was before the test. */
const append = (file: string, text: string): void => save(file, `${original(file).trimEnd()}\n\n${text}\n`);

/**
 * How many times the docs module of `file` has run again after an edit in the open page
 * (plugins/mdx-hot/loader.cjs counts them by module id, which the dev server makes from the path),
 * and whether the bundler has no hot update under way (src/client/doc-hot.ts).
 */
const docRuns = (page: Page, file: string): Promise<{runs: number; idle: boolean}> =>
  page.evaluate((suffix) => {
    const runs = Object.entries(globalThis.__rrDocRuns ?? {})
      .filter(([id]) => id.endsWith(suffix))
      .reduce((sum, [, n]) => sum + n, 0);
    return {runs, idle: document.documentElement.dataset.hotStatus === 'idle'};
  }, `/${file}`);

/**
 * Saves an edit of `file` (a doc the page has loaded but does not show) and waits until that doc's
 * module has taken it and the update is done: such an edit changes nothing on screen, so this is
 * the state to wait for. Another update landing meanwhile (a docs reload's metadata) does not count.
 */
async function editAndAwaitDoc(page: Page, file: string, edit: () => void): Promise<void> {
  const before = (await docRuns(page, file)).runs;
  edit();
  await expect
    .poll(
      async () => {
        const now = await docRuns(page, file);
        return now.runs > before && now.idle;
      },
      {timeout: 30_000, message: `the open page takes the update of ${file}`},
    )
    .toBe(true);
}

/** The page's errors in the running test, shown with a failure (a blank page says why). */
let pageErrors: string[] = [];
test.afterEach(async ({page: _page}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && pageErrors.length)
    await testInfo.attach('page errors', {body: pageErrors.join('\n'), contentType: 'text/plain'});
});

/** Opens `route`, and marks the window: a page load would lose the mark. */
async function openMarked(page: Page, route: string): Promise<{errors: string[]}> {
  const errors: string[] = [];
  pageErrors = errors;
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(route);
  await expect(page.locator('article h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Styled on its first visit to the server too: a lazily compiled page's stylesheets once never
  // arrived (plugins/lazy-routes), and the sidebar spanned the whole width above the article.
  const sidebar = await page.locator('aside.theme-doc-sidebar-container').boundingBox();
  expect(sidebar?.width, `the docs sidebar's width on ${route}`).toBeLessThanOrEqual(300);
  await page.evaluate(() => {
    (window as unknown as {hotMark: number}).hotMark = 1;
    (document.querySelector('nav.navbar') as unknown as {hotMark: number}).hotMark = 1;
  });
  return {errors};
}
/** No page load since openMarked: the window still has its mark. */
const stillTheSameLoad = (page: Page): Promise<boolean> =>
  page.evaluate(() => (window as unknown as {hotMark?: number}).hotMark === 1);
/**
 * Only the doc re-rendered: the navbar is the element it was (remounting the app, what Docusaurus
 * does for a docs MDX update without plugins/mdx-hot, creates a new one).
 */
const appNotRemounted = (page: Page): Promise<boolean> =>
  page.evaluate(() => (document.querySelector('nav.navbar') as unknown as {hotMark?: number} | null)?.hotMark === 1);
const article = (page: Page) => page.locator('article');

/**
 * Follows the sidebar's link to `route` and waits until that page shows. The address changes at the
 * click, but Docusaurus keeps the page it leaves on screen until the new route has loaded (a page's
 * first visit compiles it, plugins/lazy-routes): its sidebar marks the link as the current page
 * once the new page renders. Waiting on the URL and any h1 let a test go back before the page
 * had ever shown, so its module never ran and an edit of it was never taken.
 */
async function followSidebar(page: Page, route: string): Promise<void> {
  const link = page.locator(`.menu a[href="${route}"]`).first();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${route.replace(/\//g, '\\/')}$`));
  await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(article(page).locator('h1').first()).toBeVisible();
}

test('an MDX edit shows in the open page, its new heading in the table of contents, without a page load', async ({
  page,
}) => {
  const {errors} = await openMarked(page, INTRO.route);
  append(INTRO.file, '## Hot heading hq1\n\nHot paragraph hq1.');
  await expect(article(page)).toContainText('Hot paragraph hq1.');
  await expect(article(page).locator('h2', {hasText: 'Hot heading hq1'})).toHaveCount(1);
  await expect(page.locator('.table-of-contents a', {hasText: 'Hot heading hq1'})).toHaveCount(1);
  expect(await stillTheSameLoad(page)).toBe(true);
  expect(await appNotRemounted(page)).toBe(true);
  expect(errors).toEqual([]);
});

test("a front matter title edit changes the page's heading and its <title>", async ({page}) => {
  const {errors} = await openMarked(page, INTRO.route);
  const text = original(INTRO.file);
  const title = /^title: (.+)$/m.exec(text)?.[1];
  expect(title, 'docs/v1/index.mdx has a title in its front matter').toBeTruthy();
  save(INTRO.file, text.replace(`title: ${title}`, `title: ${title} hq2`));
  await expect(article(page).locator('h1').first()).toContainText('hq2');
  await expect(page).toHaveTitle(/hq2/);
  // No remount check: the title is also in the doc's metadata module, whose update is not MDX.
  expect(await stillTheSameLoad(page)).toBe(true);
  expect(errors).toEqual([]);
  // The title back, and shown, before the next test: its first edit of this doc would otherwise
  // also undo this one and remount the app (the metadata module again), racing its own check.
  save(INTRO.file, text);
  await expect(page).not.toHaveTitle(/hq2/);
});

test('edits survive leaving and coming back, and an edit saved while another doc is open shows when it is opened', async ({
  page,
}) => {
  const {errors} = await openMarked(page, INTRO.route);
  append(INTRO.file, 'First edit hq3.');
  await expect(article(page)).toContainText('First edit hq3.');
  expect(await appNotRemounted(page)).toBe(true);

  // Away and back: the page shows the edited text, not the one it first loaded.
  await followSidebar(page, SANDBOX_PAGE.route);
  await page.goBack();
  await expect(page).toHaveURL(/\/docs\/v1\/$/);
  await expect(article(page)).toContainText('First edit hq3.');

  // Another doc edited while this one is open: once the update is in, this page is as it was...
  await editAndAwaitDoc(page, SANDBOX_PAGE.file, () => append(SANDBOX_PAGE.file, 'Other doc hq3.'));
  await expect(article(page)).toContainText('First edit hq3.');
  // ...and the other one shows its edit when opened, then takes the next edit in place.
  await followSidebar(page, SANDBOX_PAGE.route);
  await expect(article(page)).toContainText('Other doc hq3.');
  append(SANDBOX_PAGE.file, 'Other doc again hq3.');
  await expect(article(page)).toContainText('Other doc again hq3.');

  // The first doc, edited again while away, shows the newest edit, not the one made in place.
  await editAndAwaitDoc(page, INTRO.file, () => append(INTRO.file, 'Made while away hq3.'));
  await followSidebar(page, INTRO.route);
  await expect(article(page)).toContainText('Made while away hq3.');
  await expect(article(page)).not.toContainText('First edit hq3.');
  append(INTRO.file, 'And in place after that hq3.');
  await expect(article(page)).toContainText('And in place after that hq3.');

  expect(await stillTheSameLoad(page)).toBe(true);
  expect(errors).toEqual([]);
});

test("a contract edit shows in the open operation page's reference, without a page load", async ({page}) => {
  const {errors} = await openMarked(page, WITHDRAWAL);
  // The reference's own stylesheets too (its MDX imports the components): the method's badge is coloured.
  const badge = article(page).locator('.api-call').getByText('POST', {exact: true}).first();
  expect(await badge.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  const text = original(CONTRACT);
  const at = text.indexOf('operationId: aeps-cash-withdrawal');
  expect(at, 'openapi/families/aeps.yaml has the cash withdrawal operation').toBeGreaterThan(0);
  // The operation's first description after its operationId, folded (`>-` then text) or inline.
  save(
    CONTRACT,
    text.slice(0, at) + text.slice(at).replace(/description:(\s*>-?\s*\n\s*|\s+)/, '$&Hot contract hq4. '),
  );
  await expect(article(page)).toContainText('Hot contract hq4.', {timeout: 30_000});
  expect(await stillTheSameLoad(page)).toBe(true);
  expect(await appNotRemounted(page)).toBe(true);
  expect(errors).toEqual([]);
});
