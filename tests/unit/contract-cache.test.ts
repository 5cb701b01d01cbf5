/**
 * The contract cache (node/contract/cache.ts) never serves an entry for files it was not
 * made from: its key changes with every input, and work done while an input changed is not kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, inject, it} from 'vitest';
import {SITE_DIR as SITE_ROOT} from '#node/contract/paths';
import {CACHE_KEY_INPUTS, cachedContractSource, contractCacheKey, keepInEntry} from '#node/contract/cache';
import {withChangelog} from '#node/contract/load';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'rupeerail-contract-cache-'));
afterAll(() => fs.rmSync(temp, {recursive: true, force: true}));

/** A site with one file under each input, and a package.json with an import map and a script. */
function site(name: string): string {
  const dir = path.join(temp, name);
  const files: Record<string, string> = {
    'openapi/openapi.yaml': 'openapi: 3.1.0\n',
    'openapi/families/payout.yaml': 'paths: {}\n',
    'redocly.yaml': 'rules: {}\n',
    'core/contract/view-model.ts': 'export {};\n',
    'node/contract/load.ts': 'export {};\n',
    'node/mdx-ast.ts': 'export {};\n',
    'site.config.ts': 'export const site = {};\n',
    'package.json': JSON.stringify({imports: {'#core/*': './core/*.ts'}, scripts: {test: 'vitest'}}),
    'package-lock.json': '{"lockfileVersion": 3}\n',
    'docs/intro.mdx': '# Intro\n',
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** Whether the key hashes `file` (relative to the site). */
const keyCovers = (file: string): boolean =>
  CACHE_KEY_INPUTS.some((input) => file === input || file.startsWith(`${input}/`));

/** The site's import map (package.json `imports`: `#core/*`, `#node/*`). */
const importMap = Object.entries(
  (JSON.parse(fs.readFileSync(path.join(SITE_ROOT, 'package.json'), 'utf8')) as {imports: Record<string, string>})
    .imports,
);

/** The site's file `spec` names from `file`, or undefined for a package (package-lock.json is in the key). */
function resolveImport(spec: string, file: string): string | undefined {
  const mapped = importMap.find(([key]) => spec.startsWith(key.replace('*', '')));
  const base = spec.startsWith('.')
    ? path.posix.join(path.posix.dirname(file), spec)
    : mapped && path.posix.normalize(mapped[1].replace('*', spec.slice(mapped[0].indexOf('*'))));
  if (base === undefined) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) =>
    fs.statSync(path.join(SITE_ROOT, f), {throwIfNoEntry: false})?.isFile(),
  );
}

/** Every file of the site `entry` imports, directly or through another (type imports too), sorted. */
function importedFiles(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(path.join(SITE_ROOT, file), 'utf8');
    for (const [, spec] of text.matchAll(/(?:\bfrom|\bimport\(?)\s*['"]([^'"]+)['"]/g)) {
      const target = spec && resolveImport(spec, file);
      if (target) queue.push(target);
    }
  }
  return [...seen].sort();
}

