/**
 * The sandbox at build time: reads the sandbox scenarios (openapi/scenarios/), compiles it against the
 * contract (core/sandbox/compile.ts), and writes what the engine loads: one model and one validators
 * module per family. The validators are ajv standalone code, generated here so that no browser ever
 * compiles a schema: a self-contained ES module per family, with no imports.
 *
 * Used by the api-contract plugin (through `createData`, into .docusaurus/api-contract/default/public/sandbox/,
 * where a page can import a family's files by path on first use) and by `npm run sandbox` (into
 * .tmp/sandbox/, where Node imports them).
 */
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import {fullFormats} from 'ajv-formats/dist/formats';
import standaloneCode from 'ajv/dist/standalone';
import type {Options, ValidateFunction} from 'ajv';
import {listOperations, type OpenApiDocument} from '#core/contract/openapi';
import type {JsonSchema} from '#core/contract/schema';
import type {ResponseCodeView} from '#core/contract/types';
import {compileScenarios, paramsSchema, type CompiledSandbox, type SchemaCheck} from '#core/sandbox/compile';
import type {FamilyValidators, ValidatorError} from '#core/sandbox/model';
import {createReloadMemo} from '#core/util/memo';
import {addContractRules, standaloneFormatsCode} from './ajv-rules';
import {CONTRACT_DIR, SITE_DIR} from './paths';
import {WriterError} from '#core/util/writer-error';

export const SCENARIOS_DIR = path.join(CONTRACT_DIR, 'scenarios');
export const SANDBOX_FILE = path.join(SCENARIOS_DIR, 'sandbox.yaml');

/**
 * The formats the contract uses, as regular expressions of our own: ajv writes a RegExp format into
 * standalone code as a literal, where a function format (ajv-formats' `date`) would become a
 * `require()` of ajv-formats that a browser cannot resolve. Checked the same way at build time. The
 * formats a RegExp cannot say (`uri` through the WHATWG URL parser, `aadhaar` with its Verhoeff
 * check digit) are JavaScript source in ajv-rules.ts, written inline into the generated module.
 */
export const FORMATS: Readonly<Record<string, RegExp>> = {
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  'date-time':
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  ipv4: /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/,
  // ajv-formats' own expression, which the build's checks use (validate.ts): RFC 4291 with the IPv4
  // tail (`::ffff:192.0.2.1`) and at most eight groups. Ours refused the one and took the other
  // (issue 33's fuzz: a conforming BBPS device `ip` of `::0.0.0.0` was refused with code 10).
  ipv6: fullFormats.ipv6 as RegExp,
};

/** One ajv setup for the build-time checks and the generated validators, so both judge a request the same way. */
export function makeAjv(extra: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({strict: false, allErrors: true, ...extra});
  for (const [name, re] of Object.entries(FORMATS)) ajv.addFormat(name, re);
  return addContractRules(ajv);
}

export function makeSchemaCheck(): SchemaCheck {
  const ajv = makeAjv();
  const compiled = new Map<string, ValidateFunction>();
  // A schema object is checked again and again (every scenario of its operation, every answer a test
  // reads): found by the object first, as ajv keeps it, before its text (writing a dereferenced
  // schema out as the key was most of a sandbox compile's time).
  const byObject = new WeakMap<JsonSchema, ValidateFunction>();
  return (schema: JsonSchema, data: unknown): readonly ValidatorError[] => {
    let fn = byObject.get(schema);
    if (!fn) {
      const key = JSON.stringify(schema);
      fn = compiled.get(key);
      if (!fn) {
        fn = ajv.compile(schema as object);
        compiled.set(key, fn);
      }
      byObject.set(schema, fn);
    }
    return fn(data) ? [] : ((fn.errors ?? []) as ValidatorError[]);
  };
}

/**
 * One check for every load of this process: its validators are compiled once per schema, and the
 * dev server loads the contract again on every edit, with most schemas as they were.
 */
const sharedCheck = makeSchemaCheck();

/** Generated code by its schemas, for the same reason. */
const memo = createReloadMemo();

export class SandboxCodeError extends WriterError {}

/**
 * ajv's run-time helpers that standalone code still `require()`s, written out in our own words so the
 * generated module has no imports. Lengths count code points, as JSON Schema says (ajv's ucs2length).
 */
const RUNTIME: Readonly<Record<string, string>> = {
  'ajv/dist/runtime/ucs2length': '((text) => [...text].length)',
};

/** Keywords that only document: left out of the generated code, which embeds the schemas it checks. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'examples',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** The schema without its annotations (and `x-` extensions), so the generated module carries rules only. */
export function rulesOnly(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rulesOnly);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !ANNOTATIONS.has(key) && !key.startsWith('x-'))
      // `properties` maps names to schemas: a property called `description` is a rule, not an annotation.
      .map(([key, value]) => [
        key,
        key === 'properties' || key === '$defs' || key === 'patternProperties'
          ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, rulesOnly(v)]))
          : rulesOnly(value),
      ]),
  );
}

