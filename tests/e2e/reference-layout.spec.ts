/**
 * The layout of operation and webhook pages (src/css/served/reference.css, issues 24 and 34): the
 * page's summary, then the reference (the call, the request, the answers, the codes), then the guide
 * prose; from 1280 px the code samples and Try it in a sticky column of 480 px or more beside the
 * call and the request's fields, each response's example beside its fields (the contents only from
 * 1600 px, a compact section menu above the content below that), the call and a code block in the
 * first screen; a webhook's payload example beside its fields; below, one column in page order.
 * The page's actions, footer and previous/next as wide as the content; the guide prose at a readable
 * measure (src/css/custom.css) while tables and the reference keep the column's width.
 * Nothing shifts while the page loads and hydrates (CLS 0), and nothing scrolls sideways.
 */
import type {Page} from '@playwright/test';
import {expect, test} from './fixtures';
import {pageIdle, problemList} from './helpers/browser';
import {API_PAGE, API_PAGE_HEADING, clientNavigate, LINKS_TO_API_PAGE, waitForPathname} from './helpers/site';

/**
 * The layout shifts of the page so far (PerformanceObserver, buffered from the first paint), read
 * once the page, hydrated, has rendered two more frames: a shift that hydration causes is recorded
 * with the frame that shows it.
 */
async function layoutShift(page: Page): Promise<{score: number; moved: string[]}> {
  return page.evaluate(
    () =>
      new Promise<{score: number; moved: string[]}>((resolve) => {
        let score = 0;
        const moved: string[] = [];
        type Shift = PerformanceEntry & {
          value: number;
          sources?: {node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly}[];
        };
        const add = (entries: PerformanceEntryList): void => {
          for (const entry of entries as Shift[]) {
            score += entry.value;
            // What moved, for the failure message: the element, and its box before and after.
            for (const {node, previousRect: was, currentRect: now} of entry.sources ?? []) {
              const element = node instanceof Element ? node : node?.parentElement;
              const name = element
                ? `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`
                : '(gone)';
              moved.push(
                `${name} at ${Math.round(entry.startTime)} ms: ${Math.round(was.x)},${Math.round(was.y)} ${Math.round(was.width)}x${Math.round(was.height)} -> ${Math.round(now.x)},${Math.round(now.y)} ${Math.round(now.width)}x${Math.round(now.height)}`,
              );
            }
          }
        };
        const observer = new PerformanceObserver((list) => add(list.getEntries()));
        observer.observe({type: 'layout-shift', buffered: true});
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            add(observer.takeRecords());
            observer.disconnect();
            resolve({score, moved});
          }),
        );
      }),
  );
}

/** An AEPS operation, a payout operation (issue 24's representative pages). */
const OPERATIONS = [API_PAGE, '/docs/v1/service/payout/orders'];
const WEBHOOKS = '/docs/v1/service/aeps/webhooks';
/** A family overview whose states table has four columns of prose (issue 34). */
const DMT_OVERVIEW = '/docs/v1/service/dmt';
/** The first screen: 1280 x 800, the announcement bar included. */
const SCREEN_HEIGHT = 800;

/**
 * Where the reference starts and how long the page is (issue 34). Before the reference came ahead
 * of the guide prose, the request heading stood 2,813 px down the payout order page and 3,211 px
 * down the cash withdrawal page at 1440 px (3,134 and 3,501 at 1280), and the pages were 19,902 and
 * 16,492 px long (22,116 and 19,470): measured on the build of c57abce.
 */
const REQUEST_STARTS_BEFORE = 1600;
/**
 * 14,971 px at 1280 on the payout order page (the longest) before names in code stopped breaking
 * (issue 34: `AEPS_TRANSACTION_|UPDATE`); 15,425 after, as a column of whole names
 * (`INSUFFICIENT_WALLET_BALANCE` in the response codes, +309 px) leaves its neighbour less room;
 * 15,637 once "Reading the answer" took the model's words for each state and the polling schedule
 * instead of hand-written ones (issue 32's read).
 */
const PAGE_SHORTER_THAN = 15_800;
/**
 * At 390 px the samples come before the request: its heading stood 5,718 px down the cash withdrawal
 * page before the reference came first, 3,005 px after (measured on the build of 431304e).
 */
const REQUEST_STARTS_BEFORE_PHONE = 3400;

