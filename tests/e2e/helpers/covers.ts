/**
 * The style cover and the structure cover of a build, computed once per build. Reading them from
 * 150 pages of HTML takes about 10 CPU seconds, and Playwright loads routes.spec.ts in its runner
 * (to list the tests) and again in each worker: the first to need them writes them to
 * `.tmp/e2e-covers/<key>.json`, the others read that file. The key is a hash of the route list
 * and of each route's HTML file (path, size, modification time), so a new build is a new key;
 * writing one removes the files of earlier builds.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {repoRoot} from './paths';
import {structureCoverOfBuild, type StructureCover} from './structure-cover';
import {styleCoverOfBuild, type StyleCover} from './style-cover';

export interface Covers {
  readonly style: StyleCover;
  /** The structure cover, after the style cover's routes (they get those rules anyway). */
  readonly structure: StructureCover;
}

const CACHE_DIR = join(repoRoot, '.tmp', 'e2e-covers');

type Entries = [string, string[]][];

interface Stored {
  style: {routes: Entries; all: string[]};
  structure: {routes: Entries; all: string[]; byRoute: Entries};
}

const entries = (map: ReadonlyMap<string, ReadonlySet<string>>): Entries =>
  [...map].map(([route, set]) => [route, [...set]]);
const sets = (list: Entries): Map<string, Set<string>> => new Map(list.map(([route, set]) => [route, new Set(set)]));

function keyOf(routes: readonly string[], htmlFile: (route: string) => string): string {
  const hash = createHash('sha256');
  for (const route of routes) {
    const file = htmlFile(route);
    const stat = existsSync(file) ? statSync(file) : undefined;
    hash.update(`${route}\0${file}\0${stat?.size ?? -1}\0${stat?.mtimeMs ?? -1}\n`);
  }
  return hash.digest('hex').slice(0, 20);
}

/** The stored covers, or undefined when there are none for this key (or a new build removed them). */
function readStored(file: string): Stored | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export function coversOfBuild(routes: readonly string[], htmlFile: (route: string) => string): Covers {
  const file = join(CACHE_DIR, `${keyOf(routes, htmlFile)}.json`);
  const stored = readStored(file);
  if (stored) {
    return {
      style: {routes: sets(stored.style.routes), all: new Set(stored.style.all)},
      structure: {
        routes: sets(stored.structure.routes),
        all: new Set(stored.structure.all),
        byRoute: sets(stored.structure.byRoute),
      },
    };
  }
  const style = styleCoverOfBuild(routes, htmlFile);
  const structure = structureCoverOfBuild(routes, htmlFile, style.routes.keys());
  const fresh: Stored = {
    style: {routes: entries(style.routes), all: [...style.all]},
    structure: {routes: entries(structure.routes), all: [...structure.all], byRoute: entries(structure.byRoute)},
  };
  mkdirSync(CACHE_DIR, {recursive: true});
  for (const old of readdirSync(CACHE_DIR)) rmSync(join(CACHE_DIR, old), {force: true});
  // Written whole under another name first, so a reader never finds half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(fresh));
  renameSync(partial, file);
  return {style, structure};
}
