/**
 * The file side of the release notes (core/changelog/notes.ts): reads openapi/releases/notes.yaml
 * and checks it against the releases the changelog compared (node/contract/changelog.ts).
 * Every release on the changelog, the first one included, needs a written summary there; a
 * problem fails with the file, the line and the fix. loadContractSource runs this, so the build
 * and `npm run lint:contract` both stop on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import {ChangelogError, type Release} from '#core/changelog/changelog';
import {checkReleaseNotes, expectedNote, firstRelease, type ReleaseNote} from '#core/changelog/notes';
import {checkTestValues, familyTestValues, sandboxTestValues, type TestValues} from '#core/changelog/test-values';
import {ScenarioYaml} from '#core/sandbox/compile/yaml';
import {parseYaml} from '#core/util/yaml';
import {readDates, RELEASES_DIR} from './changelog';
import {SITE_DIR} from './paths';
import {SANDBOX_FILE} from './sandbox';

export const NOTES_FILE = path.join(RELEASES_DIR, 'notes.yaml');
export const TEST_VALUES_FILE = path.join(RELEASES_DIR, 'test-values.yaml');

export interface NotesInput {
  /** The changelog, newest release first (`loadChangelog`). */
  readonly releases: readonly Release[];
  readonly file?: string;
  /** The folder whose dates.yaml dates the first release. */
  readonly releasesDir?: string;
  /** The sunsets the current contract declares: the newest release's checklist dates must be among them. */
  readonly sunsets?: ReadonlySet<string>;
  /**
   * The test values' record and the sandbox file it is checked against: the repository's by default;
   * a notes `file` of its own (a test's) is checked without them unless it names a record too.
   */
  readonly testValuesFile?: string;
  readonly sandboxFile?: string;
}

/** The test values the scenario files give now: sandbox.yaml's, then each family file's beside it. */
export function currentTestValues(sandboxFile = SANDBOX_FILE): TestValues {
  const dir = path.dirname(sandboxFile);
  const read = (name: string): unknown =>
    new ScenarioYaml(path.relative(SITE_DIR, path.join(dir, name)), fs.readFileSync(path.join(dir, name), 'utf8'))
      .value;
  const families = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.yaml') && name !== path.basename(sandboxFile))
    .sort();
  const values: Record<string, string> = {...sandboxTestValues(read(path.basename(sandboxFile)))};
  for (const name of families) Object.assign(values, familyTestValues(read(name)));
  return values;
}

/** The test values' problems (core/changelog/test-values.ts) against these notes. */
function testValueProblems(input: NotesInput, notes: readonly ReleaseNote[], notesFile: string): string[] {
  if (input.file && !input.testValuesFile) return [];
  const file = input.testValuesFile ?? TEST_VALUES_FILE;
  const sandboxFile = input.sandboxFile ?? SANDBOX_FILE;
  const rel = (f: string) => path.relative(SITE_DIR, f);
  const record = parseYaml(rel(file), fs.readFileSync(file, 'utf8')) as Record<string, TestValues> | null;
  return checkTestValues({
    records: Object.entries(record ?? {}).map(([version, values]) => ({version, values: values ?? {}})),
    current: currentTestValues(sandboxFile),
    notes,
    files: {record: rel(file), sandbox: `${rel(path.dirname(sandboxFile))}/`, notes: notesFile},
  });
}

/** The notes of every release on the changelog, newest first as the page lists them. */
export function readReleaseNotes(input: NotesInput): ReleaseNote[] {
  const file = input.file ?? NOTES_FILE;
  const rel = path.relative(SITE_DIR, file);
  if (!fs.existsSync(file))
    throw new ChangelogError(
      `${rel} is missing. Create it with an entry per release on the changelog (date, summary, breaking): the format is in the header of the file in git.`,
    );
  const oldest = input.releases.at(-1)?.previous;
  const first = oldest
    ? [firstRelease(oldest, readDates(input.releasesDir ?? RELEASES_DIR, [oldest]).get(oldest) as string)]
    : [];
  const newest = input.releases[0]?.version;
  const expected = [
    ...first,
    ...[...input.releases]
      .reverse()
      .map((r) => ({...expectedNote(r), ...(r.version === newest && input.sunsets ? {sunsets: input.sunsets} : {})})),
  ];
  const checked = checkReleaseNotes(rel, fs.readFileSync(file, 'utf8'), expected);
  const {notes} = checked;
  const problems = checked.problems.length ? checked.problems : testValueProblems(input, notes, rel);
  if (problems.length)
    throw new ChangelogError(`${rel} has ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return notes.reverse();
}
