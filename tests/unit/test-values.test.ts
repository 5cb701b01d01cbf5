/**
 * The documented sandbox test values as part of each release's record (core/changelog/test-values.ts,
 * openapi/releases/test-values.yaml): the record as committed agrees with sandbox.yaml and with the
 * changelog (1.3.0's new Aadhaar values are in its checklist), a changed value in sandbox.yaml and a
 * change the checklist leaves out each fail with the file and the fix, word for word.
 */
import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {
  checkTestValues,
  familyTestValues,
  sandboxTestValues,
  testValueChanges,
  type TestValues,
} from '#core/changelog/test-values';
import type {ReleaseNote} from '#core/changelog/notes';
import {currentTestValues, NOTES_FILE, TEST_VALUES_FILE} from '#node/contract/release-notes';
import {SANDBOX_FILE} from '#node/contract/sandbox';

const files = {
  record: 'openapi/releases/test-values.yaml',
  sandbox: 'openapi/scenarios/sandbox.yaml',
  notes: 'openapi/releases/notes.yaml',
};
const record = Object.entries(parse(fs.readFileSync(TEST_VALUES_FILE, 'utf8')) as Record<string, TestValues>).map(
  ([version, values]) => ({version, values}),
);
const sandbox = parse(fs.readFileSync(SANDBOX_FILE, 'utf8')) as {
  shared: {label: string; when: Record<string, string>}[];
};
const notesFile = parse(fs.readFileSync(NOTES_FILE, 'utf8')) as Record<string, {breaking: ReleaseNote['breaking']}>;
const notes = Object.entries(notesFile).map(([version, n]): ReleaseNote => ({
  version,
  date: '',
  summary: '',
  breaking: n.breaking ?? [],
}));
const DECLINED = "Declined by the customer's bank";

describe('the test values of each release', () => {
  it('agree with the scenario files and with the changelog as committed', () => {
    expect(checkTestValues({records: record, current: currentTestValues(), notes, files})).toEqual([]);
  });

  it("record each family's values by operation and label, so one value means one thing per key", () => {
    const current = currentTestValues();
    expect(current['bbps-pay-bill: Pending with the biller, then success']).toBe('amount 10201');
    expect(current['payout-create-order: Processing at the bank, then paid']).toBe('amount 10201');
    expect(familyTestValues({operations: {x: {scenarios: [{label: 'Any', code: 1}]}}})).toEqual({});
  });

  it('fail on a family value changed without a breaking row, naming both values and the fix, and pass an added one', () => {
    const v140 = record.at(-1)!;
    const key = 'bbps-pay-bill: Pending with the biller, then success';
    const released = [
      ...record.slice(0, -1),
      v140,
      {version: '1.5.0', values: {...v140.values, [key]: 'amount 10301'}},
    ];
    const notes150 = [...notes, {version: '1.5.0', date: '', summary: '', breaking: []}];
    const current = {...v140.values, [key]: 'amount 10301'};
    expect(checkTestValues({records: released, current, notes: notes150, files})).toEqual([
      `openapi/releases/notes.yaml: 1.5.0 changed the sandbox test value "${key}" from amount 10201 to amount 10301 (openapi/releases/test-values.yaml), and no row of its breaking checklist names 10201 and 10301. Add a row (change, action, sunset) that names them.`,
    ]);
    const added = {...v140.values, 'bbps-pay-bill: A new scenario': 'amount 10999'};
    const withAdded = [...record.slice(0, -1), v140, {version: '1.5.0', values: added}];
    expect(checkTestValues({records: withAdded, current: added, notes: notes150, files})).toEqual([]);
    expect(checkTestValues({records: record, current: added, notes, files})).toEqual([
      `openapi/releases/test-values.yaml: "bbps-pay-bill: A new scenario" is amount 10999 in openapi/scenarios/sandbox.yaml but absent under 1.4.0. A documented test value is part of the release's record: write it under 1.4.0 (an added value needs no breaking row).`,
    ]);
  });

  it("find 1.3.0's four new Aadhaar values, and nothing else changed since 1.2.0", () => {
    const [v120, v130] = record;
    expect(testValueChanges(v120!.values, v130!.values).map((c) => [c.was, c.now])).toEqual([
      ['aadhaar_number 999900000003', 'aadhaar_number 999900060003'],
      ['aadhaar_number 999900000013', 'aadhaar_number 999900010013'],
      ['aadhaar_number 999900000014', 'aadhaar_number 999900090014'],
      ['aadhaar_number 999900000015', 'aadhaar_number 999900020015'],
    ]);
  });

  it('fail on a value sandbox.yaml changed without the record, naming both values and the fix', () => {
    const changed = {
      ...sandbox,
      shared: sandbox.shared.map((s) => (s.label === DECLINED ? {...s, when: {aadhaar_number: '999900070003'}} : s)),
    };
    expect(
      checkTestValues({
        records: record,
        current: {...currentTestValues(), ...sandboxTestValues(changed)},
        notes,
        files,
      }),
    ).toEqual([
      `openapi/releases/test-values.yaml: "${DECLINED}" is aadhaar_number 999900070003 in openapi/scenarios/sandbox.yaml but aadhaar_number 999900060003 under 1.4.0. A documented test value is part of the release's record: write the value under 1.4.0, and name the old and the new value in a breaking row of 1.4.0 in openapi/releases/notes.yaml.`,
    ]);
  });

  it('fail on a recorded change that no checklist row of its release names', () => {
    const current = record.at(-1)!.values;
    const next = [...record, {version: '1.5.0', values: {...current, [DECLINED]: 'aadhaar_number 999900070003'}}];
    const problems = checkTestValues({
      records: next,
      current: next.at(-1)!.values,
      notes: [...notes, {version: '1.5.0', date: '', summary: '', breaking: []}],
      files,
    });
    expect(problems).toEqual([
      `openapi/releases/notes.yaml: 1.5.0 changed the sandbox test value "${DECLINED}" from aadhaar_number 999900060003 to aadhaar_number 999900070003 (openapi/releases/test-values.yaml), and no row of its breaking checklist names 999900060003 and 999900070003. Add a row (change, action, sunset) that names them.`,
    ]);
  });
});
