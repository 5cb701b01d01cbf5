/**
 * The file side of the release notes (core/changelog/notes.ts): reads openapi/releases/notes.yaml
 * and checks it against the releases the changelog compared (plugins/api-contract/changelog.ts).
 * Every release on the changelog, the first one included, needs a written summary there; a
 * problem fails with the file, the line and the fix. loadContractSource runs this, so the build
 * and `npm run lint:contract` both stop on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import {ChangelogError, type Release} from '#core/changelog/changelog';
import {checkReleaseNotes, expectedNote, firstRelease, type ReleaseNote} from '#core/changelog/notes';
import {readDates, RELEASES_DIR} from './changelog';
import {SITE_DIR} from './paths';

export const NOTES_FILE = path.join(RELEASES_DIR, 'notes.yaml');

export interface NotesInput {
  /** The changelog, newest release first (`loadChangelog`). */
  readonly releases: readonly Release[];
  readonly file?: string;
  /** The folder whose dates.yaml dates the first release. */
  readonly releasesDir?: string;
  /** The sunsets the current contract declares: the newest release's checklist dates must be among them. */
  readonly sunsets?: ReadonlySet<string>;
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
  const {notes, problems} = checkReleaseNotes(rel, fs.readFileSync(file, 'utf8'), expected);
  if (problems.length)
    throw new ChangelogError(`${rel} has ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return notes.reverse();
}
