import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {LoadContext} from '@docusaurus/types';
import mdxHotLoader from '../../plugins/mdx-hot/loader.cjs';
import mdxHotPlugin from '../../plugins/mdx-hot';
import {installHandOver, newestContent, onDocUpdate} from '../../src/client/doc-hot';

type Exports = {default: object} & Record<string, unknown>;

/** A stand-in for the bundler's `import.meta.webpackHot` of one run of a module. */
function fakeHot(data: Record<string, unknown> | undefined) {
  const hot = {
    data,
    accepted: false,
    invalidated: false,
    disposers: [] as ((data: Record<string, unknown>) => void)[],
    accept() {
      hot.accepted = true;
    },
    dispose(run: (data: Record<string, unknown>) => void) {
      hot.disposers.push(run);
    },
    invalidate() {
      hot.invalidated = true;
    },
  };
  return hot;
}

/** Runs the hand-over code the loader appends, as the bundler would after the module's own code. */
function runHandOver(hot: ReturnType<typeof fakeHot>, id: string, exports: Exports): void {
  const code = mdxHotLoader
    .withHandOver('')
    .replaceAll('import.meta.webpackHot', 'hot$')
    .replaceAll('__webpack_module__', 'module$');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the appended code is what is under test
  const run = new Function('hot$', 'module$', code) as (h: typeof hot, m: {id: string; exports: Exports}) => void;
  run(hot, {id, exports});
}

/** The data object the next run of the module gets: what its dispose handlers put in. */
function nextData(hot: ReturnType<typeof fakeHot>): Record<string, unknown> {
  const data = {};
  for (const run of hot.disposers) run(data);
  return data;
}

beforeEach(() => installHandOver());
afterEach(() => {
  delete globalThis.__rrDocHot;
  delete globalThis.__rrDocModules;
  delete globalThis.__rrDocRuns;
});

describe('mdx-hot hand-over (dev server)', () => {
  it('a doc takes its own updates: an open page gets its new exports, and a doc no page shows keeps them for the page opened next', () => {
    const v1 = {default: () => null, toc: ['one'], metadata: {id: 'a'}};
    const first = fakeHot(undefined);
    runHandOver(first, 'docs/a.mdx', v1);
    expect([first.accepted, first.invalidated]).toEqual([true, false]);
    expect(globalThis.__rrDocModules?.get(v1.default)).toBe('docs/a.mdx');

    // The page showing it subscribes; an edit runs the module again: the page gets the new content.
    let renders = 0;
    const unsubscribe = onDocUpdate('docs/a.mdx', () => renders++);
    const v2 = {default: () => null, toc: ['one', 'two'], metadata: {id: 'a'}};
    const second = fakeHot(nextData(first));
    runHandOver(second, 'docs/a.mdx', v2);
    expect([second.accepted, second.invalidated, renders]).toEqual([true, false, 1]);
    // Each run after an edit is counted by module (the dev tests wait on it), the first run not.
    expect(globalThis.__rrDocRuns).toEqual({'docs/a.mdx': 1});
    const content = newestContent<{toc: string[]}>('docs/a.mdx');
    expect(content).toBe(v2.default); // Docusaurus' shape: the component with the named exports on it
    expect(content?.toc).toEqual(['one', 'two']);

    // No page shows it any more: the next edits are taken all the same, nothing goes up (that
    // re-ran Docusaurus' client entry, and a page opened meanwhile stayed empty), and the page
    // opened next shows the newest.
    unsubscribe();
    const third = fakeHot(nextData(second));
    const v3 = {default: () => null, toc: ['three'], metadata: {id: 'a'}};
    runHandOver(third, 'docs/a.mdx', v3);
    expect([third.accepted, third.invalidated, renders]).toEqual([true, false, 1]);
    const fourth = fakeHot(nextData(third));
    const v4 = {default: () => null, toc: ['four'], metadata: {id: 'a'}};
    runHandOver(fourth, 'docs/a.mdx', v4);
    expect([fourth.accepted, fourth.invalidated]).toEqual([true, false]);
    expect(newestContent('docs/a.mdx')).toBe(v4.default);
  });

  it('a partial (no metadata among its exports) no page shows passes its edit up to the docs that import it, once', () => {
    const first = fakeHot(undefined);
    runHandOver(first, 'docs/_partial.mdx', {default: () => null});
    const second = fakeHot(nextData(first));
    runHandOver(second, 'docs/_partial.mdx', {default: () => null});
    expect([second.accepted, second.invalidated]).toEqual([false, true]);
    const third = fakeHot(nextData(second));
    runHandOver(third, 'docs/_partial.mdx', {default: () => null});
    expect([third.accepted, third.invalidated]).toEqual([false, false]);
  });

  it('with no hand-over installed (a doc run before the docs route component loaded), an edit goes up', () => {
    delete globalThis.__rrDocHot;
    const first = fakeHot(undefined);
    runHandOver(first, 'docs/b.mdx', {default: () => null, metadata: {id: 'b'}});
    const second = fakeHot(nextData(first));
    runHandOver(second, 'docs/b.mdx', {default: () => null, metadata: {id: 'b'}});
    expect([second.accepted, second.invalidated]).toEqual([false, true]);
  });
});

describe('mdxHotPlugin', () => {
  const plugin = mdxHotPlugin({siteDir: '/site'} as LoadContext, {docsPath: 'docs'});
  const configure = (isServer: boolean) =>
    (plugin.configureWebpack as (c: object, s: boolean) => {module?: {rules: {include: string[]}[]}})({}, isServer);

  it('adds its loader to the docs MDX of the dev server client bundle only', () => {
    vi.stubEnv('NODE_ENV', 'development');
    expect(configure(false).module?.rules[0]?.include).toEqual(['/site/docs']);
    expect(configure(true)).toEqual({});
    vi.stubEnv('NODE_ENV', 'production');
    expect(configure(false)).toEqual({});
    vi.unstubAllEnvs();
  });
});
