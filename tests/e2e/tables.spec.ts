/**
 * Tables written in Markdown (src/css/custom.css, plugins/code-breaks): short code in a cell (a
 * status, a field name) stays on one line at every width, and a long one (a URL, a path) breaks
 * instead of widening its table past a phone's screen (390 px; at 320 px a table may scroll in its
 * box, never the page). A name in a table never breaks; a path after a `/` only; a field table's caption
 * stays on one line on a phone; a code sample in the 480 px code column wraps instead of cutting its lines.
 * A field table's name (src/components/ParamTable) breaks by the same rule, and never inside a word
 * at laptop widths.
 */
import type {Locator, Page} from '@playwright/test';
import {expect, test} from './fixtures';
import {pageIdle} from './helpers/browser';
import {API_PAGE, INTRO} from './helpers/site';

/**
 * Lays the page out at `width` and waits until React has followed (the theme switches its phone and
 * desktop parts on the resize event): the tables' layout is CSS and the page's state, so one load
 * serves every width.
 */
async function resizeTo(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({width, height});
  await pageIdle(page);
}

/** A page with a column of statuses beside two columns of prose (squeezed to a letter a line once). */
const STATUS_TABLE_PAGE = '/docs/v1/service/dmt/transfer/status';
/** A table of header names (`Authorization`, `Content-Type`) beside prose and media types. */
const HEADERS_PAGE = '/HeaderMarkdown';

interface TableReport {
  readonly tables: number;
  /** Code of LONGEST_WHOLE_RUN characters or fewer that the browser broke across lines. */
  readonly brokenShortCode: string[];
  /** How far each table is wider than its box (0 when it fits). */
  readonly overflow: number[];
  readonly breakable: string[];
  /** Breakable code broken elsewhere than at a <wbr> (after a space, `/` or a long name's `.`: plugins/code-breaks). */
  readonly brokenInsideWord: string[];
}

const MARKDOWN_WIDTHS = [1280, 390, 320];

test.describe(`Markdown tables at ${MARKDOWN_WIDTHS.join(', ')} px`, () => {
  test.use({viewport: {width: MARKDOWN_WIDTHS[0]!, height: 800}});

  for (const path of [STATUS_TABLE_PAGE, INTRO]) {
    test(`${path}: short code whole, long code wrapped inside the table at its separators`, async ({page, open}) => {
      expect(await open(path)).toBe(200);
      for (const width of MARKDOWN_WIDTHS) {
        await resizeTo(page, width, 800);
        const report = await page.evaluate((): TableReport => {
          const tables = Array.from(document.querySelectorAll<HTMLTableElement>('.markdown table:not([class])'));
          const brokenShortCode: string[] = [];
          const breakable: string[] = [];
          const brokenInsideWord: string[] = [];
          const lineCount = (node: Node): number => {
            const range = document.createRange();
            range.selectNodeContents(node);
            return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
          };
          for (const code of tables.flatMap((t) => Array.from(t.querySelectorAll('code')))) {
            if (code.classList.contains('breakable')) {
              breakable.push(code.textContent ?? '');
              // Each run between two <wbr> is one text node, and stays on one line.
              const runs = Array.from(code.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE);
              if (runs.some((run) => lineCount(run) > 1)) brokenInsideWord.push(code.textContent ?? '');
              continue;
            }
            if (lineCount(code) > 1) brokenShortCode.push(code.textContent ?? '');
          }
          return {
            tables: tables.length,
            brokenShortCode,
            overflow: tables.map((t) => Math.max(0, t.scrollWidth - t.clientWidth)),
            breakable,
            brokenInsideWord,
          };
        });
        expect(report.tables).toBeGreaterThan(0);
        expect(report.brokenShortCode, `short code broken at ${width} px`).toEqual([]);
        expect(report.brokenInsideWord, `code broken inside a word at ${width} px`).toEqual([]);
        if (width >= 390) {
          expect(
            report.overflow.every((o) => o <= 1),
            `tables wider than their box by ${report.overflow.join(', ')} px at ${width} px`,
          ).toBe(true);
        } else {
          // Narrower, three columns of words can need more: the table scrolls in its box, the page does not.
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
            `the page scrolls sideways at ${width} px`,
          ).toBe(0);
        }
        if (path === INTRO) expect(report.breakable).toContain('https://sandbox.rupeerail.example/api/v1');
      }
    });
  }
});

/** How many lines the text of `locator` takes, as laid out. */
async function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
  });
}

