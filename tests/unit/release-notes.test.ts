/**
 * The release notes (openapi/releases/notes.yaml): parsed and checked against what the diff found
 * (core/changelog/notes.ts), and read by the plugin (node/contract/release-notes.ts). Each
 * bad input fails with the file, the line and the fix, asserted word for word.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {checkReleaseNotes, expectedNote, type ExpectedNote} from '#core/changelog/notes';
import type {Release} from '#core/changelog/changelog';
import {NOTES_FILE, readReleaseNotes} from '#node/contract/release-notes';

const FILE = 'openapi/releases/notes.yaml';

const GOOD = `1.0.0:
  date: '2026-11-22'
  summary: The first release.
  breaking: []
1.1.0:
  date: '2026-11-24'
  summary: >-
    Makes the contract strict.
  breaking:
    - change: Request bodies refuse undeclared fields.
      action: Send only the fields the reference lists.
      sunset: none
    - change: '\`X-Signature\` has a new form.'
      action: Verify the new form.
      sunset: '2027-03-31'
`;

const expected: ExpectedNote[] = [
  {version: '1.0.0', date: '2026-11-22', breaking: 0, deprecated: 0},
  {version: '1.1.0', date: '2026-11-24', breaking: 3, deprecated: 0},
];

describe('checkReleaseNotes', () => {
  it('reads each release: date, summary and checklist, a sunset of none as no date', () => {
    const {notes, problems} = checkReleaseNotes(FILE, GOOD, expected);
    expect(problems).toEqual([]);
    expect(notes).toEqual([
      {version: '1.0.0', date: '2026-11-22', summary: 'The first release.', breaking: []},
      {
        version: '1.1.0',
        date: '2026-11-24',
        summary: 'Makes the contract strict.',
        breaking: [
          {change: 'Request bodies refuse undeclared fields.', action: 'Send only the fields the reference lists.'},
          {change: '`X-Signature` has a new form.', action: 'Verify the new form.', sunset: '2027-03-31'},
        ],
      },
    ]);
  });

  it('fails a checklist date of the newest release that the contract declares as no sunset', () => {
    const newest = [expected[0], {...expected[1], sunsets: new Set(['2027-06-30'])}] as ExpectedNote[];
    expect(checkReleaseNotes(FILE, GOOD, newest).problems).toEqual([
      `${FILE}:15: 1.1.0.breaking[1] gives sunset 2027-03-31, which no x-sunset or x-transitions of the contract declares (declared: 2027-06-30). Give the contract's date, or none.`,
    ]);
    const declared = [expected[0], {...expected[1], sunsets: new Set(['2027-03-31'])}] as ExpectedNote[];
    expect(checkReleaseNotes(FILE, GOOD, declared).problems).toEqual([]);
  });

  it('fails a release without a summary, naming the line and the fix', () => {
    const text = GOOD.replace('  summary: The first release.\n', '');
    expect(checkReleaseNotes(FILE, text, expected).problems).toEqual([
      `${FILE}:1: 1.0.0 has no summary. Write a few sentences under 1.0.0.summary: what the release is for, in our own words.`,
    ]);
  });

  it('fails a release the file does not mention', () => {
    const more = [...expected, {version: '1.2.0', date: '2026-11-26', breaking: 0, deprecated: 0}];
    expect(checkReleaseNotes(FILE, GOOD, more).problems).toEqual([
      `${FILE}: no notes for 1.2.0. Add "1.2.0:" with date, summary (a few sentences: what the release is for) and breaking (see the file's header).`,
    ]);
  });

  it("fails a date that differs from the release's", () => {
    const text = GOOD.replace("'2026-11-24'", "'2026-11-25'");
    expect(checkReleaseNotes(FILE, text, expected).problems).toEqual([
      `${FILE}:6: 1.1.0.date is 2026-11-25, but the release is dated 2026-11-24 (openapi/releases/dates.yaml, or site.config.ts apiReleaseDate for the current version). Make the two the same.`,
    ]);
  });

  it('fails an empty checklist for a release with breaking changes, and a checklist for one without', () => {
    const none = GOOD.slice(0, GOOD.indexOf('  breaking:\n    - change')) + '  breaking: []\n';
    expect(checkReleaseNotes(FILE, none, expected).problems).toEqual([
      `${FILE}:5: 1.1.0 lists no breaking changes, but the changelog finds 3 breaking change(s) in it. Add each under 1.1.0.breaking with change, action and sunset.`,
    ]);
    const quiet = expected.map((e) => ({...e, breaking: 0}));
    expect(checkReleaseNotes(FILE, GOOD, quiet).problems).toEqual([
      `${FILE}:9: 1.1.0 lists breaking changes, but the changelog finds no breaking or deprecated change in it. Write breaking: [] or correct the version.`,
    ]);
  });

  it('fails a checklist item without its action or with a sunset that is no date', () => {
    const text = GOOD.replace('      action: Verify the new form.\n', '').replace('sunset: none', 'sunset: soon');
    expect(checkReleaseNotes(FILE, text, expected).problems).toEqual([
      `${FILE}:10: sunset "soon" of a breaking change of 1.1.0 is not a date. Write the last day the old form works (YYYY-MM-DD), or none when there is no transition window.`,
      `${FILE}:13: a breaking change of 1.1.0 needs change (what changed) and action (what to do), as text.`,
    ]);
  });

  it('fails notes of a version that is no release, and a file that does not parse', () => {
    expect(checkReleaseNotes(FILE, `${GOOD}9.9.9:\n  date: '2026-01-01'\n  summary: x\n`, expected).problems).toEqual([
      `${FILE}:16: 9.9.9 is no release of openapi/releases/ nor the current version. Correct the version or delete the entry.`,
    ]);
    expect(checkReleaseNotes(FILE, '1.0.0: [', expected).problems[0]).toMatch(
      /^openapi\/releases\/notes\.yaml:1:\d+: the YAML does not parse: /,
    );
  });
});

describe('expectedNote', () => {
  it('counts the breaking and deprecated changes of a release, a removed entry as breaking', () => {
    const release: Release = {
      version: '1.1.0',
      previous: '1.0.0',
      date: '2026-11-24',
      everyOperation: [{type: 'breaking', text: 'a'}],
      api: [{type: 'annotation', text: 'b'}],
      items: [
        {
          kind: 'operation',
          id: 'x',
          method: 'POST',
          path: '/x',
          summary: 'X',
          status: 'changed',
          breaking: false,
          changes: [{type: 'deprecated', text: 'c'}],
        },
        {
          kind: 'operation',
          id: 'y',
          method: 'GET',
          path: '/y',
          summary: 'Y',
          status: 'removed',
          breaking: true,
          changes: [],
        },
      ],
    };
    expect(expectedNote(release)).toEqual({version: '1.1.0', date: '2026-11-24', breaking: 2, deprecated: 1});
  });
});

describe('readReleaseNotes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-notes-'));
  fs.writeFileSync(path.join(dir, 'dates.yaml'), "1.0.0: '2026-11-22'\n");
  afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));
  const release: Release = {
    version: '1.1.0',
    previous: '1.0.0',
    date: '2026-11-24',
    everyOperation: [{type: 'breaking', text: 'a'}],
    api: [],
    items: [],
  };
  const rel = path.relative(path.resolve(__dirname, '..', '..'), path.join(dir, 'notes.yaml'));

  it('reads the notes newest first, the first release dated by dates.yaml', () => {
    const file = path.join(dir, 'notes.yaml');
    fs.writeFileSync(file, GOOD);
    expect(readReleaseNotes({releases: [release], file, releasesDir: dir}).map((n) => n.version)).toEqual([
      '1.1.0',
      '1.0.0',
    ]);
  });

  it('fails with the file and every problem, or the fix for a missing file', () => {
    const file = path.join(dir, 'notes.yaml');
    fs.writeFileSync(file, GOOD.replace('  summary: The first release.\n', ''));
    expect(() => readReleaseNotes({releases: [release], file, releasesDir: dir})).toThrow(
      `${rel} has 1 problem(s):\n  ${rel}:1: 1.0.0 has no summary. Write a few sentences under 1.0.0.summary: what the release is for, in our own words.`,
    );
    fs.rmSync(file);
    expect(() => readReleaseNotes({releases: [release], file, releasesDir: dir})).toThrow(
      `${rel} is missing. Create it with an entry per release on the changelog (date, summary, breaking): the format is in the header of the file in git.`,
    );
  });

  it("is the repository's file by default", () => {
    expect(path.relative(path.resolve(__dirname, '..', '..'), NOTES_FILE)).toBe(FILE);
  });
});
