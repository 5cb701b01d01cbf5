/**
 * The harness itself (fixtures.ts, and the marks routes.spec's colour rules run on): a request to another origin is recorded in `problems`, so the
 * tests that assert a clean page fail on it, and it never leaves the machine (no host name resolves
 * but 127.0.0.1: playwright.config.ts); an origin the test answers itself is not recorded. No page
 * of the site is loaded: the request comes from a blank page.
 */
import {expect, test} from './fixtures';
import {axeViolationsIn, problemList} from './helpers/browser';
import {markStylesScript} from './helpers/style-cover';

test.describe('foreign requests', () => {
  test.use({stubbedOrigins: ['https://stub.rupeerail.example']});

  test('are recorded and fail where they start; an origin the test answers is not recorded', async ({
    page,
    problems,
  }) => {
    await page.route('https://stub.rupeerail.example/**', (route) =>
      route.fulfill({status: 200, headers: {'access-control-allow-origin': '*'}, body: 'stub'}),
    );
    const outcome = await page.evaluate(async () => {
      const fetched = async (url: string): Promise<string> =>
        fetch(url).then(
          (res) => res.text(),
          () => 'failed',
        );
      return {
        foreign: await fetched('https://cdn.example.org/lib.js'),
        stub: await fetched('https://stub.rupeerail.example/x'),
      };
    });
    expect(outcome).toEqual({foreign: 'failed', stub: 'stub'});
    // What problemList shows of it (the browser also logs the failed load as a console error).
    expect(problems.foreignRequests).toEqual(['https://cdn.example.org/lib.js']);
    expect(problemList(problems)).toContain('foreign request: https://cdn.example.org/lib.js');
  });
});

/**
 * routes.spec's colour rules run on the elements markStyles marks: one per look of each style
 * (helpers/style-cover.ts). An element of the same style whose colours differ, or that the reader
 * does not see where its twin is seen, is a look of its own, so a bad colour is never hidden
 * behind a good twin.
 */
test.describe('the colour rules’ marks', () => {
  test('one element per look: a twin of the same style and colours is left out, a differently coloured one is checked and fails', async ({
    page,
  }) => {
    await page.setContent(
      `<html lang="en"><body style="background: #fff; color: #1c1e21">
        <p class="note" hidden>Not shown</p>
        <p class="note">First note</p>
        <p class="note">Second note, alike</p>
        <p class="note" style="color: #c8c8c8">Third note, too light</p>
      </body></html>`,
    );
    const marked = await page.evaluate<number>(markStylesScript(['p.note'], ['p.note', 'body > p.note'], 'data-mark'));
    expect(marked).toBe(3);
    expect(await page.locator('[data-mark]').allTextContents()).toEqual([
      'Not shown',
      'First note',
      'Third note, too light',
    ]);
    const found = await axeViolationsIn(page, '[data-mark]');
    expect(found).toEqual([expect.stringMatching(/^color-contrast: p\S*:nth-child\(4\)$/)]);
  });
});
