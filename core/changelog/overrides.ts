/**
 * openapi/changelog-overrides.yaml (its format in the file's header): the class a change really has
 * on the wire where the diff tool cannot see it, per release, with the reason shown on the
 * changelog. Parsed here with each entry's line, so that every problem, and an override that matches
 * no change, names `file:line`. Build time only (the yaml library never reaches the browser).
 */
import {parseYamlDocument, YamlSyntaxError} from '../util/yaml';
import type {ChangeOverride, ChangeType} from './changelog';

/** The classes of the policy (/docs/v1/versioning), as the file writes them. */
const CLASSES: Readonly<Record<string, ChangeType>> = {
  breaking: 'breaking',
  compatible: 'non-breaking',
  'docs-only': 'annotation',
  deprecated: 'deprecated',
};

const KEYS = ['release', 'operation', 'field', 'class', 'reason'] as const;

export interface ParsedOverrides {
  readonly overrides: ChangeOverride[];
  readonly problems: string[];
}

/** One entry's problem, or the override it makes. */
function entryOf(value: unknown, at: string): ChangeOverride | string {
  const entry = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  // YAML reads `release: 1.1` as a number: take it as written, so the message quotes it.
  const text = (k: string): string =>
    typeof entry[k] === 'string' || typeof entry[k] === 'number' ? String(entry[k]).trim() : '';
  const missing = KEYS.filter((k) => !text(k));
  if (missing.length)
    return `${at}: the override has no ${missing.join(', ')}. Give each of ${KEYS.join(', ')} as text (see the file's header).`;
  const unknown = Object.keys(entry).filter((k) => !(KEYS as readonly string[]).includes(k));
  if (unknown.length) return `${at}: unknown key(s) ${unknown.join(', ')}. An override has only ${KEYS.join(', ')}.`;
  const [release, operation, field, cls, reason] = KEYS.map(text) as [string, string, string, string, string];
  if (!/^\d+\.\d+\.\d+$/.test(release))
    return `${at}: release "${release}" is not a version. Write the release the change came in, e.g. 1.1.0.`;
  const type = CLASSES[cls];
  if (!type) return `${at}: class "${cls}" is not one of ${Object.keys(CLASSES).join(', ')}.`;
  return {release, operation, field, type, reason, at};
}

/** The overrides of the file's text; `file` is the path messages name (relative to the site). */
export function parseOverrides(file: string, text: string): ParsedOverrides {
  let parsed;
  try {
    parsed = parseYamlDocument(file, text);
  } catch (e) {
    if (!(e instanceof YamlSyntaxError)) throw e;
    return {overrides: [], problems: [e.message]};
  }
  const {doc, lines} = parsed;
  const value: unknown = doc.toJS();
  if (value === null || value === undefined) return {overrides: [], problems: []};
  if (!Array.isArray(value))
    return {overrides: [], problems: [`${file}:1: the file must be a list of overrides (see its header).`]};
  const out: ParsedOverrides = {overrides: [], problems: []};
  value.forEach((entry: unknown, i) => {
    const node = doc.getIn([i], true) as {range?: [number, number, number]} | undefined;
    const at = `${file}:${node?.range ? lines.linePos(node.range[0]).line : 1}`;
    const parsed = entryOf(entry, at);
    if (typeof parsed === 'string') out.problems.push(parsed);
    else out.overrides.push(parsed);
  });
  return out;
}

/** A message for each override that matched no change: a stale one would claim a class nothing has. */
export function unusedOverrides(overrides: readonly ChangeOverride[], used: ReadonlySet<ChangeOverride>): string[] {
  return overrides
    .filter((o) => !used.has(o))
    .map(
      (o) =>
        `${o.at}: the override (release ${o.release}, operation ${o.operation}, field ${o.field}) matches no change of ${o.release}. Correct its release, operation or field (parameters by name, * for one key, ** for any), or delete it.`,
    );
}