describe('the contract cache key', () => {
  const base = contractCacheKey(site('base'));

  it.each([
    ['openapi/families/payout.yaml', 'paths: {/x: {}}\n'],
    ['openapi/scenarios/payout.yaml', 'new: file\n'],
    ['redocly.yaml', 'rules: {struct: error}\n'],
    ['core/contract/view-model.ts', 'export const x = 1;\n'],
    ['node/contract/load.ts', 'export const y = 1;\n'],
    ['node/mdx-ast.ts', '// changed\n'],
    ['site.config.ts', 'export const site = {apiVersion: "1.4.0"};\n'],
    ['package-lock.json', '{"lockfileVersion": 3, "packages": {}}\n'],
    ['package.json', JSON.stringify({imports: {'#core/*': './src/core/*.ts'}, scripts: {test: 'vitest'}})],
  ])('changes with %s', (file, text) => {
    const dir = site(`edit-${file.replace(/\W/g, '-')}`);
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), text);
    expect(contractCacheKey(dir)).not.toBe(base);
  });

  it('stays with what the contract is not made from: a page, an npm script', () => {
    const dir = site('unrelated');
    fs.writeFileSync(path.join(dir, 'docs/intro.mdx'), '# Introduction\n');
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({imports: {'#core/*': './core/*.ts'}, scripts: {test: 'vitest', lint: 'eslint .'}}),
    );
    expect(contractCacheKey(dir)).toBe(base);
  });

  it('covers the folders the contract is compiled by, each of which exists', () => {
    // What compiles the contract (the loader, the core's sandbox compiler, the lint config, the lock
    // file) must be inside the key, or an edit to it would serve a stale entry.
    const compiledBy = ['node/contract/load.ts', 'core/sandbox/compile.ts', 'redocly.yaml', 'package-lock.json'];
    expect(compiledBy.filter((file) => !keyCovers(file))).toEqual([]);
    expect(CACHE_KEY_INPUTS.filter((input) => !fs.existsSync(path.join(SITE_ROOT, input)))).toEqual([]);
  });

  it('covers every file of the repository the cache module imports, however far down', () => {
    // The compiling code moves (issue 35 moved it from plugins/api-contract/ to node/contract/): a
    // folder list written by hand would go on hashing the old place while the new one is edited.
    const compiling = importedFiles('node/contract/cache.ts');
    expect(compiling).toEqual(
      expect.arrayContaining(['node/contract/load.ts', 'node/mdx-ast.ts', 'core/sandbox/compile.ts', 'site.config.ts']),
    );
    expect(compiling.filter((file) => !keyCovers(file))).toEqual([]);
  });
});

describe('an entry', () => {
  const root = path.join(temp, 'cache');

  it('is not kept when the inputs changed while it was made', () => {
    expect(keepInEntry(path.join(root, 'aaaa'), 'compiled.v8', '{}', 'bbbb')).toBe(false);
    expect(fs.existsSync(path.join(root, 'aaaa'))).toBe(false);
  });

  it('is kept whole under its key, with the three newest others beside it', () => {
    for (const [i, key] of ['k1', 'k2', 'k3', 'k4'].entries()) {
      expect(keepInEntry(path.join(root, key), 'compiled.v8', `{"n": ${i}}`, key)).toBe(true);
      const at = new Date(Date.now() - (10 - i) * 60_000);
      fs.utimesSync(path.join(root, key), at, at);
    }
    keepInEntry(path.join(root, 'k5'), 'compiled.v8', '{"n": 5}', 'k5');
    expect(fs.readdirSync(root).sort()).toEqual(['k2', 'k3', 'k4', 'k5']);
    expect(fs.readdirSync(path.join(root, 'k5'))).toEqual(['compiled.v8']);
    expect(fs.readFileSync(path.join(root, 'k5', 'compiled.v8'), 'utf8')).toBe('{"n": 5}');
  });
});

describe("the dev server's first start (changelog: 'later')", () => {
  it('returns the contract without a changelog when the entry has none, and makes and keeps it on demand', async () => {
    const run = inject('contractCache');
    const dir = path.join(temp, 'later-entry');
    fs.mkdirSync(dir);
    fs.copyFileSync(path.join(run, 'compiled.v8'), path.join(dir, 'compiled.v8'));

    const first = await cachedContractSource({lint: 'skip', changelog: 'later', dir});
    expect(first.changelogPending).toBe(true);
    expect([first.releases, first.notes]).toEqual([[], []]);
    // Made as a build makes it: the run's entry kept it, so no worker thread is needed here.
    fs.copyFileSync(path.join(run, 'releases.v8'), path.join(dir, 'releases.v8'));
    const made = withChangelog(first, await first.changelogLater!());

    // With a changelog in the entry, a start waits for nothing and gets the same.
    const next = await cachedContractSource({lint: 'skip', changelog: 'later', dir});
    expect(next.changelogPending).toBeUndefined();
    expect(next.changelogLater).toBeUndefined();
    expect('changelogPending' in made).toBe(false);
    expect(made.releases.length).toBeGreaterThan(2);
    expect(made.releases).toEqual(next.releases);
    expect(made.notes).toEqual(next.notes);
  });
});
