/**
 * The file side of the API changelog (core/changelog/changelog.ts): reads the published releases in
 * openapi/releases/ (dereferenced with Redocly as the contract itself is) with their dates
 * (releases/dates.yaml), and the class overrides (openapi/changelog-overrides.yaml); compares each
 * release with the one before it and the current contract with the newest; checks that the versions
 * agree. Every failure names the file and the fix; loadContract runs this, so the build and
 * `npm run lint:contract` both stop on it.
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import type * as Redocly from '@redocly/openapi-core';
import path from 'node:path';
import type {Worker} from 'node:worker_threads';
import {startThread} from '#node/bundle';
import {nativeRequire} from '#node/native-require';
import {stringify} from 'yaml';
import {YamlSyntaxError} from '#core/util/yaml';
import {
  buildRelease,
  ChangelogError,
  compareVersions,
  type ChangeOverride,
  type Release,
} from '#core/changelog/changelog';
import {compareContracts, type Comparison} from '#core/changelog/diff';
import {parseOverrides, unusedOverrides} from '#core/changelog/overrides';
import {createDiskMemo} from './disk-memo';
import {partLabels, recordChanges, recordMessage, recordOf, type ReleaseRecord} from '#core/changelog/record';
import {CONTRACT_DIR, REDOCLY_CONFIG, SITE_DIR} from './paths';
import {contractDocument, ContractResolver, readContractYaml} from './yaml';

// Loaded by Node, not compiled by jiti with the config (node/native-require.ts).
const {bundle, loadConfig} = nativeRequire('@redocly/openapi-core') as typeof Redocly;

export const RELEASES_DIR = path.join(CONTRACT_DIR, 'releases');
export const OVERRIDES_FILE = path.join(CONTRACT_DIR, 'changelog-overrides.yaml');
/** What each published release held when it was frozen (core/changelog/record.ts). */
export const RECORD_FILE = path.join(RELEASES_DIR, 'record.yaml');

const rel = (file: string): string => path.relative(SITE_DIR, file);

export interface ChangelogInput {
  /** The current contract, bundled and dereferenced. */
  readonly current: unknown;
  /** Operation or webhook id -> the site path of its page. */
  readonly pages: ReadonlyMap<string, string>;
  /** The version the site says it documents (site.config.ts `apiVersion`). */
  readonly siteVersion: string;
  /** The release date of the current version (site.config.ts `apiReleaseDate`). */
  readonly date: string;
  readonly releasesDir?: string;
  readonly overridesFile?: string;
  /** What each release held when frozen; `record.yaml` in `releasesDir` by default. */
  readonly recordFile?: string;
}

/** The published releases in the folder: `<version>.yaml` files, by version. */
export function listReleases(dir = RELEASES_DIR): Map<string, string> {
  const out = new Map<string, string>();
  if (!fs.existsSync(dir)) return out;
  for (const name of fs.readdirSync(dir)) {
    const m = /^(\d+\.\d+\.\d+)\.yaml$/.exec(name);
    if (m?.[1]) out.set(m[1], path.join(dir, name));
  }
  return out;
}

/**
 * What a comparison of two pieces depends on besides the pieces: the code of core/changelog/diff.ts
 * (its rules and what it keeps of the tool's answer, with the schema helpers its rules call), the
 * version of api-smart-diff, and Node's (the files are Node's structured serialisation).
 */
