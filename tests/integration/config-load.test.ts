/**
 * How Docusaurus loads the site's config: docusaurus.config.ts, through jiti, which compiles with
 * Babel every TypeScript file and ES module package it meets (about 20 s of a first `npm start` on a
 * loaded two-core machine). docusaurus.config.ts hands docusaurus.site.ts to esbuild instead
 * (node/site-config.ts, node/bundle.ts): jiti compiles those three files, and the packages are
 * required by Node (issue 35).
 *
 * Coupled to Docusaurus' internals: @docusaurus/utils `loadFreshModule` creates a jiti with
 * `{cache: true, requireCache: false, interopDefault: true}`; the same jiti, with `debug` on, says
 * which files it compiled (`[jiti] [transpile] <file>`).
 *
 * An integration test: esbuild runs as a child process, and the config's whole module graph is
 * loaded a second time in this process.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import {afterAll, describe, expect, it, vi} from 'vitest';
import type {Config} from '@docusaurus/types';
import {SITE_DIR} from '#node/generated';
import {loadBundledConfig} from '#node/site-config';
import {keepThreadBundles, keptBundle, THREAD_ENTRIES} from '#node/bundle';
import {
  cachedCompiled,
  COMPILED_FILE,
  compiledInThread,
  contractCacheKey,
  type StartingCompiled,
} from '#node/contract/cache';
import {compiledContract} from '../helpers/contract';

type Jiti = (id: string) => unknown;
const docusaurusRequire = createRequire(createRequire(__filename).resolve('@docusaurus/utils'));
const createJiti = docusaurusRequire('jiti') as (file: string, options: Record<string, unknown>) => Jiti;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'config-load-'));
afterAll(() => {
  vi.restoreAllMocks();
  fs.rmSync(tmp, {recursive: true, force: true});
});

describe('the site config loaded as Docusaurus loads it', () => {
  it('has jiti compile the loader alone, and gives the site config', async () => {
    const compiled: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      const file = args.find((a) => typeof a === 'string' && a.startsWith('/'));
      if (args[0] === '[jiti]' && String(args[1]).startsWith('[transpile]') && typeof file === 'string')
        compiled.push(path.relative(SITE_DIR, file));
    });
    const jiti = createJiti(path.join(SITE_DIR, 'docusaurus.config.ts'), {
      cache: path.join(tmp, 'jiti'),
      requireCache: false,
      interopDefault: true,
      debug: true,
    });
    const loaded = jiti(path.join(SITE_DIR, 'docusaurus.config.ts')) as () => Promise<Config>;
    const config = await loaded();
    expect(compiled.sort()).toEqual(['docusaurus.config.ts', 'node/bundle.ts', 'node/site-config.ts']);
    // Names kept through the bundle: the plugins are the site's, by the names their modules give them.
    expect(config.title).toBe('RupeeRail');
    // The worker threads bundled meanwhile (the changelog's, the contract's compile), so the plugin starts them at once.
    expect(THREAD_ENTRIES.map((entry) => keptBundle(entry)?.code.includes('port.postMessage'))).toEqual([true, true]);
    expect(config.plugins?.map((p) => (Array.isArray(p) ? p[0] : p)).map((p) => (p as {name: string}).name)).toContain(
      'apiContractPlugin',
    );
  }, 120_000);

  it('gives each bundled file its own __dirname, __filename and import.meta.url, and runs afresh each load', async () => {
    const dir = path.join(tmp, 'fixture');
    fs.mkdirSync(path.join(dir, 'deep', 'er'), {recursive: true});
    fs.writeFileSync(
      path.join(dir, 'deep', 'er', 'where.ts'),
      'export const where = {dir: __dirname, file: __filename, url: import.meta.url};\n',
    );
    fs.writeFileSync(
      path.join(dir, 'entry.ts'),
      [
        "import {where} from './deep/er/where';",
        'let loads = ((globalThis as {loads?: number}).loads ?? 0) + 1;',
        '(globalThis as {loads?: number}).loads = loads;',
        'function namedOnce() {}',
        'export default {here: __dirname, where, loads, name: namedOnce.name};',
        '',
      ].join('\n'),
    );
    const first = (await loadBundledConfig(path.join(dir, 'entry.ts'), SITE_DIR)) as Record<string, unknown>;
    const deep = path.join(dir, 'deep', 'er');
    expect(first).toEqual({
      here: dir,
      where: {dir: deep, file: path.join(deep, 'where.ts'), url: `file://${path.join(deep, 'where.ts')}`},
      loads: 1,
      name: 'namedOnce',
    });
    const second = (await loadBundledConfig(path.join(dir, 'entry.ts'), SITE_DIR)) as Record<string, unknown>;
    expect(second.loads).toBe(2);
  }, 60_000);
});

describe("the contract compiled in a worker thread (the dev server's first start)", () => {
  it('fills the cache entry with what a compile here makes, from the bundle the config load kept', async () => {
    // An entry is kept only under the key of the files as they are (cache.ts keepInEntry).
    const dir = path.join(tmp, 'contract', contractCacheKey());
    if (!keptBundle(THREAD_ENTRIES[1])) await keepThreadBundles(SITE_DIR);
    const answer = await compiledInThread(dir);
    expect(answer?.entry, 'the thread answered with the entry').toBeInstanceOf(Uint8Array);
    // The dev server's start goes on with the answer: all it reads, without the published bundle.
    const starting = v8.deserialize(answer!.entry) as StartingCompiled;
    expect(starting.bundled).toBeUndefined();
    await answer!.kept;
    expect(fs.existsSync(path.join(dir, COMPILED_FILE)), 'the thread kept the entry').toBe(true);
    // What the next start and a build read then: the whole entry the thread kept.
    const threaded = await cachedCompiled({dir});
    const here = await compiledContract();
    expect(threaded.bundled).toEqual(here.bundled);
    expect(starting.sandboxFiles).toEqual(here.sandboxFiles);
    expect(threaded.sandboxFiles.map((f) => f.name)).toEqual(here.sandboxFiles.map((f) => f.name));
    expect(threaded.sandboxFiles).toEqual(here.sandboxFiles);
    expect(threaded.deref).toEqual(here.deref);
    expect(threaded.sandbox.index).toEqual(here.sandbox.index);
  }, 120_000);
});
