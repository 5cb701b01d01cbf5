/**
 * The first phases of the scenarios compile: parse each file, check it against the scenarios format, and
 * check what it names against the contract (test partner codes, families, operation ids).
 */
import {closest} from '../../util/closest';
import type {JsonSchema} from '../../contract/schema';
import {fieldError} from '../body';
import type {ScenarioContext} from './context';
import {nameOf} from './context';
import {FAMILY_FILE_SCHEMA, SANDBOX_FILE_SCHEMA, type FamilySpec, type OperationSpec, type SandboxSpec} from './format';
import {ScenarioYaml, dotted} from './yaml';

export interface ScenarioFile {
  /** Repository-relative path, as messages name it. */
  readonly file: string;
  readonly text: string;
}

/** sandbox.yaml once read: its spec is empty (no partners) when it does not parse or fit the format. */
export interface SandboxSide {
  readonly file: ScenarioYaml;
  readonly spec: SandboxSpec;
}

export interface FamilyFile {
  readonly file: ScenarioYaml;
  readonly spec: FamilySpec;
  readonly family: string;
}

/** An operation's entry in its family file. */
export interface OperationEntry {
  readonly file: ScenarioYaml;
  readonly spec: OperationSpec;
}

export interface FamilySide {
  readonly files: readonly FamilyFile[];
  readonly entries: ReadonlyMap<string, OperationEntry>;
}

/** Checks a file's value against the scenarios format; each error is a problem at its line. */
function fitsFormat(ctx: ScenarioContext, f: ScenarioYaml, schema: JsonSchema, value: unknown): boolean {
  const errors = ctx.check(schema, value ?? {});
  for (const e of errors) {
    const path = e.instancePath
      .split('/')
      .slice(1)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p.replace(/~1/g, '/').replace(/~0/g, '~')));
    const extra =
      e.keyword === 'additionalProperties' ? [String(e.params.additionalProperty)] : ([] as (string | number)[]);
    const what = dotted([...path, ...extra]) || 'the file';
    ctx.problems.add(
      f.at([...path, ...extra]),
      `${what} ${e.keyword === 'additionalProperties' ? 'is not a key of the scenarios format' : fieldError(e).rule}. See openapi/scenarios/README.md for the format.`,
    );
  }
  return errors.length === 0;
}

/** Parses an scenario file; its value when it parses and fits `schema`. */
function readFile(ctx: ScenarioContext, f: ScenarioFile, schema: JsonSchema): {file: ScenarioYaml; ok: boolean} {
  const file = new ScenarioYaml(f.file, f.text);
  ctx.problems.addLines(file.parseErrors);
  return {file, ok: file.value !== undefined && fitsFormat(ctx, file, schema, file.value)};
}

export function readSandbox(ctx: ScenarioContext, f: ScenarioFile): SandboxSide {
  const {file, ok} = readFile(ctx, f, SANDBOX_FILE_SCHEMA);
  const spec: SandboxSpec = ok
    ? (file.value as SandboxSpec)
    : {credentials: {partnerId: '', jwtSecret: '', webhookSecret: ''}, partners: []};
  checkPartners(ctx, {file, spec});
  return {file, spec};
}

/** Each test partner answers a catalogued code, has an id of its own, and every common code has one. */
function checkPartners(ctx: ScenarioContext, {file, spec}: SandboxSide): void {
  spec.partners.forEach((p, i) => {
    if (!ctx.codeNames.has(p.code))
      ctx.problems.add(
        file.at(['partners', i, 'code']),
        `partner ${p.partnerId} answers code ${p.code}, which openapi/response-codes.yaml does not define. Use a catalogued code.`,
      );
    if (p.partnerId === spec.credentials.partnerId || spec.partners.findIndex((q) => q.partnerId === p.partnerId) !== i)
      ctx.problems.add(
        file.at(['partners', i, 'partnerId']),
        `partner id ${p.partnerId} is used twice. Give each test partner id one code.`,
      );
  });
  for (const code of ctx.commonCodes.filter((c) => c !== 11)) {
    if (!spec.partners.some((p) => p.code === code && p.scope === 'all'))
      ctx.problems.add(
        file.at(['partners']),
        `code ${code} (${nameOf(ctx, code)}) can come from any operation, but no test partner id answers it. Add a partner with code: ${code} and scope: all.`,
      );
  }
}

/** The family files that parse, fit the format and name a family; the operation entries they hold. */
export function readFamilies(ctx: ScenarioContext, files: readonly ScenarioFile[]): FamilySide {
  const parsed: FamilyFile[] = [];
  const entries = new Map<string, OperationEntry>();
  for (const f of files) {
    const {file, ok} = readFile(ctx, f, FAMILY_FILE_SCHEMA);
    if (!ok) continue;
    const family = f.file.replace(/^.*\//, '').replace(/\.ya?ml$/, '');
    if (!ctx.familyNames.includes(family)) {
      const near = closest(family, ctx.familyNames);
      ctx.problems.add(
        file.at([]),
        `no operation of the contract belongs to the family "${family}". Name the file after its family file in openapi/families/${near.length ? ` (closest: ${near.map((n) => `${n}.yaml`).join(', ')})` : ''}.`,
      );
      continue;
    }
    const spec = (file.value ?? {}) as FamilySpec;
    parsed.push({file, spec, family});
    for (const [id, opSpec] of Object.entries(spec.operations ?? {})) {
      if (knownEntry(ctx, file, id, family)) entries.set(id, {file, spec: opSpec ?? {}});
    }
  }
  return {files: parsed, entries};
}

/** Whether an operations: key names an operation of the contract in this file's family. */
function knownEntry(ctx: ScenarioContext, file: ScenarioYaml, id: string, family: string): boolean {
  const o = ctx.ops.get(id);
  if (!o) {
    const near = closest(id, ctx.ops.keys());
    ctx.problems.add(
      file.at(['operations', id]),
      `operations names "${id}", which is not an operation of the contract.${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''}`,
    );
    return false;
  }
  if (o.family !== family) {
    ctx.problems.add(
      file.at(['operations', id]),
      `${id} belongs to the family ${o.family}. Move its entry to openapi/scenarios/${o.family}.yaml.`,
    );
    return false;
  }
  return true;
}

/** The path messages name for a family's scenario file, whether or not it exists. */
export const familyFileOf = (side: FamilySide, family: string): string =>
  side.files.find((p) => p.family === family)?.file.file ?? `openapi/scenarios/${family}.yaml`;
