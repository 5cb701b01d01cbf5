/**
 * The documented sandbox test values as part of each release's record (openapi/DECISIONS.md, issues
 * 33 and 32): the values of openapi/scenarios/sandbox.yaml that make every family answer a chosen
 * code (the shared scenarios' inputs, the test partner ids), and from 1.4.0 each family's own (every
 * scenario of openapi/scenarios/<family>.yaml chosen by request values, keyed by its operation and
 * label: amount 10201 is a pending bill payment and a processing payout), written per release in
 * openapi/releases/test-values.yaml. A client's tests are written against them, so a changed or
 * withdrawn value breaks those tests like a changed schema: 1.3.0 gave the Aadhaar values new digits
 * and the old ones answer code 10; an added value breaks nothing. Two checks keep the record honest:
 * the current version's entry is what the scenario files say now, and every value that a release
 * changed or withdrew is named (old and new value) in a checklist row of that release in
 * openapi/releases/notes.yaml, so the changelog shows it. Pure: the files are read by
 * node/contract/release-notes.ts.
 */
import type {ReleaseNote} from './notes';

/** One release's test values: what each value chooses (a scenario's label) -> the value. */
export type TestValues = Readonly<Record<string, string>>;

export interface TestValueChange {
  readonly label: string;
  /** The value before; undefined: the value is new. */
  readonly was?: string;
  /** The value after; undefined: the value was withdrawn. */
  readonly now?: string;
}

/** The scenario inputs of sandbox.yaml as one text each: `aadhaar_number 999900060003`, `partnerId PS000008`. */
export function sandboxTestValues(sandbox: unknown): TestValues {
  const spec = (sandbox && typeof sandbox === 'object' ? sandbox : {}) as {
    shared?: readonly {label?: unknown; when?: Record<string, unknown>}[];
    partners?: readonly {label?: unknown; partnerId?: unknown}[];
  };
  const out: Record<string, string> = {};
  for (const s of spec.shared ?? [])
    out[String(s.label)] = Object.entries(s.when ?? {})
      .map(([field, value]) => `${field} ${String(value)}`)
      .join(', ');
  for (const p of spec.partners ?? []) out[String(p.label)] = `partnerId ${String(p.partnerId)}`;
  return out;
}

interface ScenarioFileSpec {
  readonly operations?: Readonly<
    Record<string, {readonly scenarios?: readonly {label?: unknown; when?: Record<string, unknown>}[]} | null>
  >;
}

/**
 * A family scenario file's test values: each scenario chosen by request values, keyed
 * `<operation>: <label>` (one value means different things per operation), as `field value, ...`.
 */
export function familyTestValues(file: unknown): TestValues {
  const spec = (file && typeof file === 'object' ? file : {}) as ScenarioFileSpec;
  const out: Record<string, string> = {};
  for (const [op, entry] of Object.entries(spec.operations ?? {}))
    for (const s of entry?.scenarios ?? []) {
      const when = Object.entries(s.when ?? {});
      if (when.length) out[`${op}: ${String(s.label)}`] = when.map(([f, v]) => `${f} ${String(v)}`).join(', ');
    }
  return out;
}

/** What differs between two releases' values, in the later one's order, then the withdrawn ones. */
export function testValueChanges(before: TestValues, after: TestValues): TestValueChange[] {
  const changed = Object.entries(after).flatMap(([label, now]): TestValueChange[] => {
    const was = before[label];
    if (was === now) return [];
    return [was === undefined ? {label, now} : {label, was, now}];
  });
  const withdrawn = Object.entries(before)
    .filter(([label]) => !(label in after))
    .map(([label, was]) => ({label, was}));
  return [...changed, ...withdrawn];
}

/** The bare values of `field value` texts, which a checklist row names. */
const valuesOf = (text: string | undefined): string[] =>
  (text ?? '').split(', ').flatMap((part) => part.split(' ').slice(1));

export interface TestValuesInput {
  /** The record, by version, in release order (oldest first); the last one is the current version. */
  readonly records: readonly {readonly version: string; readonly values: TestValues}[];
  /** What the scenario files say now: sandbox.yaml's values and each family's (familyTestValues). */
  readonly current: TestValues;
  readonly notes: readonly ReleaseNote[];
  /** The paths messages name, relative to the site (`sandbox`: where the current values are read). */
  readonly files: {readonly record: string; readonly sandbox: string; readonly notes: string};
}

/** The current entry against sandbox.yaml: one problem per value that differs. */
function currentProblems(input: TestValuesInput): string[] {
  const last = input.records.at(-1);
  if (!last)
    return [
      `${input.files.record}: no release is recorded. Add the current version with the values of ${input.files.sandbox}.`,
    ];
  return testValueChanges(last.values, input.current).map((c) =>
    c.was === undefined
      ? `${input.files.record}: "${c.label}" is ${c.now} in ${input.files.sandbox} but absent under ${last.version}. A documented test value is part of the release's record: write it under ${last.version} (an added value needs no breaking row).`
      : `${input.files.record}: "${c.label}" is ${c.now ?? 'gone'} in ${input.files.sandbox} but ${c.was} under ${last.version}. A documented test value is part of the release's record: write the value under ${last.version}, and name the old and the new value in a breaking row of ${last.version} in ${input.files.notes}.`,
  );
}

/** Every change between consecutive releases named, old and new value, in a checklist row of the later one. */
function changelogProblems(input: TestValuesInput): string[] {
  const problems: string[] = [];
  input.records.forEach((record, i) => {
    const before = input.records[i - 1];
    if (!before) return;
    const rows = input.notes.find((n) => n.version === record.version)?.breaking ?? [];
    for (const c of testValueChanges(before.values, record.values)) {
      // An added value breaks no client's tests: only a changed or withdrawn one needs its row.
      if (c.was === undefined) continue;
      const named = [...valuesOf(c.was), ...valuesOf(c.now)];
      if (rows.some((r) => named.every((v) => r.change.includes(v)))) continue;
      problems.push(
        `${input.files.notes}: ${record.version} changed the sandbox test value "${c.label}" from ${c.was ?? 'nothing'} to ${c.now ?? 'nothing'} (${input.files.record}), and no row of its breaking checklist names ${named.join(' and ')}. Add a row (change, action, sunset) that names them.`,
      );
    }
  });
  return problems;
}

/** The problems of the test values' record, each with the file and the fix. */
export function checkTestValues(input: TestValuesInput): string[] {
  return [...currentProblems(input), ...changelogProblems(input)];
}
