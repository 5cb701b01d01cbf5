/**
 * The contract cache's key and folders (cache.ts describes the cache): only Node's own modules, so
 * the dev server's first import (plugins/api-contract/dev-prestart.ts) can tell whether the entry
 * of the files as they are is there before anything heavy loads.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {SITE_DIR} from './paths';

/** Folders and files, relative to the site, whose content the key covers. */
export const CACHE_KEY_INPUTS = [
  'openapi',
  'redocly.yaml',
  'core',
  'node',
  'site.config.ts',
  'package.json',
  'package-lock.json',
] as const;

/** Raised when what an entry holds changes shape, so entries of an older cache.ts are not read. */
const FORMAT = 2;

export const contractCacheRoot = (siteDir = SITE_DIR): string => path.join(siteDir, '.cache', 'contract');

/** Every file under `entry` (a file or folder), sorted, so the hash does not depend on readdir's order. */
function filesUnder(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry, {recursive: true, withFileTypes: true})
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

/**
 * Of package.json, what the compiling code depends on: its import map (`#core/*`); the versions
 * installed are package-lock.json's. A new npm script is not a new key.
 */
const packageImports = (file: string): string =>
  JSON.stringify((JSON.parse(fs.readFileSync(file, 'utf8')) as {imports?: unknown}).imports ?? null);

/** The hash of every input's path and content (see the top of this file). */
export function contractCacheKey(siteDir = SITE_DIR, inputs: readonly string[] = CACHE_KEY_INPUTS): string {
  const hash = crypto.createHash('sha256').update(`format ${FORMAT}\nnode ${process.version}\n`);
  for (const input of inputs) {
    for (const file of filesUnder(path.join(siteDir, input))) {
      const name = path.relative(siteDir, file);
      hash.update(`${name}\0`);
      hash.update(name === 'package.json' ? packageImports(file) : fs.readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex').slice(0, 32);
}

/** The entry folder of the files as they are now. */
export const contractCacheDir = (siteDir = SITE_DIR): string =>
  path.join(contractCacheRoot(siteDir), contractCacheKey(siteDir));

/** The files of an entry that `fillContractCache` (cache.ts) writes. */
const FILLED = ['compiled.v8', 'releases.v8'] as const;

/** Whether the entry holds what `fillContractCache` writes. */
export const contractCacheFilled = (dir = contractCacheDir()): boolean =>
  FILLED.every((name) => fs.existsSync(path.join(dir, name)));
