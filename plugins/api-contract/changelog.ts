/**
 * The file side of the API changelog (core/changelog/changelog.ts): reads the published releases in
 * openapi/releases/ (dereferenced with Redocly as the contract itself is) with their dates
 * (releases/dates.yaml), and the class overrides (openapi/changelog-overrides.yaml); compares each
 * release with the one before it and the current contract with the newest; checks that the versions
 * agree. Every failure names the file and the fix; loadContract runs this, so the build and
 * `npm run lint:contract` both stop on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import {bundle, loadConfig} from '@redocly/openapi-core';
import {YamlSyntaxError} from '#core/util/yaml';
import {
  buildRelease,
  ChangelogError,
  compareVersions,
  type ChangeOverride,
  type Release,
} from '#core/changelog/changelog';
import {compareContracts} from '#core/changelog/diff';
import {parseOverrides, unusedOverrides} from '#core/changelog/overrides';
import {createReloadMemo} from '#core/util/memo';
import {CONTRACT_DIR, REDOCLY_CONFIG, SITE_DIR} from './paths';
import {contractDocument, ContractResolver, readContractYaml} from './yaml';

export const RELEASES_DIR = path.join(CONTRACT_DIR, 'releases');
export const OVERRIDES_FILE = path.join(CONTRACT_DIR, 'changelog-overrides.yaml');

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
 * The comparisons and releases of this process, kept for the next load: the dev server loads the
 * contract again on every edit of it, and a published release never changes.
 */
const memo = createReloadMemo();
const readReleases = new Map<string, {readonly text: string; readonly parsed: Promise<unknown>}>();

/** A published release, dereferenced; its `info.version` must be its file's name. */
export function readRelease(version: string, file: string): Promise<unknown> {
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

async function dereferenceRelease(version: string, file: string, text: string): Promise<unknown> {
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
  const config = await loadConfig({configPath: REDOCLY_CONFIG});
  const res = await bundle({doc, config, dereference: true, externalRefResolver: new ContractResolver(config.resolve)});
  if (res.problems.some((p) => p.severity === 'error'))
    throw new ChangelogError(
      `${rel(file)} could not be dereferenced:\n${res.problems.map((p) => `  ${p.message}`).join('\n')}\n  Restore it from git; a published release is never edited.`,
    );
  return res.bundle.parsed;
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
async function assertUnpublished(version: string, current: unknown, published: string | undefined): Promise<void> {
  if (!published) return;
  const {diffs} = compareContracts(await readRelease(version, published), current, memo);
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
  const dates = readDates(dir, older.slice(1));
  const overrides = readOverrides(input.overridesFile ?? OVERRIDES_FILE);
  const used = new Set<ChangeOverride>();
  const docs = await Promise.all(older.map((v) => readRelease(v, releases.get(v) as string)));
  const steps = [...older.slice(1), version].map((v, i) => ({
    version: v,
    previous: older[i] as string,
    date: v === version ? input.date : (dates.get(v) as string),
    after: v === version ? input.current : docs[i + 1],
    before: docs[i],
  }));
  const out = steps.map((s) => {
    const compared = compareContracts(s.before, s.after, memo);
    return buildRelease({...s, pages: input.pages, overrides, used, ...compared});
  });
  const unused = unusedOverrides(overrides, used);
  if (unused.length) throw new ChangelogError(unused.join('\n'));
  return out.reverse();
}
