/**
 * openapi/releases/notes.yaml (its format in the file's header): the written part of each release
 * on the API changelog, which the diff cannot say: what the release is for, in a few sentences,
 * and the checklist of what a client must change, each item with what to do and its sunset.
 * Parsed here with each entry's line, and checked against the releases the diff made, so that a
 * release without a summary, or with breaking changes and an empty checklist, stops the build with
 * `file:line` and the fix. Build time only (the yaml library never reaches the browser).
 */
import {isMap, isScalar, type Document, type LineCounter} from 'yaml';
import {parseYamlDocument, YamlSyntaxError} from '../util/yaml';
import type {Release} from './changelog';

/** One item of a release's breaking-changes checklist. */
export interface BreakingNote {
  /** What changed, in a sentence (inline `code` allowed). */
  readonly change: string;
  /** What a client does about it. */
  readonly action: string;
  /** The last day the old form works (`2027-03-31`), or none: no transition window. */
  readonly sunset?: string;
}

export interface ReleaseNote {
  readonly version: string;
  /** ISO date, `2026-11-24`: the same as the release's (dates.yaml, or site.config.ts for the current one). */
  readonly date: string;
  /** What the release is for, in our own words: a paragraph. */
  readonly summary: string;
  /** Empty when the release breaks nothing: the page says "None". */
  readonly breaking: readonly BreakingNote[];
}

/** What the diff found in one release, that its notes must agree with. */
export interface ExpectedNote {
  readonly version: string;
  readonly date: string;
  /** Changes classed breaking (per operation, every operation and the document as a whole). */
  readonly breaking: number;
  /** Changes classed deprecated: an old form with a sunset, which the checklist may list too. */
  readonly deprecated: number;
  /**
   * The sunsets the contract declares (`x-sunset`, `x-transitions`), for the newest release only:
   * its checklist's dates must be among them. Older releases' windows may since have closed.
   */
  readonly sunsets?: ReadonlySet<string>;
}

export interface ParsedNotes {
  readonly notes: ReleaseNote[];
  readonly problems: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The text of a key as written (a date or a version YAML may read as something else), '' if absent. */
const textOf = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

type Located = (path: readonly (string | number)[]) => string;

interface Ranged {
  readonly range?: [number, number, number];
}

/** The node whose line names `path`: a key where the path ends in one (its entry starts there), else the value. */
function nodeAt(doc: Document, path: readonly (string | number)[]): Ranged | undefined {
  const parent = path.length > 1 ? doc.getIn(path.slice(0, -1), true) : doc.contents;
  const last = path.at(-1);
  if (isMap(parent)) {
    const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(last));
    return (pair?.key as Ranged | undefined) ?? undefined;
  }
  return doc.getIn(path, true) as Ranged | undefined;
}

/** `file:line` of the entry at `path`, or of the file's first line. */
function locator(file: string, doc: Document, lines: LineCounter): Located {
  return (path) => {
    const node = nodeAt(doc, path);
    return `${file}:${node?.range ? lines.linePos(node.range[0]).line : 1}`;
  };
}

/** One checklist item, or its problem. */
function breakingOf(value: unknown, at: string, version: string): BreakingNote | string {
  const entry = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const [change, action, sunset] = [textOf(entry.change), textOf(entry.action), textOf(entry.sunset)];
  if (!change || !action)
    return `${at}: a breaking change of ${version} needs change (what changed) and action (what to do), as text.`;
  if (sunset !== 'none' && !DATE.test(sunset))
    return `${at}: sunset "${sunset}" of a breaking change of ${version} is not a date. Write the last day the old form works (YYYY-MM-DD), or none when there is no transition window.`;
  return sunset === 'none' ? {change, action} : {change, action, sunset};
}

/** One release's entry, or its problems. */
function noteOf(version: string, value: unknown, at: Located): ReleaseNote | string[] {
  const entry = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const problems: string[] = [];
  const summary = textOf(entry.summary);
  if (!summary)
    problems.push(
      `${at([version])}: ${version} has no summary. Write a few sentences under ${version}.summary: what the release is for, in our own words.`,
    );
  const date = textOf(entry.date);
  if (!DATE.test(date))
    problems.push(`${at([version])}: ${version} needs date: 'YYYY-MM-DD', the day it was published.`);
  const list = entry.breaking ?? [];
  if (!Array.isArray(list))
    problems.push(`${at([version, 'breaking'])}: ${version}.breaking must be a list ([] when nothing breaks).`);
  const breaking = (Array.isArray(list) ? list : []).map((b: unknown, i) =>
    breakingOf(b, at([version, 'breaking', i]), version),
  );
  problems.push(...breaking.filter((b): b is string => typeof b === 'string'));
  if (problems.length) return problems;
  return {version, date, summary, breaking: breaking as BreakingNote[]};
}

