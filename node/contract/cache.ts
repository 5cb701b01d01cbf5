/**
 * The contract compiled once per run (issue 35): the build, `lint:contract`, `certify:build`,
 * `npm run sandbox`, newman and the Vitest run (tests/contract-setup.ts) each used to lint, bundle
 * and compile the same files again, about 25 s a time on two cores. They now share one entry under
 * `.cache/contract/<key>/`, where the key is a hash of everything the entry is made from:
 *
 *   - the contract (every file under openapi/) and the lint rules (redocly.yaml);
 *   - the code that compiles and checks it (core/, node/: this library and the MDX parser,
 *     site.config.ts, the import map of package.json);
 *   - the installed libraries (package-lock.json) and the Node version.
 *
 * Any edit to any of them is a new key, so an entry is never served for files it was not made
 * from. An entry is written only when the files hashed the same before and after the work (an
 * editor saving mid-load leaves nothing behind), by rename, so a reader never sees half a file.
 *
 * An entry holds, each written once known:
 *   compiled.v8     bundled + dereferenced contract, response codes, the compiled sandbox, the
 *                   envelope check's problems and the engine's files (ajv standalone validators):
 *                   what the sandbox and its tests need;
 *   lint-clean      present once the contract linted clean (redocly.yaml) with this key;
 *   releases.v8     the changelog: every release compared with the one before (`contractReleases`,
 *                   seconds of bundling and diffing; its inputs, openapi/releases/ and
 *                   site.config.ts, are in the key).
 * The other checks of checkContract run on every load, on the compiled contract from the entry.
 *
 * The dev server loads from it at start only (a first start keeps what it compiled for the next),
 * and skips the lint at start when `lint-clean` is there (dev-checks.ts); its reloads after an
 * edit compile again, with their own per-file memos.
 * The changelog's comparisons are also kept piece by piece, outside the entries, by the pieces'
 * content (changelog.ts, `.cache/changelog-diffs/`): a new key re-compares only what changed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import {
  assertContractYamlParses,
  checkContract,
  compileContract,
  contractReleases,
  lintContract,
  startContractReleases,
  lintError,
  type CompiledContract,
  type ContractSource,
} from './load';
import {startThread} from '#node/bundle';
import {SITE_DIR} from './paths';
import {sandboxFiles, type SandboxFile} from './sandbox';
import type {Release} from '#core/changelog/changelog';
import type {ChangelogThread} from './changelog';
import type {OpenApiDocument} from '#core/contract/openapi';

/** The entry's changelog file. */
const RELEASES_FILE = 'releases.v8';

/** The entry's file of the compiled contract. */
export const COMPILED_FILE = 'compiled.v8';

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
const FORMAT = 3;

/** Entries kept besides the current one (other branches checked out in the same folder). */
const KEEP = 3;

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

/** Writes `text` by rename: a reader sees the old file or the whole new one. */
function writeAtomic(file: string, text: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), {recursive: true});
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
}

/** Removes all but the newest KEEP entries besides `dir`. */
function prune(dir: string): void {
  const root = path.dirname(dir);
  const others = fs
    .readdirSync(root, {withFileTypes: true})
    .filter((d) => d.isDirectory() && path.join(root, d.name) !== dir)
    .map((d) => ({file: path.join(root, d.name), mtime: fs.statSync(path.join(root, d.name)).mtimeMs}))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of others.slice(KEEP)) fs.rmSync(old.file, {recursive: true, force: true});
}

/**
 * Keeps `text` in `dir/name` if the inputs still hash to `dir`'s key (`currentKey`): work done
 * while a file changed is returned to its caller but never kept. Whether it was kept.
 */
export function keepInEntry(
  dir: string,
  name: string,
  text: string | Buffer,
  currentKey = contractCacheKey(),
): boolean {
  if (path.basename(dir) !== currentKey) return false;
  const fresh = !fs.existsSync(dir);
  writeAtomic(path.join(dir, name), text);
  if (fresh) prune(dir);
  return true;
}

/**
 * Entries are written with Node's structured serialisation, not JSON: the behaviour model holds
 * Sets and Maps, and the dereferenced contract shares one object between its references, which
 * JSON would turn into `{}` and into copies.
 */
const readEntry = <T>(file: string): T | undefined =>
  fs.existsSync(file) ? (v8.deserialize(fs.readFileSync(file)) as T) : undefined;

