/**
 * The sandbox scenarios (openapi/scenarios/*.yaml, format in openapi/scenarios/README.md) checked
 * against the contract and compiled into the sandbox model the engine answers from. Build time only;
 * pure: the caller passes the files' text, the dereferenced contract and a JSON Schema validator.
 *
 * Every problem names the file and line, the operation, what is wrong and the fix; all problems of
 * a run are reported at once. The build and `npm run lint:contract` fail on any of them.
 */
import type {OpenApiDocument} from '../contract/openapi';
import type {ResponseCodeView, ScenarioRow} from '../contract/types';
import type {FamilyModel, SandboxIndex} from './model';
import {createContext, type ScenarioContext} from './compile/context';
import type {SchemaCheck} from './compile/contract';
import {readFamilies, readSandbox, type ScenarioFile, type FamilySide, type SandboxSide} from './compile/files';
import {checkDeprecated} from './compile/deprecated';
import {markExpiryStarters} from './compile/expiry';
import {compileOperation} from './compile/operation';
import {createProblems} from './compile/problems';
import {ScenarioYaml} from './compile/yaml';
import {anyOperationRows} from './compile/rows';

export type {ScenarioRow, SchemaCheck, ScenarioFile};
export {FAMILY_FILE_SCHEMA, SANDBOX_FILE_SCHEMA} from './compile/format';
export {httpStatusOf, invalidRequest, invalidValue, paramsSchema, unknownPatchKeys} from './compile/contract';
export {followsText} from './compile/rows';

export interface ScenarioFilesInput {
  readonly doc: OpenApiDocument;
  readonly responseCodes: readonly ResponseCodeView[];
  /** openapi/scenarios/sandbox.yaml: credentials and test partner ids. */
  readonly sandbox: ScenarioFile;
  /** openapi/scenarios/<family>.yaml, one per family that has scenarios. */
  readonly families: readonly ScenarioFile[];
  readonly check: SchemaCheck;
}

export interface CompiledSandbox {
  readonly problems: readonly string[];
  readonly index: SandboxIndex;
  readonly families: readonly FamilyModel[];
  /** Per operation: the rows its page and the Sandbox page show. */
  readonly rows: Readonly<Record<string, readonly ScenarioRow[]>>;
  /** The rows every operation shares: token, test partner ids, validation, repeats. */
  readonly anyOperation: readonly ScenarioRow[];
}

/**
 * The phases, in order: read sandbox.yaml (format, test partners), read the family files (format,
 * families, operation ids), compile each family's operations (scenarios, derived answers, rows,
 * coverage), then the index and the rows every operation shares. Problems come out in that order.
 */
export function compileScenarios(input: ScenarioFilesInput): CompiledSandbox {
  const problems = createProblems();
  const ctx = createContext(input.doc, input.responseCodes, input.check, problems);
  const sandbox = readSandbox(ctx, input.sandbox);
  const families = readFamilies(ctx, input.families);
  const rows: Record<string, ScenarioRow[]> = {};
  checkDeprecated(ctx);
  const models = markExpiryStarters(
    ctx.familyNames.map((family) => compileFamily(ctx, family, {sandbox, families}, rows)),
  );
  // A file that does not parse leaves every code of its operations unanswered: its syntax error is
  // the one problem to report, not the dozens that follow from it.
  const syntax = [input.sandbox, ...input.families].flatMap((f) => new ScenarioYaml(f.file, f.text).parseErrors);
  return {
    problems: syntax.length ? syntax : problems.list(),
    index: sandboxIndex(ctx, input.doc, sandbox),
    families: models,
    rows,
    anyOperation: anyOperationRows(ctx, sandbox.spec),
  };
}

function compileFamily(
  ctx: ScenarioContext,
  family: string,
  sides: {readonly sandbox: SandboxSide; readonly families: FamilySide},
  rows: Record<string, ScenarioRow[]>,
): FamilyModel {
  const familyFile = sides.families.files.find((p) => p.family === family);
  const sources = {...sides, ...(familyFile ? {familyFile} : {})};
  const operations = [...ctx.ops.values()]
    .filter((o) => o.family === family)
    .map((o) => {
      const compiled = compileOperation(ctx, o, sources);
      rows[o.id] = compiled.rows;
      return compiled.model;
    });
  return {family, operations};
}

function sandboxIndex(ctx: ScenarioContext, doc: OpenApiDocument, sandbox: SandboxSide): SandboxIndex {
  return {
    basePath: basePathOf(doc),
    credentials: {
      ...sandbox.spec.credentials,
      ...(sandbox.spec.signingKey ? {signingKey: sandbox.spec.signingKey} : {}),
    },
    partnerIds: sandbox.spec.partners.map((p) => p.partnerId),
    routes: [...ctx.ops.values()].map((o) => ({
      id: o.id,
      family: o.family,
      method: o.located.method,
      path: o.located.path,
    })),
    ...tokenSunsetOf(doc),
  };
}

/**
 * The sunset of the token form without `kid` (the partnerJwt scheme's transition whose replacement
 * puts `kid` in the token, as Try it reads it in ./try-it.ts), so the engine keeps no copy of the date.
 */
export function tokenSunsetOf(doc: Pick<OpenApiDocument, 'components'>): {tokenSunset?: string} {
  const transitions = doc.components?.securitySchemes?.partnerJwt?.['x-transitions'] ?? [];
  const found = transitions.find((t) => t.replacement.includes('`kid`'));
  return found ? {tokenSunset: found.sunset} : {};
}

function basePathOf(doc: OpenApiDocument): string {
  const url = doc.servers[0]?.url ?? '';
  try {
    return new URL(url).pathname.replace(/\/$/, '');
  } catch {
    return '';
  }
}

/** The rows of one operation's "Sandbox scenarios" section (empty for an operation the sandbox does not know). */
export function scenarioRows(compiled: Pick<CompiledSandbox, 'rows'>, operationId: string): readonly ScenarioRow[] {
  return compiled.rows[operationId] ?? [];
}