/** Top of the first element matching `selector`, from the top of the page. */
async function pageTop(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

/** No element wider than the window: nothing scrolls sideways. */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The page's own prose as laid out (issue 34: about 150 characters a line from 1280 px before): the
 * characters of each full line (a paragraph's or Markdown list item's last line left out) of the
 * content's own paragraphs and lists, told apart by where each character's box starts; and the
 * width of the content column beside that of its widest table, which keeps the column's width.
 */
async function proseMeasure(page: Page): Promise<{longest: number; lines: number; column: number; table: number}> {
  return page.evaluate(() => {
    const markdown = document.querySelector('.markdown');
    if (!markdown) return {longest: 0, lines: 0, column: 0, table: 0};
    const range = document.createRange();
    const full: number[] = [];
    for (const block of Array.from(markdown.querySelectorAll(':scope > p, :scope > :is(ul, ol):not([class]) > li'))) {
      const counts: number[] = [];
      let lineTop = Number.NEGATIVE_INFINITY;
      const half = parseFloat(getComputedStyle(block).lineHeight) / 2;
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getBoundingClientRect();
          if (box.height === 0) continue;
          if (box.top > lineTop + half) {
            counts.push(0);
            lineTop = box.top;
          }
          counts[counts.length - 1]! += 1;
        }
      }
      full.push(...counts.slice(0, -1));
    }
    const widths = Array.from(markdown.querySelectorAll('table'), (t) => t.getBoundingClientRect().width);
    return {
      longest: Math.max(0, ...full),
      lines: full.length,
      column: markdown.getBoundingClientRect().width,
      table: Math.max(0, ...widths),
    };
  });
}

/** Prose of 70-90 characters a line (65ch); the widest table as wide as the column. */
async function expectReadableProse(page: Page, where: string): Promise<void> {
  const prose = await proseMeasure(page);
  expect(prose.lines, `${where}: lines of prose measured`).toBeGreaterThan(5);
  expect(prose.longest, `${where}: the longest line of prose, in characters`).toBeLessThanOrEqual(90);
  expect(prose.longest, `${where}: the longest line of prose, in characters`).toBeGreaterThanOrEqual(60);
  expect(prose.table, `${where}: the widest table beside the ${prose.column} px column`).toBeGreaterThan(
    prose.column - 2,
  );
}

/** The one-of rule on the fields it names, once; no rows of bare branches (the withdrawal page, issue 34). */
async function expectOneOfOnItsFields(page: Page): Promise<void> {
  const aadhaar = page.locator('tr#request-aadhaar-number');
  await expect(aadhaar).toContainText('required: one of');
  await expect(aadhaar).toContainText('Send exactly one of aadhaar_number or adhaarnumber.');
  await expect(page.locator('tr', {hasText: 'one of these'})).toHaveCount(0);
}

/**
 * Try it opened from the keyboard (issue 34: the button went, focus fell to the page and the next
 * Tab skipped the form; the panel opened at the foot of the sticky code column, out of sight): focus
 * lands on the panel's first control, in view, and Tab goes on to its next control.
 */
async function expectTryItOpensInView(page: Page, width: number): Promise<void> {
  await page.getByRole('button', {name: 'Try it', exact: true}).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', {name: 'Try it'});
  const focusInPanel = (): Promise<boolean> => panel.evaluate((box) => box.contains(document.activeElement));
  await expect.poll(focusInPanel, {message: `focus in the panel at ${width} px`}).toBe(true);
  await expect(page.locator(':focus'), `the focused control in view at ${width} px`).toBeInViewport();
  await page.keyboard.press('Tab');
  expect(await focusInPanel(), `Tab stays in the panel at ${width} px`).toBe(true);
}

/**
 * The visible code sample's URLs broken only after a separator, never inside a word (issue 34:
 * "servi/ce/aeps/withdrawal" on a phone): any two letters or digits side by side in one text node of
 * a URL sit on one line (the build puts a <wbr> after each separator of a long run,
 * core/code/html.ts, and CSS wraps there first). The URL is copied whole: a <wbr> has no text.
 */