/** Whether the entry `dir` holds the compiled contract and its changelog, all the work a load of it keeps. */
export const entryFilled = (dir: string): boolean =>
  fs.existsSync(path.join(dir, COMPILED_FILE)) && fs.existsSync(path.join(dir, RELEASES_FILE));

/** The compiled contract with the sandbox engine's files (index, models, validators). */
export interface CachedCompiled extends CompiledContract {
  readonly bundled: CompiledContract['deref'];
  readonly sandboxFiles: readonly SandboxFile[];
}

export interface CacheOptions {
  /**
   * The entry to use: the one of the files as they are now by default (`contractCacheDir`); the
   * Vitest run passes the one its global setup filled (tests/contract-setup.ts).
   */
  readonly dir?: string;
}

/** The contract compiled now, with the sandbox engine's files: what an entry's COMPILED_FILE holds. */
export async function compiledEntry(): Promise<CachedCompiled> {
  const compiled = await compileContract({bundled: true});
  return {...compiled, bundled: compiled.bundled!, sandboxFiles: sandboxFiles(compiled.deref, compiled.sandbox)};
}

/**
 * An entry without the published bundle (the one with its `$ref`s kept, for the downloads and the
 * MCP server: a build's, never the dev server's): what the compile thread answers before it makes
 * that bundle and keeps the whole entry (compile-worker.ts).
 */
export type StartingCompiled = Omit<CachedCompiled, 'bundled'> & Partial<Pick<CachedCompiled, 'bundled'>>;

/** What compile-worker.ts answers first: the entry without the published bundle (`StartingCompiled`). */
export async function startingEntry(): Promise<StartingCompiled> {
  const compiled = await compileContract({bundled: false});
  return {...compiled, sandboxFiles: sandboxFiles(compiled.deref, compiled.sandbox)};
}

export interface CompileOptions extends CacheOptions {
  /**
   * Compile in a worker thread when the entry has none (the dev server's first start, which goes on
   * with its pages and its bundler meanwhile: compile-worker.ts), without waiting for the published
   * bundle (`StartingCompiled`). A compile that fails there is done again here, so its error is
   * thrown as a compile here throws it.
   */
  readonly thread?: boolean;
}

/** The compiled contract, from the entry or compiled now (and kept). */
export async function cachedCompiled({dir = contractCacheDir()}: CacheOptions = {}): Promise<CachedCompiled> {
  const file = path.join(dir, COMPILED_FILE);
  const kept = readEntry<CachedCompiled>(file);
  if (kept) return kept;
  const entry = await compiledEntry();
  keepInEntry(dir, COMPILED_FILE, v8.serialize(entry));
  return entry;
}

/** The compiled contract from the entry, or else compiled in a worker thread (CompileOptions `thread`). */
async function threadCompiled(dir: string): Promise<StartingCompiled> {
  const kept = readEntry<CachedCompiled>(path.join(dir, COMPILED_FILE));
  if (kept) return kept;
  const fromThread = await compiledInThread(dir);
  if (fromThread) return v8.deserialize(fromThread.entry) as StartingCompiled;
  // The thread's compile failed (or none was started): a YAML syntax error is named by file and line
  // first, as cachedContractSource names it when it compiles here.
  assertContractYamlParses();
  return cachedCompiled({dir});
}

/** What the compile thread is started with: the entry it fills. */
export interface CompileThreadInput {
  readonly dir: string;
}

/** The thread's one answer: the entry without the published bundle, serialised, or why it could not be made. */
export type CompileThreadAnswer = {readonly entry: Uint8Array} | {readonly error: string};

/**
 * The entry made by compile-worker.ts in a worker thread, serialised (`StartingCompiled`: the
 * published bundle is made after the answer), and `kept`, which settles when the thread has ended,
 * the whole entry kept in `dir` (when the files did not change meanwhile); undefined when the
 * thread could not be started or the compile failed.
 */
export async function compiledInThread(dir: string): Promise<{entry: Uint8Array; kept: Promise<void>} | undefined> {
  const input: CompileThreadInput = {dir};
  const worker = await startThread(path.join(__dirname, 'compile-worker.ts'), SITE_DIR, input).catch(() => undefined);
  if (!worker) return undefined;
  const kept = new Promise<void>((resolve) => {
    worker.once('exit', () => resolve());
    worker.once('error', () => resolve());
  });
  return new Promise((resolve) => {
    worker.once('message', (answer: CompileThreadAnswer) => {
      if ('entry' in answer) resolve({entry: answer.entry, kept});
      else resolve(undefined);
    });
    void kept.then(() => resolve(undefined));
  });
}

