/**
 * The harness itself (fixtures.ts): a request to another origin is recorded in `problems`, so the
 * tests that assert a clean page fail on it, and it never leaves the machine (no host name resolves
 * but 127.0.0.1: playwright.config.ts); an origin the test answers itself is not recorded. No page
 * of the site is loaded: the request comes from a blank page.
 */
import {expect, test} from './fixtures';
import {problemList} from './helpers/browser';

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
