/**
 * Tables written in Markdown (src/css/custom.css, plugins/table-code): short code in a cell (a
 * status, a field name) stays on one line at every width, and a long one (a URL, a path) breaks
 * instead of widening its table past a phone's screen (390 px; at 320 px a table may scroll in its
 * box, never the page).
 */
import {expect, test} from './fixtures';
import {INTRO} from './helpers/site';

/** A page with a column of statuses beside two columns of prose (squeezed to a letter a line once). */
const STATUS_TABLE_PAGE = '/docs/v1/service/dmt/transfer/status';

interface TableReport {
  readonly tables: number;
  /** Code of LONGEST_WHOLE_RUN characters or fewer that the browser broke across lines. */
  readonly brokenShortCode: string[];
  /** How far each table is wider than its box (0 when it fits). */
  readonly overflow: number[];
  readonly breakable: string[];
}

for (const width of [1280, 390, 320]) {
  test.describe(`Markdown tables at ${width} px`, () => {
    test.use({viewport: {width, height: 800}});

    for (const path of [STATUS_TABLE_PAGE, INTRO]) {
      test(`${path}: short code whole, long code wrapped inside the table`, async ({page, open}) => {
        expect(await open(path)).toBe(200);
        const report = await page.evaluate((): TableReport => {
          const tables = Array.from(document.querySelectorAll<HTMLTableElement>('.markdown table:not([class])'));
          const brokenShortCode: string[] = [];
          const breakable: string[] = [];
          for (const code of tables.flatMap((t) => Array.from(t.querySelectorAll('code')))) {
            if (code.classList.contains('breakable')) {
              breakable.push(code.textContent ?? '');
              continue;
            }
            const range = document.createRange();
            range.selectNodeContents(code);
            const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
            if (lines.size > 1) brokenShortCode.push(code.textContent ?? '');
          }
          return {
            tables: tables.length,
            brokenShortCode,
            overflow: tables.map((t) => Math.max(0, t.scrollWidth - t.clientWidth)),
            breakable,
          };
        });
        expect(report.tables).toBeGreaterThan(0);
        expect(report.brokenShortCode).toEqual([]);
        if (width >= 390) {
          expect(
            report.overflow.every((o) => o <= 1),
            `tables wider than their box by ${report.overflow.join(', ')} px`,
          ).toBe(true);
        } else {
          // Narrower, three columns of words can need more: the table scrolls in its box, the page does not.
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          ).toBe(0);
        }
        if (path === INTRO) expect(report.breakable).toContain('https://sandbox.rupeerail.example/api/v1');
      });
    }
  });
}