async function expectSampleBreaksAtSeparators(page: Page, width: number): Promise<void> {
  const pre = page.locator('.api-reference__side .api-code-sample[data-lang="cURL"] pre');
  await expect(pre).toContainText('https://sandbox.rupeerail.example/api/v1/service/aeps/withdrawal');
  const split = await pre.evaluate((element): string[] => {
    const range = document.createRange();
    const top = (node: Text, i: number): number => {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      return Math.round(range.getBoundingClientRect().top);
    };
    // The text nodes, each with where it starts in the sample's text (a URL spans several).
    const nodes: {node: Text; start: number}[] = [];
    let text = '';
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      nodes.push({node, start: text.length});
      text += node.data;
    }
    const found: string[] = [];
    for (const url of text.matchAll(/https?:\/\/[^\s"'`<>)\\]+/g))
      for (const {node, start} of nodes)
        for (
          let i = Math.max(0, url.index - start);
          i + 1 < node.data.length && start + i + 1 < url.index + url[0].length;
          i++
        )
          if (/[A-Za-z0-9]{2}/.test(node.data.slice(i, i + 2)) && top(node, i) !== top(node, i + 1))
            found.push(`${node.data.slice(Math.max(0, i - 8), i + 1)}|${node.data.slice(i + 1, i + 9)}`);
    return found;
  });
  expect(split, `the cURL sample broken inside a word at ${width} px`).toEqual([]);
}

/**
 * No name in code broken across lines (issue 34: `X-|Signature` in prose at 390 px, `Content-|Digest`
 * and `AEPS_TRANSACTION_|UPDATE` in tables, `POST /service/aeps/|get-balance`): inline code breaks
 * only at the <wbr> the build puts after a space or a path's `/` (core/util/name-breaks), so each
 * text node of it, a run between two such points, sits on one line; only a value longer than any
 * name (`.rr-value`) may break inside. Read from the line boxes of each run (`getClientRects()`), on
 * the page as laid out: every code of the content, and the codes', states' and events' names.
 */
async function expectNamesWhole(page: Page, where: string): Promise<void> {
  const broken = await page.evaluate(() => {
    const range = document.createRange();
    const found: string[] = [];
    const names = document.querySelectorAll(
      '.markdown :not(pre) > code, .markdown td > [class^="name_"], .markdown [class^="line_"], .markdown [class^="codeName_"]',
    );
    for (const name of Array.from(names)) {
      const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.rr-value')) continue;
        range.selectNodeContents(node);
        const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        if (tops.size > 1) found.push(`${name.textContent ?? ''} (at "${node.textContent ?? ''}")`);
      }
    }
    return found;
  });
  expect(broken, `names in code broken across lines: ${where}`).toEqual([]);
}

/**
 * A family overview's journeys (src/components/Journeys): each "Run this journey" button a full
 * line's gap (1rem) above what follows it (issue 34: it touched the paragraph after it), and the
 * names in the journeys' prose whole on their line (`X-Webhook-Secret-Proof` broke after "X-").
 */
async function expectJourneysSpaced(page: Page, width: number): Promise<void> {
  const report = await page.evaluate(() => {
    const gaps = Array.from(document.querySelectorAll('.markdown .api-on-demand'), (box) => {
      const next = box.nextElementSibling;
      return next ? next.getBoundingClientRect().top - box.getBoundingClientRect().bottom : Number.POSITIVE_INFINITY;
    });
    const range = document.createRange();
    const broken = Array.from(
      document.querySelectorAll<HTMLElement>(":is(h3[id^='journey-'] + p, li[id^='journey-']) code"),
    ).filter((code) => {
      range.selectNodeContents(code);
      const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      return lines > 1 && code.getBoundingClientRect().width < (code.parentElement?.clientWidth ?? 0) - 1;
    });
    return {gaps, broken: broken.map((c) => c.textContent ?? '')};
  });
  expect(report.gaps.length, `journeys' buttons at ${width} px`).toBeGreaterThan(0);
  expect(Math.min(...report.gaps), `the gap under a journey's button at ${width} px`).toBeGreaterThanOrEqual(16);
  expect(report.broken, `names broken in the journeys' prose at ${width} px`).toEqual([]);
}

/**
 * The DMT overview's table of states (core/behaviour/sections.ts, issue 34): as wide as the content
 * or scrolling in its own box, never the page's; no column squeezed (each at least a seventh of the
 * table: six columns once squeezed into about 500 px, the states' changes a word a line); a
 * webhook's name whole; each money-back cell a sentence from its capital, none repeating another's.
 */
async function expectStatesTable(page: Page, width: number): Promise<void> {
  const tables = await page.locator('table.states').evaluateAll((all) =>
    all.map((table) => {
      const box = table.parentElement as HTMLElement;
      const column = (table.closest('.markdown') as HTMLElement).clientWidth;
      const range = document.createRange();
      const lines = (node: Node): number => {
        range.selectNodeContents(node);
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      };
      const money = Array.from(
        table.querySelectorAll<HTMLTableRowElement>('tbody tr'),
        (tr) => tr.cells[3]?.textContent?.trim() ?? '',
      );
      return {
        width: table.getBoundingClientRect().width,
        column,
        scrolls: box.scrollWidth > box.clientWidth + 1,
        columns: Array.from(table.querySelectorAll('thead th'), (th) => Math.round(th.getBoundingClientRect().width)),
        brokenNames: Array.from(table.querySelectorAll('td > [class^="name_"]'))
          .filter((name) => lines(name) > 1)
          .map((name) => name.textContent ?? ''),
        money,
      };
    }),
  );
  expect(tables.length, `state tables at ${width} px`).toBeGreaterThan(0);
  for (const [i, t] of tables.entries()) {
    const where = `table ${i + 1} at ${width} px`;
    if (!t.scrolls) expect(t.width, `${where}: as wide as the ${t.column} px column`).toBeGreaterThan(t.column - 2);
    expect(Math.min(...t.columns), `${where}: its columns ${t.columns.join(', ')} px`).toBeGreaterThanOrEqual(
      t.width / 7,
    );
    expect(t.brokenNames, `${where}: names broken`).toEqual([]);
    const sentences = t.money.filter((m) => m.length > 30);
    expect(
      sentences.filter((m) => !/^[A-Z]/.test(m)),
      `${where}: money back starting in lower case`,
    ).toEqual([]);
    expect(new Set(sentences).size, `${where}: a money-back sentence repeated`).toBe(sentences.length);
  }
  expect(await overflow(page), `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
}

/**
 * The left and right edges of the page's actions ("Copy page"), its footer and previous/next are the
 * content's (issue 34: on webhook pages they stopped at a narrower column).
 */
async function expectAlignedWithContent(page: Page, width: number): Promise<void> {
  const edges = async (selector: string): Promise<number[]> => {
    const box = await page.locator(selector).first().boundingBox();
    return box ? [Math.round(box.x), Math.round(box.x + box.width)] : [];
  };
  const content = await edges('.markdown');
  for (const part of ['.rr-page-actions', '.theme-doc-footer', '.pagination-nav']) {
    expect(await edges(part), `${part} at ${width} px, the content spans ${content.join('-')}`).toEqual(content);
  }
}

/**
 * The columns' class is on an element around the whole doc (see "layout class before the doc"
 * below); a client-side navigation to a page without columns leaves no class behind (nor the grid).
 */
async function expectLayoutClassGoneAfterGuide(page: Page): Promise<void> {
  await expect(page.locator('.api-page--aside')).toHaveCount(1);
  // The way a link goes, without the navbar's link: by now Try it has scrolled the page and the
  // navbar hides on scrolling down (hideOnScroll), so a click on it raced its slide back in (once it
  // never navigated). Clicking through the navbar is routes.spec's "client-side navigation".
  await clientNavigate(page, '/docs/v1/');
  await expect(page.getByRole('heading', {level: 1})).not.toHaveText(API_PAGE_HEADING);
  await expect(page.locator('[class*="api-page--"]')).toHaveCount(0);
}

for (const width of [1920, 1440, 1280]) {
  test.describe(`operation page, ${width} px`, () => {
    test.use({viewport: {width, height: SCREEN_HEIGHT}});

    for (const path of OPERATIONS) {
      // On the AEPS page the same visit checks the fields (their anchors, the open responses, the
      // request body once), at every width.
      const fields =
        path === API_PAGE
          ? `; fields anchored, response fields open, the request body once, the one-of rule on its fields; below 1600 px, Try it opens in view with the focus${width === 1440 ? '; no layout class left after moving on to a guide' : ''}`
          : '';
      test(`${path}: the call and a code block in the first screen, a code column of 480 px or more${fields}`, async ({
        page,
        problems,
        open,
      }) => {
        expect(await open(path)).toBe(200);
        // A shift a reader sees (a block moving a few pixels) scores 0.001 or more; a busy run once
        // recorded 0.00006 at 390 px, a sub-pixel move no reader sees.
        const shift = await layoutShift(page);
        expect(shift.score, `layout shifts: ${shift.moved.join('; ')}`).toBeLessThan(0.001);
        const call = await page.locator('.markdown p:has(> code)').first().boundingBox();
        const code = await page.locator('.api-reference__side .api-code-sample pre').first().boundingBox();
        expect(call && call.y < SCREEN_HEIGHT, `the request line starts at ${call?.y}`).toBe(true);
        expect(code && code.y < SCREEN_HEIGHT - 40, `the code starts at ${code?.y}`).toBe(true);
        const side = await page.locator('.api-reference__side').boundingBox();
        expect(side && side.width >= 480, `the code column is ${side?.width} px`).toBe(true);
        // The reference before the guide prose: the request, the answers and the codes, then the pitfalls.
        const [request, responses, codes, pitfalls] = [
          await pageTop(page, '#request'),
          await pageTop(page, '#responses'),
          await pageTop(page, '#response-codes'),
          await pageTop(page, '#pitfalls'),
        ];
        expect(request, 'the request heading').toBeLessThan(REQUEST_STARTS_BEFORE);
        expect([request < responses, responses < codes, codes < pitfalls]).toEqual([true, true, true]);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(height, 'the page height').toBeLessThan(PAGE_SHORTER_THAN);
        // No blank column: the success answer's example beside its fields.
        const answer = await page.locator('.api-columns__main').first().boundingBox();
        const example = await page.locator('.api-columns__side .api-json-example').first().boundingBox();
        expect(answer && example && example.x >= answer.x + answer.width).toBe(true);
        // Every language's tab in view: none scrolled out of the strip.
        const hidden = await page
          .locator('.api-reference__side .tabs')
          .first()
          .evaluate((ul) => {
            const box = ul.getBoundingClientRect();
            return Array.from(ul.children).filter((li) => li.getBoundingClientRect().right > box.right + 1).length;
          });
        expect(hidden).toBe(0);
        // The contents only where three columns fit; below that, the compact section menu above the content.
        await expect(page.locator('.theme-doc-toc-desktop')).toBeVisible({visible: width >= 1600});
        await expect(page.locator('.theme-doc-toc-mobile')).toBeVisible({visible: width < 1600});
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await expectNamesWhole(page, `${path} at ${width} px`);
        await expectReadableProse(page, `${path} at ${width} px`);
        await expectAlignedWithContent(page, width);
        if (fields) {
          await expect(page.locator('tr#request-amount')).toHaveCount(1);
          await expect(page.locator('tr#request-amount a.hash-link')).toHaveAttribute('href', /#request-amount$/);
          await expect(page.locator('tr[id^="response-data-"]').first()).toBeVisible();
          await expect(page.locator('.markdown details').first()).toHaveAttribute('open', '');
          await expect(page.locator('.api-json-example--in-samples')).toBeHidden();
          await expectOneOfOnItsFields(page);
          // Last but one: it scrolls the page. At the done-means widths (1440, 1280; 390 below).
          if (width < 1600) await expectTryItOpensInView(page, width);
          // Last: it leaves the page (was a load of its own in "layout class before the doc").
          if (width === 1440) await expectLayoutClassGoneAfterGuide(page);
        }
        expect(problemList(problems)).toEqual([]);
      });
    }

    test('webhook page: each payload example beside its fields; "Copy page", footer and previous/next as wide as the content', async ({
      page,
      problems,
      open,
    }) => {
      expect(await open(WEBHOOKS)).toBe(200);
      const main = await page.locator('.api-columns__main').first().boundingBox();
      const side = await page.locator('.api-columns__side').first().boundingBox();
      expect(main && side && side.x >= main.x + main.width).toBe(true);
      await expect(page.getByRole('tab', {name: 'Shell'}).first()).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectNamesWhole(page, `${WEBHOOKS} at ${width} px`);
      await expectAlignedWithContent(page, width);
      expect(problemList(problems)).toEqual([]);
    });
  });
}

test.describe('operation page, 390 px', () => {
  test.use({viewport: {width: 390, height: SCREEN_HEIGHT}});

  test("one column: the call, the samples (broken at a URL's separators only), the fields; response examples in their responses; the section menu, the one-of rule, Try it in view; the webhook page and the AEPS overview fit the width too, the overview's journeys spaced, their names whole, its prose at a readable measure from 1280 px; the DMT overview's states at 1440 and 1280 px", async ({
    page,
    problems,
    open,
  }) => {
    expect(await open(API_PAGE)).toBe(200);
    const shift = await layoutShift(page);
    expect(shift.score, `layout shifts: ${shift.moved.join('; ')}`).toBe(0);
    const top = async (selector: string): Promise<number> =>
      (await page.locator(selector).first().boundingBox())?.y ?? Number.NaN;
    const [samples, request, responses] = [
      await top('.api-reference__side'),
      await top('#request'),
      await top('#responses'),
    ];
    expect(samples < request && request < responses).toBe(true);
    // The reference before the guide prose (before: the request heading 5,718 px down, after it).
    expect(await top('#response-codes')).toBeLessThan(await top('#pitfalls'));
    // Each response's example under its fields.
    const [fields, example] = [await top('.api-columns__main'), await top('.api-columns__side .api-json-example')];
    expect(fields).toBeLessThan(example);
    await expect(page.locator('.api-columns__side .api-json-example').first()).toBeVisible();
    // The response codes stack into labelled cards; nothing scrolls sideways.
    await expect(page.locator('table.api-stack thead').first()).toBeHidden();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // Where the request starts on a phone (before the reference came first: 5,718 px down).
    expect(request, 'the request heading at 390 px').toBeLessThan(REQUEST_STARTS_BEFORE_PHONE);
    // The announcement bar one line (it took 84 of 844 px), measured at 33 px.
    const bar = await page.locator('.theme-announcement-bar').boundingBox();
    expect(bar && bar.height < 50, `the announcement bar is ${bar?.height} px tall`).toBe(true);
    // A way between sections (the theme's menu above the content); the one-of rule; Try it.
    await expect(page.locator('.theme-doc-toc-mobile')).toBeVisible();
    await expectOneOfOnItsFields(page);
    await expectSampleBreaksAtSeparators(page, 390);
    await expectNamesWhole(page, `${API_PAGE} at 390 px`);
    await expectTryItOpensInView(page, 390);

    for (const path of [WEBHOOKS, LINKS_TO_API_PAGE]) {
      expect(await open(path)).toBe(200);
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
      if (path === WEBHOOKS) await expectAlignedWithContent(page, 390);
      await expectNamesWhole(page, `${path} at 390 px`);
    }
    await expectJourneysSpaced(page, 390);
    // The guide's prose (the AEPS overview, open): a readable measure at the wide widths too, its
    // tables as wide as the column. The rule is CSS, so this load serves every width.
    for (const width of [1920, 1440, 1280]) {
      await page.setViewportSize({width, height: SCREEN_HEIGHT});
      await pageIdle(page);
      await expectReadableProse(page, `${LINKS_TO_API_PAGE} at ${width} px`);
      await expectNamesWhole(page, `${LINKS_TO_API_PAGE} at ${width} px`);
      if (width === 1440) await expectJourneysSpaced(page, width);
    }
    // On to the DMT overview without a page load (as its sidebar link goes): its states at the two
    // laptop widths (on a phone the rows are cards, checked by the routes' axe and overflow checks).
    await clientNavigate(page, DMT_OVERVIEW);
    await waitForPathname(page, DMT_OVERVIEW);
    await expect(page.locator('table.states').first()).toBeVisible();
    for (const width of [1440, 1280]) {
      await page.setViewportSize({width, height: SCREEN_HEIGHT});
      await pageIdle(page);
      await expectStatesTable(page, width);
      await expectNamesWhole(page, `${DMT_OVERVIEW} at ${width} px`);
    }
    expect(problemList(problems)).toEqual([]);
  });
});

/**
 * Nested fields fold under their parent (issue 34): the merchant KYC request's `address` shows its
 * fields folded; a link to one of them lands on it unfolded, below the navbar.
 */
test.describe('nested fields', () => {
  test.use({viewport: {width: 1440, height: SCREEN_HEIGHT}});

  test('folded under their parent at 1440, 1280 and 390 px, opened by a link to a field inside', async ({
    page,
    problems,
    open,
  }) => {
    const kyc = '/docs/v1/service/aeps/kyc';
    expect(await open(kyc)).toBe(200);
    const line1 = page.locator('tr#request-address-line1');
    const summary = page.locator('tr#request-address + tr.api-fields__nest > td > details > summary');
    // The fold is HTML and CSS: one load, laid out at each width.
    for (const width of [1440, 1280, 390]) {
      await page.setViewportSize({width, height: SCREEN_HEIGHT});
      await expect(line1, `folded at ${width} px`).toBeHidden();
      await expect(summary).toHaveText(/^Nested fields \(\d+\)$/);
      await expect(summary, `the fold's summary at ${width} px`).toBeVisible();
    }
    // A link on the page (a same-document navigation to the field's anchor), on the phone.
    await page.evaluate(() => {
      window.location.hash = '#request-address-line1';
    });
    await expect(line1).toBeInViewport();
    await page.setViewportSize({width: 1440, height: SCREEN_HEIGHT});
    // A link from elsewhere: the page loads with the field's anchor.
    await page.goto('about:blank');
    expect(await open(`${kyc}#request-address-city`)).toBe(200);
    await expect(page.locator('tr#request-address-city')).toBeInViewport();
    expect(problemList(problems)).toEqual([]);
  });
});