function diffCodeKey(): string {
  const code = [
    'core/changelog/diff.ts',
    'core/changelog/common-parts.ts',
    'core/contract/schema.ts',
    'core/contract/typed-branches.ts',
  ].map((f) => fs.readFileSync(path.join(SITE_DIR, f), 'utf8'));
  // The package exports no package.json: read the one above its entry file.
  let dir = path.dirname(createRequire(path.join(SITE_DIR, 'package.json')).resolve('api-smart-diff'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const tool = fs.readFileSync(path.join(dir, 'package.json'), 'utf8');
  return JSON.stringify([process.version, tool, ...code]);
}

/** Where the comparisons are kept between processes (node/contract/disk-memo.ts). */
export const DIFF_MEMO_DIR = path.join(SITE_DIR, '.cache', 'changelog-diffs');

/**
 * The comparisons, kept for the next load and the next process: a published release never changes,
 * and a contract edit changes one piece, so the dev server's start, a build and lint:contract
 * compare only the pieces none of them compared before.
 */
const memo = createDiskMemo({dir: DIFF_MEMO_DIR, codeKey: diffCodeKey()});

/**
 * Each pair of documents compared once per process, by the two objects: a published release's
 * document is the one `readRelease` keeps, so `warmChangelog`'s comparisons serve the load that
 * follows, and a dev server's reload compares only the current contract again.
 */
const comparedPairs = new WeakMap<object, WeakMap<object, Comparison>>();

function comparePair(before: unknown, after: unknown): Comparison {
  if (typeof before !== 'object' || !before || typeof after !== 'object' || !after)
    return compareContracts(before, after, memo);
  let row = comparedPairs.get(before);
  if (!row) comparedPairs.set(before, (row = new WeakMap()));
  let compared = row.get(after);
  if (!compared) row.set(after, (compared = compareContracts(before, after, memo)));
  return compared;
}
const readReleases = new Map<string, {readonly text: string; readonly parsed: Promise<ReadRelease>}>();

/** A published release: what its file holds, part by part (core/changelog/record.ts), and dereferenced. */
export interface ReadRelease {
  readonly record: ReleaseRecord;
  /** How messages name each part of the record (`operation sms-send (POST /service/sms/send)`). */
  readonly labels: Readonly<Record<string, string>>;
  readonly deref: unknown;
}

/** A published release, recorded and dereferenced; its `info.version` must be its file's name. */
export function readRelease(version: string, file: string): Promise<ReadRelease> {
  const text = fs.readFileSync(file, 'utf8');
  const key = `${version} ${file}`;
  const kept = readReleases.get(key);
  if (kept?.text === text) return kept.parsed;
  const parsed = dereferenceRelease(version, file, text);
  readReleases.set(key, {text, parsed});
  // A release that fails is read again next time (it may have been restored meanwhile).
  parsed.catch(() => readReleases.delete(key));
  return parsed;
}

async function dereferenceRelease(version: string, file: string, text: string): Promise<ReadRelease> {
  let doc;
  try {
    doc = contractDocument(file, text);
  } catch (e) {
    if (!(e instanceof YamlSyntaxError)) throw e;
    throw new ChangelogError(`${e.message}\nRestore it from git; a published release is never edited.`);
  }
  const parsed = doc.parsed as {info?: {version?: unknown}} | undefined;
  if (parsed?.info?.version !== version)
    throw new ChangelogError(
      `${rel(file)} says info.version ${JSON.stringify(parsed?.info?.version)}, not ${version}. A release file is named after the version it holds; restore it from git.`,
    );
  // Before bundling, which dereferences the parsed document in place.
  const record = recordOf(parsed, sha256);
  const labels = partLabels(parsed);
  const config = await loadConfig({configPath: REDOCLY_CONFIG});
  const res = await bundle({doc, config, dereference: true, externalRefResolver: new ContractResolver(config.resolve)});
  if (res.problems.some((p) => p.severity === 'error'))
    throw new ChangelogError(
      `${rel(file)} could not be dereferenced:\n${res.problems.map((p) => `  ${p.message}`).join('\n')}\n  Restore it from git; a published release is never edited.`,
    );
  return {record, labels, deref: res.bundle.parsed};
}

/** The digest of one part of a release in its record: 16 hex digits of its SHA-256 (a change, not an attack, is what it catches). */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The record of every release frozen so far (openapi/releases/record.yaml), by version. */
export function readRecords(file = RECORD_FILE): Record<string, ReleaseRecord> {
  return fs.existsSync(file) ? ((readContractYaml(file) ?? {}) as Record<string, ReleaseRecord>) : {};
}

const RECORD_HEADER = `# What each published release (<version>.yaml beside this file) held when it was frozen: one
# digest (16 hex digits of SHA-256 over its JSON, keys sorted) per path item, webhook (webhooks/<id>),
# component (components/<type>/<name>) and other top-level key. Written once per release by
# \`npm run release:record\`, which adds the releases it lacks and never rewrites one; the build and
# \`npm run lint:contract\` fail when a release file no longer matches its entry, naming each part.
`;

/**
 * Adds the record of each release in `dir` that has none yet (a release just frozen), and returns
 * their versions. A recorded release is never recorded again: that would bless an edit to it.
 */
export async function recordNewReleases(
  dir = RELEASES_DIR,
  recordFile = path.join(dir, path.basename(RECORD_FILE)),
): Promise<string[]> {
  const records = readRecords(recordFile);
  const missing = [...listReleases(dir)].filter(([v]) => !records[v]).sort(([a], [b]) => compareVersions(a, b));
  let text = fs.existsSync(recordFile) ? fs.readFileSync(recordFile, 'utf8') : RECORD_HEADER;
  for (const [version, file] of missing) {
    const {record} = await readRelease(version, file);
    text += stringify({[version]: record}, {lineWidth: 0});
  }
  if (missing.length) fs.writeFileSync(recordFile, text);
  return missing.map(([v]) => v);
}

/**
 * Each published release is what its record says it was when it was frozen: an edited release
 * fails naming each operation, webhook or component that changed, was added or removed, and the fix.
 */
export function assertAsRecorded(
  releases: ReadonlyMap<string, ReadRelease>,
  files: ReadonlyMap<string, string>,
  next: string,
  recordFile = RECORD_FILE,
): void {
  const records = readRecords(recordFile);
  for (const [version, {record, labels}] of releases) {
    const file = rel(files.get(version) as string);
    const recorded = records[version];
    if (!recorded)
      throw new ChangelogError(
        `${file} has no record in ${rel(recordFile)}. Run npm run release:record once, when the release is frozen (see "Release a version of the contract" in CONTRIBUTING.md).`,
      );
    const changes = recordChanges(recorded, record, labels);
    if (changes.length)
      throw new ChangelogError(recordMessage({file, recordFile: rel(recordFile), version, next, changes}));
  }
}

/** The release date of each published version (`<dir>/dates.yaml`, `1.0.0: '2026-11-22'`). */
export function readDates(dir: string, versions: readonly string[]): Map<string, string> {
  const file = path.join(dir, 'dates.yaml');
  const dates = (fs.existsSync(file) ? readContractYaml(file) : {}) as Record<string, unknown>;
  const missing = versions.filter((v) => typeof dates?.[v] !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(dates[v]));
  if (missing.length)
    throw new ChangelogError(
      `${rel(file)} gives no date for ${missing.join(', ')}. Add a line \`<version>: 'YYYY-MM-DD'\` per published release (the day it was published).`,
    );
  return new Map(versions.map((v) => [v, dates[v] as string]));
}

/** The overrides of the file (none when it does not exist); a problem in it fails with file:line. */
export function readOverrides(file = OVERRIDES_FILE): ChangeOverride[] {
  if (!fs.existsSync(file)) return [];
  const {overrides, problems} = parseOverrides(rel(file), fs.readFileSync(file, 'utf8'));
  if (problems.length)
    throw new ChangelogError(
      `${rel(file)} has ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
  return overrides;
}

/** The current contract must not differ from its own version where that version is published. */
/**
 * What `loadChangelog` can do before the current contract is known: read every release published
 * before `version` and compare each with the one before it (kept in process, above). A release that
 * cannot be read is left for `loadChangelog` to report.
 */
export async function warmChangelog(version: string, dir = RELEASES_DIR): Promise<void> {
  const releases = listReleases(dir);
  const older = [...releases.keys()].filter((v) => compareVersions(v, version) < 0).sort(compareVersions);
  const read = await Promise.all(older.map((v) => readRelease(v, releases.get(v) as string)));
  for (let i = 1; i < read.length; i++) comparePair(read[i - 1]?.deref, read[i]?.deref);
}

async function assertUnpublished(version: string, current: unknown, published: string | undefined): Promise<void> {
  if (!published) return;
  const {diffs} = comparePair((await readRelease(version, published)).deref, current);
  if (diffs.length)
    throw new ChangelogError(
      `openapi/ differs from the published ${version} (${rel(published)}) in ${diffs.length} place(s), first ${diffs[0]?.path.map(String).join('.')}, but info.version is still ${version}. Set info.version in openapi/openapi.yaml and apiVersion in site.config.ts to the next version; the changelog then lists these changes.`,
    );
}

/**
 * Every release since the first published one, newest first: each published release compared with
 * the one before it, and the current contract with the newest published release older than it
 * (if the current version is itself published, the contract must not differ from it). Every
 * override must match a change of its release.
 */
export async function loadChangelog(input: ChangelogInput): Promise<Release[]> {
  const dir = input.releasesDir ?? RELEASES_DIR;
  const version = String((input.current as {info?: {version?: unknown}}).info?.version);
  if (input.siteVersion !== version)
    throw new ChangelogError(
      `site.config.ts says apiVersion '${input.siteVersion}', but openapi/openapi.yaml says info.version ${version}. Set both to the version the contract describes.`,
    );
  const releases = listReleases(dir);
  await assertUnpublished(version, input.current, releases.get(version));
  const older = [...releases.keys()].filter((v) => compareVersions(v, version) < 0).sort(compareVersions);
  if (!older.length)
    throw new ChangelogError(
      `${rel(dir)}/ holds no release older than ${version} to compare the contract with. Keep the last published contract there as <version>.yaml (see the comment at the top of the existing one).`,
    );
  const read = await Promise.all(older.map((v) => readRelease(v, releases.get(v) as string)));
  assertAsRecorded(
    new Map(older.map((v, i) => [v, read[i] as ReadRelease])),
    releases,
    version,
    input.recordFile ?? path.join(dir, path.basename(RECORD_FILE)),
  );
  const dates = readDates(dir, older.slice(1));
  const overrides = readOverrides(input.overridesFile ?? OVERRIDES_FILE);
  const used = new Set<ChangeOverride>();
  const docs = read.map((r) => r.deref);
  const steps = [...older.slice(1), version].map((v, i) => ({
    version: v,
    previous: older[i] as string,
    date: v === version ? input.date : (dates.get(v) as string),
    after: v === version ? input.current : docs[i + 1],
    before: docs[i],
  }));
  const out = steps.map((s) => {
    const compared = comparePair(s.before, s.after);
    return buildRelease({...s, pages: input.pages, overrides, used, ...compared});
  });
  const unused = unusedOverrides(overrides, used);
  if (unused.length) throw new ChangelogError(unused.join('\n'));
  return out.reverse();
}

/** What the changelog's thread is started with: `loadChangelog`'s input but the current contract. */
export type ChangelogThreadInput = Omit<ChangelogInput, 'current' | 'pages'> & {
  /**
   * At the lowest CPU priority: the dev server's late changelog (cache.ts, `changelogLater`), made
   * while a browser loads the first page.
   */
  readonly background?: boolean;
};

/** The thread's one answer. */
export type ChangelogThreadAnswer =
  | {readonly releases: Release[]}
  | {readonly error: {readonly message: string; readonly stack?: string; readonly changelog: boolean}};

export interface ChangelogThread {
  /** The changelog of `current`, as `loadChangelog` makes it (its errors too); once. */
  releases(current: unknown): Promise<Release[]>;
  /** Ends the thread if it is still running (a load that failed before it needed the changelog). */
  stop(): void;
}

/**
 * `loadChangelog` on the machine's other core (issue 35, the dev server's first start): the
 * published releases are read, dereferenced and compared with each other (seconds, and none of it
 * needs the current contract) in a worker thread started now, while the caller compiles the
 * contract; `releases(current)` then hands it the compiled contract for the last comparison.
 * Where the thread cannot be started (no esbuild), the changelog is made here, as before.
 */
export function startChangelog(input: ChangelogThreadInput): ChangelogThread {
  const started = startThread(path.join(__dirname, 'changelog-worker.ts'), SITE_DIR, input);
  return {
    async releases(current) {
      let worker: Worker;
      try {
        worker = await started;
      } catch {
        return loadChangelog({...input, current, pages: new Map()});
      }
      return new Promise<Release[]>((resolve, reject) => {
        worker.once('message', (answer: ChangelogThreadAnswer) => {
          void worker.terminate();
          if ('releases' in answer) return resolve(answer.releases);
          const {message, stack, changelog} = answer.error;
          reject(changelog ? new ChangelogError(message) : Object.assign(new Error(message), {stack}));
        });
        worker.once('error', reject);
        worker.once('exit', (code) =>
          reject(new Error(`The changelog's worker thread ended (exit code ${code}) before it answered.`)),
        );
        worker.postMessage(current);
      });
    },
    stop() {
      void started.then(
        (worker) => worker.terminate(),
        () => undefined,
      );
    },
  };
}