/** Standalone code of several schemas, wrapped as an expression: `(() => {...; return exports;})()`. */
export function standaloneObject(schemas: Readonly<Record<string, JsonSchema>>, coerce: boolean): string {
  const ajv = makeAjv({
    code: {source: true, esm: false, lines: false, formats: standaloneFormatsCode()},
    ...(coerce ? {coerceTypes: true} : {}),
  });
  const refs: Record<string, string> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    ajv.addSchema(rulesOnly(schema) as object, id);
    refs[id] = id;
  }
  const code = Object.entries(RUNTIME).reduce(
    (text, [module, source]) => text.split(`require("${module}").default`).join(source),
    Object.keys(refs).length ? standaloneCode(ajv, refs) : '',
  );
  const runtime = /require\("([^"]+)"\)/.exec(code);
  if (runtime) {
    throw new SandboxCodeError(
      `The generated request validators need ${runtime[1]} at run time, which a browser cannot load. A schema uses a keyword or format whose check ajv keeps in a separate module; give the format a RegExp in FORMATS (node/contract/sandbox.ts) or drop the keyword.`,
    );
  }
  return `(() => {\n  const exports = {};\n  ${code}\n  return exports;\n})()`;
}

/** The validators module of one family: `body` and `params` (coercing query strings), by operation id. */
export function validatorsModule(doc: OpenApiDocument, family: string): string {
  const body: Record<string, JsonSchema> = {};
  const params: Record<string, JsonSchema> = {};
  for (const l of listOperations(doc)) {
    if (l.kind !== 'operation' || (l.op.tags[0] ?? 'untagged') !== family) continue;
    const schema = Object.entries(l.op.requestBody?.content ?? {}).find(([t]) => t.includes('json'))?.[1].schema;
    if (schema) body[l.op.operationId] = schema;
    const ps = paramsSchema([...l.itemParams, ...(l.op.parameters ?? [])]);
    if (ps) params[l.op.operationId] = ps;
  }
  return memo(['validatorsModule', family, body, params], () =>
    [
      `// Generated by node/contract/sandbox.ts from the contract: request validators of the ${family} family`,
      '// (ajv standalone code). Do not edit.',
      `export const body = ${standaloneObject(body, false)};`,
      `export const params = ${standaloneObject(params, true)};`,
      '',
    ].join('\n'),
  );
}

/** The scenario files as the compiler reads them: sandbox.yaml, then one file per family. */
export function readScenarioFiles(dir = SCENARIOS_DIR): {
  sandbox: {file: string; text: string};
  families: {file: string; text: string}[];
} {
  const rel = (f: string): string => path.relative(SITE_DIR, f);
  const sandboxFile = path.join(dir, 'sandbox.yaml');
  if (!fs.existsSync(sandboxFile)) {
    throw new SandboxCodeError(
      `${rel(sandboxFile)} is missing: it holds the sandbox credentials and test partner ids (see openapi/scenarios/README.md).`,
    );
  }
  return {
    sandbox: {file: rel(sandboxFile), text: fs.readFileSync(sandboxFile, 'utf8')},
    families: fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.yaml') && f !== 'sandbox.yaml')
      .sort()
      .map((f) => ({file: rel(path.join(dir, f)), text: fs.readFileSync(path.join(dir, f), 'utf8')})),
  };
}

export function compileSandbox(
  doc: OpenApiDocument,
  responseCodes: readonly ResponseCodeView[],
  dir = SCENARIOS_DIR,
): CompiledSandbox {
  return compileScenarios({doc, responseCodes, ...readScenarioFiles(dir), check: sharedCheck});
}

/** One file of the engine: its name in the sandbox folder and its text. */
export interface SandboxFile {
  readonly name: string;
  readonly text: string;
}

/**
 * The engine's files: index.json (routes, credentials), and per family `<family>.json` (the model)
 * and `<family>.validators.mjs`.
 */
export function sandboxFiles(doc: OpenApiDocument, compiled: CompiledSandbox): SandboxFile[] {
  return [
    {name: 'index.json', text: `${JSON.stringify(compiled.index)}\n`},
    ...compiled.families.flatMap((family) => [
      {name: `${family.family}.json`, text: `${JSON.stringify(family)}\n`},
      {name: `${family.family}.validators.mjs`, text: validatorsModule(doc, family.family)},
    ]),
  ];
}

/** Writes the engine's files into `outDir`, for Node to load (`npm run sandbox`, the tests). */
export function writeSandbox(outDir: string, doc: OpenApiDocument, compiled: CompiledSandbox): void {
  fs.mkdirSync(outDir, {recursive: true});
  for (const file of sandboxFiles(doc, compiled)) fs.writeFileSync(path.join(outDir, file.name), file.text);
}

/** Loads a family written by writeSandbox (Node: the sandbox server and the tests). */
export async function loadWrittenFamily(
  outDir: string,
  family: string,
): Promise<{model: CompiledSandbox['families'][number]; validators: FamilyValidators}> {
  const model = JSON.parse(
    fs.readFileSync(path.join(outDir, `${family}.json`), 'utf8'),
  ) as CompiledSandbox['families'][number];
  const validators = (await import(
    pathToFileURL(path.join(outDir, `${family}.validators.mjs`)).href
  )) as FamilyValidators;
  return {model, validators};
}