/**
 * A response-code link from an endpoint page (/ResponseCode#code-5) lands on its row, not under the
 * sticky navbar, and the row is marked as the one the link named (issue 34), at every width.
 */
for (const width of [1440, 1280, 390]) {
  test(`response-code link at ${width} px: the row below the navbar, in the first screen, marked, a screen's height at most, its names legible; the per-family table it links follows the catalogue`, async ({
    page,
    problems,
    open,
  }) => {
    await page.setViewportSize({width, height: SCREEN_HEIGHT});
    expect(await open('/ResponseCode#code-5')).toBe(200);
    const row = page.locator('tr#code-5');
    await expect(row).toBeInViewport();
    const [box, navbar] = [await row.boundingBox(), await page.locator('.navbar').boundingBox()];
    const under = navbar ? navbar.y + navbar.height : 0;
    expect(box && box.y >= under - 1, `the row starts at ${box?.y}, the navbar ends at ${under}`).toBe(true);
    expect(box && box.y < SCREEN_HEIGHT / 2, `the row starts at ${box?.y}`).toBe(true);
    const marked = await row.evaluate((tr) => {
      const style = getComputedStyle(tr);
      return {outline: style.outlineStyle, background: style.backgroundColor};
    });
    expect(marked.outline).toBe('solid');
    expect(marked.background).not.toBe('rgba(0, 0, 0, 0)');
    // A row a screen holds (it was 1,000 px: a per-family list in a narrow cell), its code names no
    // smaller than 0.8rem (they were 11.5 px).
    expect(box && box.height < 450, `the row is ${box?.height} px tall`).toBe(true);
    const smallest = await row.evaluate((tr) =>
      Math.min(...Array.from(tr.querySelectorAll('td *'), (el) => parseFloat(getComputedStyle(el).fontSize))),
    );
    expect(smallest, 'the smallest text in the row, px').toBeGreaterThanOrEqual(12.8);
    // The per-family table the row links follows the catalogue (was a load of its own in landing.spec).
    // Its rows (which families, what each says) are data, held by behaviour-render.test.ts.
    await row.getByRole('link', {name: 'How each family resolves it.'}).click();
    await expect(page.locator('[id="code-5-by-family"] + * tbody tr').first()).toBeVisible();
    await expect(page.locator('[id="code-5-by-family"]')).toBeInViewport();
    expect(problemList(problems)).toEqual([]);
  });
}

/**
 * The columns are keyed on the class of an element around the whole doc (src/theme/DocItem,
 * core/contract/page-layout.ts), so the served HTML has it before the title: a browser that paints
 * the title and the call before it has parsed the column (a slow machine, a long page) lays them out
 * as they will stay. Rules keyed on `:has()` of the column did not, and moved them when it arrived.
 */
test.describe('layout class before the doc', () => {
  // Over plain HTTP; that the class goes when a client-side navigation leaves for a guide is a step
  // of the AEPS page's visit at 1440 px above.
  test('in the served HTML of operation and webhook pages, before the title; not on a guide', async ({request}) => {
    for (const [path, name] of [
      [API_PAGE, 'api-page--aside'],
      [WEBHOOKS, 'api-page--columns'],
    ] as const) {
      const served = await (await request.get(path)).text();
      const layout = served.search(new RegExp(`<div class="?${name}"?>`));
      expect(layout, `${path}: no element of class ${name}`).toBeGreaterThan(0);
      expect(layout, `${path}: the class comes after the title`).toBeLessThan(served.indexOf('<h1'));
    }
    expect(await (await request.get('/docs/v1/')).text()).not.toMatch(/api-page--/);
  });
});