/**
 * `loadContractSource` through the cache: the same result and the same errors (a lint problem, a
 * failed check). The lint and the compile are done once per key; the checks run on every call
 * (what they derive holds closures over the YAML it was read from, which no file keeps).
 * `lint: 'skip'` for a caller that linted already or runs the lint itself (lint:contract prints
 * each problem).
 */
export async function cachedContractSource({
  lint = 'wait',
  changelog = 'wait',
  dir = contractCacheDir(),
  thread: compileInThread = false,
}: CompileOptions & SourceCacheOptions = {}): Promise<CachedSource> {
  // A YAML syntax error is named by file and line first, as loadContractSource does (no key is
  // needed for that, and the lint and the compile would only report it worse). Compiled in a
  // thread, the files are parsed there: a third of a second of this thread at the dev server's
  // start, and a syntax error fails the thread's compile, which `threadCompiled` then names here.
  if (!compileInThread || lint === 'wait') assertContractYamlParses();
  const releasesKept = (): boolean => fs.existsSync(path.join(dir, RELEASES_FILE));
  const kept = releasesKept();
  const later = changelog === 'later' && !kept;
  // An entry without its changelog: the published releases are compared on the other core while
  // this one lints and compiles (startChangelog).
  const thread = kept || later ? undefined : startContractReleases();
  try {
    if (lint === 'wait') {
      const problems = await cachedLint({dir});
      if (problems.length) throw lintError(problems);
    }
    const {bundled, deref, responseCodes, sandbox, sandboxFiles, envelope} = await (compileInThread
      ? threadCompiled(dir)
      : cachedCompiled({dir}));
    const source = await checkContract({bundled, deref, responseCodes, sandbox, envelope}, (doc) =>
      later ? Promise.resolve(undefined) : cachedReleases(doc, {dir}, thread),
    );
    // The engine's files as the entry keeps them: the site serves them, and making them is seconds of ajv.
    if (!later) return {...source, sandboxFiles};
    const changelogLater = (): Promise<Release[]> =>
      cachedReleases(deref, {dir}, releasesKept() ? undefined : startContractReleases(true));
    return {...source, sandboxFiles, changelogLater};
  } finally {
    thread?.stop();
  }
}

export interface SourceCacheOptions {
  /** `skip` for a caller that linted already or runs the lint itself. */
  readonly lint?: 'wait' | 'skip';
  /**
   * `later` (the dev server's first start): when the entry has no changelog yet, return without
   * one (`changelogPending`) and hand back `changelogLater`, which makes it (seconds of diffing, in
   * a worker thread) and keeps it in the entry.
   */
  readonly changelog?: 'wait' | 'later';
}

/** What `cachedContractSource` returns. */
export interface CachedSource extends ContractSource, Pick<CachedCompiled, 'sandboxFiles'> {
  /** With `changelog: 'later'` and no changelog in the entry: makes it and keeps it (for `withChangelog`). */
  readonly changelogLater?: () => Promise<Release[]>;
}

/**
 * The changelog of `deref`, the compiled contract of the entry `dir`, from the entry or made now (by
 * `thread` when one was started, and kept). A changelog that cannot be made throws as `contractReleases` does, and nothing is kept.
 */
async function cachedReleases(
  deref: OpenApiDocument,
  {dir}: Required<CacheOptions>,
  thread?: ChangelogThread,
): Promise<Release[]> {
  const file = path.join(dir, RELEASES_FILE);
  const kept = readEntry<Release[]>(file);
  if (kept) return kept;
  const releases = await (thread ? thread.releases(deref) : contractReleases(deref));
  keepInEntry(dir, RELEASES_FILE, v8.serialize(releases));
  return releases;
}

/** The lint's problems (redocly.yaml); none at once when the files linted clean before with this key. */
export async function cachedLint({dir = contractCacheDir()}: CacheOptions = {}): Promise<string[]> {
  if (fs.existsSync(path.join(dir, 'lint-clean'))) return [];
  const problems = await lintContract();
  if (!problems.length) keepInEntry(dir, 'lint-clean', '');
  return problems;
}

/** Writes the sandbox engine's files into `outDir` from the entry (what `writeSandbox` writes). */
export function writeCachedSandbox(outDir: string, compiled: CachedCompiled): void {
  fs.mkdirSync(outDir, {recursive: true});
  for (const file of compiled.sandboxFiles) fs.writeFileSync(path.join(outDir, file.name), file.text);
}