test.describe('names and captions in tables (issue 24)', () => {
  const headerWidths = [1440, 390, 375, 360];
  test.describe(() => {
    test.use({viewport: {width: headerWidths[0]!, height: 900}});

    test(`${HEADERS_PAGE} at ${headerWidths.join(', ')} px: header names whole, every table inside its box`, async ({
      page,
      open,
    }) => {
      expect(await open(HEADERS_PAGE)).toBe(200);
      for (const width of headerWidths) {
        await resizeTo(page, width, 900);
        const table = page.locator('.markdown table').first();
        for (const name of ['Authorization', 'Content-Type', 'Accept']) {
          const code = table.locator('td code', {hasText: new RegExp(`^${name}$`)});
          expect(await lineCount(code), `${name} at ${width} px`).toBe(1);
        }
        // Down to 360 px: the names whole, the tables' text smaller and cells tighter on a narrow phone
        // (src/css/custom.css), no table scrolling sideways in its box.
        const overflow = await page
          .locator('.markdown table')
          .evaluateAll((tables) => tables.map((t) => t.scrollWidth - t.clientWidth));
        expect(
          overflow.every((o) => o <= 1),
          `tables wider than their box by ${overflow.join(', ')} px at ${width} px`,
        ).toBe(true);
      }
    });
  });

  const fieldWidths = [1440, 1280, 390];
  test.describe(() => {
    test.use({viewport: {width: fieldWidths[0]!, height: 900}});

    /**
     * A field's name never breaks (core/util/name-breaks, as in Markdown tables), so the name column
     * is as wide as its longest name (`nationalbankidentification`); only a dotted name longer than
     * any one word may break after a dot, when it is wider than its cell.
     */
    // The same visit checks the cURL sample in the code column at 1280 px.
    test(`${API_PAGE} at ${fieldWidths.join(', ')} px: field names never broken inside a word, field tables inside their box; at 1280 px the cURL sample in the code column wraps, nothing cut at its edge`, async ({
      page,
      open,
    }) => {
      expect(await open(API_PAGE)).toBe(200);
      for (const width of fieldWidths) {
        await resizeTo(page, width, 900);
        const report = await page.evaluate(() => {
          const names = Array.from(document.querySelectorAll<HTMLElement>('table td > code[data-pagefind-weight]'));
          const lines = (node: Node): number => {
            const range = document.createRange();
            range.selectNodeContents(node);
            return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
          };
          /** The run's width on one line, against the room its cell gives it. */
          const fits = (run: Node, code: HTMLElement): boolean => {
            const probe = document.createElement('span');
            probe.style.whiteSpace = 'nowrap';
            probe.textContent = run.textContent;
            code.append(probe);
            const width = probe.getBoundingClientRect().width;
            probe.remove();
            const cell = code.closest('td') as HTMLElement;
            const style = getComputedStyle(cell);
            return width <= cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          };
          const broken: string[] = [];
          const brokenThoughItFits: string[] = [];
          for (const code of names)
            for (const run of Array.from(code.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE))
              if (lines(run) > 1) {
                broken.push(run.textContent ?? '');
                if (fits(run, code)) brokenThoughItFits.push(run.textContent ?? '');
              }
          const boxes = Array.from(new Set(names.map((n) => n.closest('table')?.parentElement as HTMLElement)));
          return {
            names: names.map((n) => n.textContent ?? ''),
            broken,
            brokenThoughItFits,
            overflow: boxes.map((b) => b.scrollWidth - b.clientWidth),
            page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          };
        });
        expect(report.names).toContain('nationalbankidentification');
        expect(report.brokenThoughItFits, `at ${width} px`).toEqual([]);
        if (width >= 1280) expect(report.broken, `at ${width} px`).toEqual([]);
        expect(
          report.overflow.every((o) => o <= 1),
          `field tables wider than their box by ${report.overflow.join(', ')} px at ${width} px`,
        ).toBe(true);
        expect(report.page, `the page scrolls sideways at ${width} px`).toBe(0);
        if (width === 1280) await expectCurlWraps(page);
      }
    });
  });

  test.describe(() => {
    test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

    test(`${API_PAGE} at 390 px: "Body fields (JSON)" on one line`, async ({page, open}) => {
      expect(await open(API_PAGE)).toBe(200);
      const caption = page.locator('caption', {hasText: 'Body fields (JSON)'}).first();
      await expect(caption).toBeVisible();
      const {height, lineHeight} = await caption.evaluate((element) => {
        const style = getComputedStyle(element);
        const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
        return {height: element.getBoundingClientRect().height - padding, lineHeight: parseFloat(style.lineHeight)};
      });
      expect(Math.abs(height - lineHeight), `caption ${height} px high, its line ${lineHeight} px`).toBeLessThanOrEqual(
        1,
      );
    });
  });

  /**
   * The column's samples wrap: a sample's own horizontal scrollbar is at its bottom, out of sight
   * below a tall cURL sample in the sticky column (and overlay scrollbars show none at all).
   */
  async function expectCurlWraps(page: Page): Promise<void> {
    const pre = page.locator('.api-reference__side .api-code-sample[data-lang="cURL"] pre');
    await expect(pre).toBeVisible();
    const seen = await pre.evaluate((element) => ({
      columnWidth: element.closest('.api-reference__side')?.getBoundingClientRect().width ?? 0,
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      whiteSpace: getComputedStyle(element).whiteSpace,
    }));
    expect(seen.columnWidth).toBeGreaterThanOrEqual(480);
    expect(seen.whiteSpace).toBe('pre-wrap');
    expect(seen.scrollWidth - seen.clientWidth, 'wider than its box').toBeLessThanOrEqual(1);
    await expect(pre).toContainText('https://sandbox.rupeerail.example/api/v1/service/aeps/withdrawal');
  }
});