/** The notes of the file's text, by version; `file` is the path messages name (relative to the site). */
export function parseReleaseNotes(file: string, text: string): ParsedNotes & {readonly at: Located} {
  let parsed;
  try {
    parsed = parseYamlDocument(file, text);
  } catch (e) {
    if (!(e instanceof YamlSyntaxError)) throw e;
    return {notes: [], at: () => `${file}:${e.line}`, problems: [e.message]};
  }
  const {doc, lines} = parsed;
  const at = locator(file, doc, lines);
  const value: unknown = doc.toJS();
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return {notes: [], at, problems: [`${file}:1: the file must map each version to its notes (see its header).`]};
  const out = {notes: [] as ReleaseNote[], problems: [] as string[], at};
  for (const [version, entry] of Object.entries(value as Record<string, unknown>)) {
    const note = noteOf(version, entry, at);
    if (Array.isArray(note)) out.problems.push(...note);
    else out.notes.push(note);
  }
  return out;
}

/** Where the release's date comes from, for messages. */
const DATE_SOURCE = 'openapi/releases/dates.yaml, or site.config.ts apiReleaseDate for the current version';

/** The problems of one release's notes against what the diff found in it. */
function agreement(note: ReleaseNote, expected: ExpectedNote, at: Located): string[] {
  const {version} = note;
  const problems: string[] = [];
  if (note.date !== expected.date)
    problems.push(
      `${at([version, 'date'])}: ${version}.date is ${note.date}, but the release is dated ${expected.date} (${DATE_SOURCE}). Make the two the same.`,
    );
  if (expected.breaking > 0 && note.breaking.length === 0)
    problems.push(
      `${at([version])}: ${version} lists no breaking changes, but the changelog finds ${expected.breaking} breaking change(s) in it. Add each under ${version}.breaking with change, action and sunset.`,
    );
  if (expected.breaking + expected.deprecated === 0 && note.breaking.length > 0)
    problems.push(
      `${at([version, 'breaking'])}: ${version} lists breaking changes, but the changelog finds no breaking or deprecated change in it. Write breaking: [] or correct the version.`,
    );
  return [...problems, ...undeclaredSunsets(note, expected.sunsets, at)];
}

/** Checklist dates the contract does not declare: the page would promise a window the API does not keep. */
function undeclaredSunsets(note: ReleaseNote, sunsets: ReadonlySet<string> | undefined, at: Located): string[] {
  if (!sunsets) return [];
  const declared = [...sunsets].sort().join(', ') || 'none';
  return note.breaking.flatMap((item, i) =>
    item.sunset && !sunsets.has(item.sunset)
      ? [
          `${at([note.version, 'breaking', i, 'sunset'])}: ${note.version}.breaking[${i}] gives sunset ${item.sunset}, which no x-sunset or x-transitions of the contract declares (declared: ${declared}). Give the contract's date, or none.`,
        ]
      : [],
  );
}

/**
 * The notes of every release the changelog shows, oldest first as `expected` lists them; problems
 * for a release without notes or a summary, a date that differs, a checklist the diff contradicts,
 * and notes of a version that is no release.
 */
export function checkReleaseNotes(file: string, text: string, expected: readonly ExpectedNote[]): ParsedNotes {
  const parsed = parseReleaseNotes(file, text);
  if (parsed.problems.length) return parsed;
  const byVersion = new Map(parsed.notes.map((n) => [n.version, n]));
  const problems: string[] = [];
  for (const e of expected) {
    const note = byVersion.get(e.version);
    if (!note)
      problems.push(
        `${file}: no notes for ${e.version}. Add "${e.version}:" with date, summary (a few sentences: what the release is for) and breaking (see the file's header).`,
      );
    else problems.push(...agreement(note, e, parsed.at));
  }
  const known = new Set(expected.map((e) => e.version));
  for (const n of parsed.notes)
    if (!known.has(n.version))
      problems.push(
        `${parsed.at([n.version])}: ${n.version} is no release of openapi/releases/ nor the current version. Correct the version or delete the entry.`,
      );
  return {notes: expected.flatMap((e) => byVersion.get(e.version) ?? []), problems};
}

/** What the diff found in a release, for its notes to agree with (`checkReleaseNotes`). */
export function expectedNote(release: Release): ExpectedNote {
  const lines = [...release.everyOperation, ...release.api, ...release.items.flatMap((i) => i.changes)];
  // A removed operation has no lines of its own: its removal is the breaking change.
  const removed = release.items.filter((i) => i.status === 'removed').length;
  return {
    version: release.version,
    date: release.date,
    breaking: lines.filter((l) => l.type === 'breaking').length + removed,
    deprecated: lines.filter((l) => l.type === 'deprecated').length,
  };
}

/** The first release, which nothing came before: notes with nothing to agree with but its date. */
export const firstRelease = (version: string, date: string): ExpectedNote => ({
  version,
  date,
  breaking: 0,
  deprecated: 0,
});
