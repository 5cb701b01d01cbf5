import {afterEach, describe, expect, it, vi} from 'vitest';
import type {LoadContext} from '@docusaurus/types';
import mdxHotLoader from '../../plugins/mdx-hot/loader.cjs';
import mdxHotPlugin from '../../plugins/mdx-hot';
import {newestContent, onDocUpdate} from '../../src/client/doc-hot';

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

afterEach(() => {
  delete globalThis.__rrDocHot;
  delete globalThis.__rrDocModules;
  delete globalThis.__rrDocRuns;
});

describe('mdx-hot hand-over (dev server)', () => {
  it('a docs module takes its own updates while an open page takes its new exports, and passes them up once none does', () => {
    const v1 = {default: () => null, toc: ['one']};
    const first = fakeHot(undefined);
    runHandOver(first, 'docs/a.mdx', v1);
    expect([first.accepted, first.invalidated]).toEqual([true, false]);
    expect(globalThis.__rrDocModules?.get(v1.default)).toBe('docs/a.mdx');

    // The page showing it subscribes; an edit runs the module again: the page gets the new content.
    let renders = 0;
    const unsubscribe = onDocUpdate('docs/a.mdx', () => renders++);
    const v2 = {default: () => null, toc: ['one', 'two']};
    const second = fakeHot(nextData(first));
    runHandOver(second, 'docs/a.mdx', v2);
    expect([second.accepted, second.invalidated, renders]).toEqual([true, false, 1]);
    // Each run after an edit is counted by module (the dev tests wait on it), the first run not.
    expect(globalThis.__rrDocRuns).toEqual({'docs/a.mdx': 1});
    const content = newestContent<{toc: string[]}>('docs/a.mdx');
    expect(content).toBe(v2.default); // Docusaurus' shape: the component with the named exports on it
    expect(content?.toc).toEqual(['one', 'two']);

    // No page shows it any more: the next edit goes up to its importers (invalidate), once.
    unsubscribe();
    const third = fakeHot(nextData(second));
    const v3 = {default: () => null, toc: ['three']};
    runHandOver(third, 'docs/a.mdx', v3);
    expect([third.accepted, third.invalidated]).toEqual([false, true]);
    // The page opened next shows this edit, whether or not the update that went up has been applied.
    expect(newestContent('docs/a.mdx')).toBe(v3.default);
    const fourth = fakeHot(nextData(third));
    runHandOver(fourth, 'docs/a.mdx', {default: () => null});
    expect([fourth.accepted, fourth.invalidated]).toEqual([false, false]);
  });

  it('a module no page subscribed to (a partial) passes its first edit up to the page that imports it', () => {
    const first = fakeHot(undefined);
    runHandOver(first, 'docs/_partial.mdx', {default: () => null});
    const second = fakeHot(nextData(first));
    runHandOver(second, 'docs/_partial.mdx', {default: () => null});
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
