/**
 * The scenario atlas (openapi/scenarios/*.yaml, format in openapi/scenarios/README.md) checked
 * against the contract and compiled into the sandbox model the engine answers from. Build time only;
 * pure: the caller passes the files' text, the dereferenced contract and a JSON Schema validator.
 *
 * Every problem names the file and line, the operation, what is wrong and the fix; all problems of
 * a run are reported at once. The build and `npm run lint:contract` fail on any of them.
 */
import {isMap, isSeq, LineCounter, parseDocument, type Document} from 'yaml';
import {closest} from '../util/closest';
import {createReloadMemo} from '../util/memo';
import {listOperations, type Located, type OpenApiDocument, type Parameter} from '../contract/openapi';
import {mergeAllOf, type JsonSchema} from '../contract/schema';
import type {ResponseCodeView, TestValueRow} from '../contract/types';

export type {TestValueRow};
import {fieldError, mergePatch, parsePath, setPath, text} from './body';
import type {
  CarryRule,
  Condition,
  Credentials,
  FamilyModel,
  Json,
  JsonObject,
  OperationModel,
  SandboxIndex,
  ScenarioModel,
  StageModel,
  ValidatorError,
  WebhookModel,
} from './model';

/** Validates `data` against `schema`; the errors ajv reports (empty when valid). */
export type SchemaCheck = (schema: JsonSchema, data: unknown) => readonly ValidatorError[];

export interface AtlasFile {
  /** Repository-relative path, as messages name it. */
  readonly file: string;
  readonly text: string;
}

export interface AtlasInput {
  readonly doc: OpenApiDocument;
  readonly responseCodes: readonly ResponseCodeView[];
  /** openapi/scenarios/sandbox.yaml: credentials and test partner ids. */
  readonly sandbox: AtlasFile;
  /** openapi/scenarios/<family>.yaml, one per family that has scenarios. */
  readonly families: readonly AtlasFile[];
  readonly check: SchemaCheck;
}

export interface CompiledAtlas {
  readonly problems: readonly string[];
  readonly index: SandboxIndex;
  readonly families: readonly FamilyModel[];
  /** Per operation: the rows its page and the Test data page show. */
  readonly rows: Readonly<Record<string, readonly TestValueRow[]>>;
  /** The rows every operation shares: token, test partner ids, validation, repeats. */
  readonly anyOperation: readonly TestValueRow[];
}

/* ------------------------------------------------------------------ the atlas file format */

type AtlasSchema = JsonSchema;

const BODY_SPEC: AtlasSchema = {
  type: ['string', 'object'],
  additionalProperties: false,
  properties: {
    example: {type: 'string'},
    code: {type: 'integer'},
    message: {type: 'string'},
    data: {},
    set: {type: 'object'},
  },
};

const SCENARIO: AtlasSchema = {
  type: 'object',
  required: ['label', 'code'],
  additionalProperties: false,
  properties: {
    label: {type: 'string', minLength: 1},
    when: {type: 'object', minProperties: 1},
    code: {type: 'integer'},
    example: {type: 'string'},
    message: {type: 'string'},
    data: {},
    set: {type: 'object'},
    status: BODY_SPEC,
    then: {
      type: 'array',
      items: {
        type: 'object',
        required: ['after'],
        additionalProperties: false,
        properties: {
          after: {type: 'number', minimum: 0},
          status: BODY_SPEC,
          webhooks: {
            type: 'array',
            items: {
              type: 'object',
              required: ['webhook'],
              additionalProperties: false,
              properties: {webhook: {type: 'string'}, after: {type: 'number', minimum: 0}, set: {type: 'object'}},
            },
          },
        },
      },
    },
  },
};

const CARRY: AtlasSchema = {
  type: 'array',
  items: {
    type: ['string', 'object'],
    required: ['to', 'from'],
    additionalProperties: false,
    properties: {
      to: {type: 'string'},
      from: {type: 'string'},
      last: {type: 'integer', minimum: 1},
      prefix: {type: 'string'},
    },
  },
};

export const FAMILY_FILE_SCHEMA: AtlasSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    carry: CARRY,
    shared: {type: 'array', items: SCENARIO},
    operations: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          carry: CARRY,
          unique: {type: 'array', items: {type: 'string'}},
          idempotency: {type: 'string'},
          tracking: {
            type: 'object',
            required: ['status'],
            additionalProperties: false,
            properties: {status: {type: 'string'}, field: {type: 'string'}},
          },
          lookup: {type: 'string'},
          scenarios: {type: 'array', items: SCENARIO},
        },
      },
    },
  },
};

export const SANDBOX_FILE_SCHEMA: AtlasSchema = {
  type: 'object',
  required: ['credentials', 'partners'],
  additionalProperties: false,
  properties: {
    credentials: {
      type: 'object',
      required: ['partnerId', 'jwtSecret', 'webhookSecret'],
      additionalProperties: false,
      properties: {partnerId: {type: 'string'}, jwtSecret: {type: 'string'}, webhookSecret: {type: 'string'}},
    },
    partners: {
      type: 'array',
      items: {
        type: 'object',
        required: ['partnerId', 'code', 'label', 'scope'],
        additionalProperties: false,
        properties: {
          partnerId: {type: 'string'},
          code: {type: 'integer'},
          label: {type: 'string'},
          scope: {enum: ['listed', 'all']},
          message: {type: 'string'},
          headers: {type: 'object', additionalProperties: {type: 'string'}},
        },
      },
    },
    shared: {type: 'array', items: SCENARIO},
  },
};

type BodySpec = string | {example?: string; code?: number; message?: string; data?: Json; set?: JsonObject};
interface ScenarioSpec {
  label: string;
  when?: Record<string, Json>;
  code: number;
  example?: string;
  message?: string;
  data?: Json;
  set?: JsonObject;
  status?: BodySpec;
  then?: {after: number; status?: BodySpec; webhooks?: {webhook: string; after?: number; set?: JsonObject}[]}[];
}
type CarrySpec = string | {to: string; from: string; last?: number; prefix?: string};
interface OperationSpec {
  carry?: CarrySpec[];
  unique?: string[];
  idempotency?: string;
  tracking?: {status: string; field?: string};
  lookup?: string;
  scenarios?: ScenarioSpec[];
}
interface FamilySpec {
  carry?: CarrySpec[];
  shared?: ScenarioSpec[];
  operations?: Record<string, OperationSpec>;
}
interface PartnerSpec {
  partnerId: string;
  code: number;
  label: string;
  scope: 'listed' | 'all';
  message?: string;
  headers?: Record<string, string>;
}
interface SandboxSpec {
  credentials: Credentials;
  partners: PartnerSpec[];
  shared?: ScenarioSpec[];
}

/* ------------------------------------------------------------------ locating problems */

type YamlPath = readonly (string | number)[];

/**
 * The parsed YAML of each atlas file's text, kept by the dev server: a contract edit compiles the
 * atlas again, and parsing the unchanged scenario files was about 90 ms of that reload. The parsed
 * document is only read; each compile takes a fresh copy of its values (`toJS`).
 */
const parsedYaml = createReloadMemo();

/** A parsed atlas file that can say on which line a value sits. */
class Located_ {
  readonly value: unknown;
  private readonly doc: Document;
  private readonly lines: LineCounter;

  constructor(
    readonly file: string,
    text: string,
  ) {
    ({doc: this.doc, lines: this.lines} = parsedYaml(['atlas-yaml', text], () => {
      const lines = new LineCounter();
      // Merge keys (`<<: *anchor`) let an entry reuse another's fields; YAML 1.2 leaves them off by default.
      return {doc: parseDocument(text, {lineCounter: lines, merge: true}), lines};
    }));
    this.value = this.doc.errors.length ? undefined : this.doc.toJS();
  }

  get parseErrors(): string[] {
    return this.doc.errors.map(
      (e) => `${this.file}:${e.linePos?.[0].line ?? 1}: the YAML does not parse: ${e.message.split('\n')[0]}`,
    );
  }

  /** The line of the value at `path`, or of the nearest parent that exists. */
  line(path: YamlPath): number {
    for (let n = path.length; n >= 0; n--) {
      const node = this.doc.getIn(path.slice(0, n), true) as {range?: [number, number, number]} | undefined;
      const start = node?.range?.[0];
      if (start !== undefined) {
        // A map or sequence starts at its first entry; its key's line is one up for block collections.
        const pos = this.lines.linePos(start).line;
        return (isMap(node) || isSeq(node)) && n > 0 && !this.flow(node) ? Math.max(1, pos - 1) : pos;
      }
    }
    return 1;
  }

  private flow(node: unknown): boolean {
    return Boolean((node as {flow?: boolean}).flow);
  }

  at(path: YamlPath): string {
    return `${this.file}:${this.line(path)}`;
  }
}

/** `operations.aeps-cash-withdrawal.scenarios[2].code` from a YAML path. */
const dotted = (path: YamlPath): string =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');

/* ------------------------------------------------------------------ the contract side */

const JSON_TYPE = (content: Record<string, {schema?: JsonSchema}> | undefined): JsonSchema | undefined =>
  Object.entries(content ?? {}).find(([type]) => type.includes('json'))?.[1].schema;

/** HTTP status of an answer with this code, as the contract's shared responses give it. */
export function httpStatusOf(code: number): number {
  if (code === 10) return 400;
  if (code === 11 || code === 12) return 401;
  if (code === 18) return 429;
  return 200;
}

/** The schema of path and query parameters of an operation, for the (coercing) params validator. */
export function paramsSchema(params: readonly Parameter[]): JsonSchema | undefined {
  const own = params.filter((p) => p.in === 'path' || p.in === 'query');
  if (!own.length) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(own.map((p) => [p.name, p.schema ?? {}])),
    required: own.filter((p) => p.required || p.in === 'path').map((p) => p.name),
  };
}

interface OpInfo {
  readonly located: Located;
  readonly id: string;
  readonly family: string;
  readonly params: readonly Parameter[];
  readonly paramsSchema?: JsonSchema;
  readonly bodySchema?: JsonSchema;
  readonly sampleBody?: Json;
  readonly sampleParams: Record<string, Json>;
  readonly codes: readonly number[];
  /** Named examples of each response, by HTTP status. */
  readonly examples: Readonly<Record<string, readonly {name: string; value: JsonObject}[]>>;
  readonly responseSchemas: Readonly<Record<string, JsonSchema>>;
}

function opInfo(l: Located): OpInfo {
  const params = [...l.itemParams, ...(l.op.parameters ?? [])];
  const media = Object.entries(l.op.requestBody?.content ?? {}).find(([t]) => t.includes('json'))?.[1];
  const sampleBody = (media?.example ?? Object.values(media?.examples ?? {})[0]?.value) as Json | undefined;
  const examples: Record<string, {name: string; value: JsonObject}[]> = {};
  const responseSchemas: Record<string, JsonSchema> = {};
  for (const [status, res] of Object.entries(l.op.responses)) {
    const m = Object.entries(res.content ?? {}).find(([t]) => t.includes('json'))?.[1];
    const schema = JSON_TYPE(res.content);
    if (schema) responseSchemas[status] = schema;
    if (!m) continue;
    examples[status] = m.examples
      ? Object.entries(m.examples).map(([name, ex]) => ({name, value: ex.value as JsonObject}))
      : m.example !== undefined
        ? [{name: 'example', value: m.example as JsonObject}]
        : [];
  }
  const sampleParams: Record<string, Json> = {};
  for (const p of params) {
    if (p.in !== 'query' && p.in !== 'path') continue;
    const value = (p.example ?? (p.schema?.examples as Json[] | undefined)?.[0]) as Json | undefined;
    if (value !== undefined) sampleParams[p.name] = value;
  }
  const ps = paramsSchema(params);
  return {
    located: l,
    id: l.op.operationId,
    family: l.op.tags[0] ?? 'untagged',
    params,
    ...(ps ? {paramsSchema: ps} : {}),
    ...(JSON_TYPE(l.op.requestBody?.content) ? {bodySchema: JSON_TYPE(l.op.requestBody?.content)} : {}),
    ...(sampleBody !== undefined ? {sampleBody} : {}),
    sampleParams,
    codes: l.op['x-response-codes'] ?? [],
    examples,
    responseSchemas,
  };
}

/** Whether `path` (`customerparams[0].value`) names a field the schema describes. */
function schemaHasPath(schema: JsonSchema | undefined, path: string): boolean {
  const walk = (s: JsonSchema | undefined, keys: (string | number)[]): boolean => {
    if (!s) return false;
    const m = mergeAllOf(s);
    if (!keys.length) return true;
    const [key, ...rest] = keys;
    const branches = [...(m.oneOf ?? []), ...(m.anyOf ?? [])];
    if (branches.some((b) => walk(b, keys))) return true;
    if (typeof key === 'number') return walk(m.items, rest);
    return walk(m.properties?.[key as string], rest);
  };
  return walk(schema, parsePath(path));
}

/**
 * Paths in a merge patch that the schema does not define (`data.stauts`): payload schemas are often
 * open, so a misspelt key would otherwise pass validation and reach the answer unnoticed.
 */
export function unknownPatchKeys(schema: JsonSchema | undefined, patch: Json, at = ''): string[] {
  if (!schema || !isRecord(patch)) return [];
  const s = mergeAllOf(schema);
  const branches = [...(s.oneOf ?? []), ...(s.anyOf ?? [])].map(mergeAllOf);
  const props = {...s.properties, ...Object.assign({}, ...branches.map((b) => b.properties ?? {}))} as Record<
    string,
    JsonSchema
  >;
  if (!Object.keys(props).length && s.additionalProperties !== false) return [];
  return Object.entries(patch).flatMap(([key, value]) => {
    const path = at ? `${at}.${key}` : key;
    const child = props[key];
    if (!child) return [path];
    const c = mergeAllOf(child);
    return unknownPatchKeys(c.type === 'array' ? c.items : c, value, path);
  });
}

/* ------------------------------------------------------------------ compile */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function compileAtlas(input: AtlasInput): CompiledAtlas {
  const {doc, responseCodes, check} = input;
  const problems: string[] = [];
  const codeNames = new Map(responseCodes.map((c) => [c.code, c]));
  const commonCodes = responseCodes.filter((c) => c.common).map((c) => c.code);
  const located = listOperations(doc);
  const ops = new Map(located.filter((l) => l.kind === 'operation').map((l) => [l.op.operationId, opInfo(l)]));
  const webhooks = new Map(located.filter((l) => l.kind === 'webhook').map((l) => [l.op.operationId, l]));
  const familyNames = [...new Set([...ops.values()].map((o) => o.family))];
  const codeList = (o: OpInfo): string => o.codes.join(', ');
  const nameOf = (code: number): string => codeNames.get(code)?.name ?? `code ${code}`;

  const structural = (f: Located_, schema: AtlasSchema, value: unknown): boolean => {
    const errors = check(schema, value ?? {});
    for (const e of errors) {
      const path = e.instancePath
        .split('/')
        .slice(1)
        .map((p) => (/^\d+$/.test(p) ? Number(p) : p.replace(/~1/g, '/').replace(/~0/g, '~')));
      const extra =
        e.keyword === 'additionalProperties' ? [String(e.params.additionalProperty)] : ([] as (string | number)[]);
      const f_ = fieldError(e);
      const what = dotted([...path, ...extra]) || 'the file';
      problems.push(
        `${f.at([...path, ...extra])}: ${what} ${e.keyword === 'additionalProperties' ? 'is not a key of the atlas format' : f_.rule}. See openapi/scenarios/README.md for the format.`,
      );
    }
    return errors.length === 0;
  };

  /* ---- sandbox.yaml */
  const sandboxFile = new Located_(input.sandbox.file, input.sandbox.text);
  problems.push(...sandboxFile.parseErrors);
  const sandboxOk = sandboxFile.value !== undefined && structural(sandboxFile, SANDBOX_FILE_SCHEMA, sandboxFile.value);
  const sandbox: SandboxSpec = sandboxOk
    ? (sandboxFile.value as SandboxSpec)
    : {credentials: {partnerId: '', jwtSecret: '', webhookSecret: ''}, partners: []};
  sandbox.partners.forEach((p, i) => {
    if (!codeNames.has(p.code))
      problems.push(
        `${sandboxFile.at(['partners', i, 'code'])}: partner ${p.partnerId} answers code ${p.code}, which openapi/response-codes.yaml does not define. Use a catalogued code.`,
      );
    if (
      p.partnerId === sandbox.credentials.partnerId ||
      sandbox.partners.findIndex((q) => q.partnerId === p.partnerId) !== i
    )
      problems.push(
        `${sandboxFile.at(['partners', i, 'partnerId'])}: partner id ${p.partnerId} is used twice. Give each test partner id one code.`,
      );
  });
  for (const code of commonCodes.filter((c) => c !== 11)) {
    if (!sandbox.partners.some((p) => p.code === code && p.scope === 'all'))
      problems.push(
        `${sandboxFile.at(['partners'])}: code ${code} (${nameOf(code)}) can come from any operation, but no test partner id answers it. Add a partner with code: ${code} and scope: all.`,
      );
  }

  /* ---- body rendering */

  /** The answer body a spec describes for an operation, or a problem message. */
  const renderBody = (
    o: OpInfo,
    spec: {example?: string; code: number; message?: string; data?: Json; set?: JsonObject},
    at: string,
    what: string,
    owner = o.id,
  ): JsonObject | undefined => {
    const status = String(httpStatusOf(spec.code));
    const pool = o.examples[status] ?? [];
    let body: JsonObject;
    if (spec.example !== undefined) {
      const found = pool.find((e) => e.name === spec.example);
      if (!found) {
        const names = Object.values(o.examples).flatMap((list) => list.map((e) => e.name));
        const near = closest(spec.example, names);
        problems.push(
          `${at}: ${owner}: ${what} names the example "${spec.example}", which the ${status} response of ${o.id} does not have (it has ${pool.map((e) => e.name).join(', ') || 'none'}).${near.length ? ` Did you mean "${near[0]}"?` : ''}`,
        );
        return undefined;
      }
      if (found.value.response_code !== spec.code) {
        problems.push(
          `${at}: ${owner}: ${what} answers code ${spec.code} with the example "${spec.example}", whose response_code is ${text(found.value.response_code)}. Name an example with response_code ${spec.code}, or leave example out.`,
        );
        return undefined;
      }
      body = found.value;
    } else {
      const documented = pool.find((e) => e.value.response_code === spec.code);
      body = documented
        ? documented.value
        : {status: spec.code === 1, response_code: spec.code, message: codeNames.get(spec.code)?.meaning ?? ''};
    }
    if (spec.message !== undefined) body = {...body, message: spec.message};
    if (spec.data !== undefined) body = {...body, data: spec.data};
    if (spec.set) {
      const unknown = unknownPatchKeys(o.responseSchemas[status], spec.set);
      if (unknown.length) {
        problems.push(
          `${at}: ${owner}: ${what} sets ${unknown.join(', ')}, which the ${status} response of ${o.id} does not define. Fix the field name.`,
        );
        return undefined;
      }
      body = mergePatch(body, spec.set) as JsonObject;
    }
    if (body.status !== (spec.code === 1) || body.response_code !== spec.code) {
      problems.push(
        `${at}: ${owner}: ${what} gives status ${text(body.status)} and response_code ${text(body.response_code)}; status is true exactly when response_code is 1, and response_code must be ${spec.code}. Fix set: or the code.`,
      );
      return undefined;
    }
    const schema = o.responseSchemas[status];
    if (schema) {
      const errors = check(schema, body);
      if (errors.length) {
        problems.push(
          `${at}: ${owner}: ${what} is not a valid ${status} response of ${o.id}:\n${errorLines(errors)}\n  Fix the atlas entry (the contract is the source of truth).`,
        );
        return undefined;
      }
    }
    return body;
  };

  const bodySpecOf = (
    spec: BodySpec,
  ): {example?: string; code: number; message?: string; data?: Json; set?: JsonObject} =>
    typeof spec === 'string' ? {example: spec, code: 1} : {...spec, code: spec.code ?? 1};

  const renderWebhook = (
    hook: {webhook: string; after?: number; set?: JsonObject},
    o: OpInfo,
    at: string,
    what: string,
  ): WebhookModel | undefined => {
    const l = webhooks.get(hook.webhook);
    if (!l) {
      const near = closest(hook.webhook, webhooks.keys());
      problems.push(
        `${at}: ${o.id}: ${what} names the webhook "${hook.webhook}", which the contract does not define.${near.length ? ` Did you mean "${near[0]}"?` : ''}`,
      );
      return undefined;
    }
    const media = Object.entries(l.op.requestBody?.content ?? {}).find(([t]) => t.includes('json'))?.[1];
    const example = (media?.example ?? Object.values(media?.examples ?? {})[0]?.value) as JsonObject | undefined;
    const schema = media?.schema;
    const unknown = unknownPatchKeys(schema, hook.set ?? {});
    if (unknown.length) {
      problems.push(
        `${at}: ${o.id}: ${what} sets ${unknown.join(', ')}, which the ${hook.webhook} payload does not define. Fix the field name.`,
      );
      return undefined;
    }
    const body = mergePatch(example ?? {}, hook.set ?? {}) as JsonObject;
    if (schema) {
      const errors = check(schema, body);
      if (errors.length) {
        problems.push(
          `${at}: ${o.id}: ${what} (${hook.webhook}) is not a valid payload of that webhook:\n${errorLines(errors)}\n  Fix its set: (the contract is the source of truth).`,
        );
        return undefined;
      }
    }
    return {webhook: hook.webhook, after: hook.after ?? 0, body};
  };

  /** The sample request of an operation with `when` applied: the contract's first example, then the values. */
  const requestOf = (o: OpInfo, when: Record<string, Json>): {params: Record<string, Json>; body?: Json} => {
    const params = {...o.sampleParams};
    let body = o.sampleBody;
    for (const [key, value] of Object.entries(when)) {
      if (o.params.some((p) => p.name === key && (p.in === 'query' || p.in === 'path'))) params[key] = value;
      else body = setPath(body, key, value);
    }
    return {params, ...(body !== undefined ? {body} : {})};
  };

  const requestErrors = (o: OpInfo, req: {params: Record<string, Json>; body?: Json}): readonly ValidatorError[] => [
    ...(o.paramsSchema ? check(o.paramsSchema, req.params) : []),
    ...(o.bodySchema ? check(o.bodySchema, req.body ?? null) : []),
  ];

  const isInput = (o: OpInfo, key: string): boolean =>
    o.params.some((p) => p.name === key && (p.in === 'query' || p.in === 'path')) || schemaHasPath(o.bodySchema, key);

  /* ---- family files */
  const familyModels: FamilyModel[] = [];
  const rows: Record<string, TestValueRow[]> = {};
  const seenFamilies = new Set<string>();
  const opEntries = new Map<string, {file: Located_; spec: OperationSpec; family: FamilySpec}>();
  const parsedFamilies: {file: Located_; spec: FamilySpec; family: string}[] = [];

  for (const f of input.families) {
    const file = new Located_(f.file, f.text);
    problems.push(...file.parseErrors);
    if (file.value === undefined || !structural(file, FAMILY_FILE_SCHEMA, file.value)) continue;
    const family = f.file.replace(/^.*\//, '').replace(/\.ya?ml$/, '');
    if (!familyNames.includes(family)) {
      const near = closest(family, familyNames);
      problems.push(
        `${file.at([])}: no operation of the contract belongs to the family "${family}". Name the file after its family file in openapi/families/${near.length ? ` (closest: ${near.map((n) => `${n}.yaml`).join(', ')})` : ''}.`,
      );
      continue;
    }
    seenFamilies.add(family);
    const spec = (file.value ?? {}) as FamilySpec;
    parsedFamilies.push({file, spec, family});
    for (const [id, opSpec] of Object.entries(spec.operations ?? {})) {
      const o = ops.get(id);
      if (!o) {
        const near = closest(id, ops.keys());
        problems.push(
          `${file.at(['operations', id])}: operations names "${id}", which is not an operation of the contract.${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''}`,
        );
        continue;
      }
      if (o.family !== family) {
        problems.push(
          `${file.at(['operations', id])}: ${id} belongs to the family ${o.family}. Move its entry to openapi/scenarios/${o.family}.yaml.`,
        );
        continue;
      }
      opEntries.set(id, {file, spec: opSpec ?? {}, family: spec});
    }
  }

  const fileOf = (family: string): string =>
    parsedFamilies.find((p) => p.family === family)?.file.file ?? `openapi/scenarios/${family}.yaml`;

  const carryRules = (specs: CarrySpec[] | undefined): CarryRule[] =>
    (specs ?? []).map((c) => (typeof c === 'string' ? {to: c, from: c} : c));

  for (const family of familyNames) {
    const parsed = parsedFamilies.find((p) => p.family === family);
    const operations: OperationModel[] = [];
    for (const o of [...ops.values()].filter((x) => x.family === family)) {
      const entry = opEntries.get(o.id);
      const file = entry?.file ?? parsed?.file;
      const spec = entry?.spec ?? {};
      const base: YamlPath = ['operations', o.id];
      const at = (path: YamlPath): string => (file ? file.at([...base, ...path]) : fileOf(family));
      const scenarios: ScenarioModel[] = [];
      const reachable = new Set<number>();
      const problemsBefore = problems.length;
      const opRows: TestValueRow[] = [];

      // Test partner ids first: they answer before validation, on every request.
      for (const p of sandbox.partners) {
        if (p.scope === 'listed' && !o.codes.includes(p.code)) continue;
        const body = renderBody(
          o,
          {code: p.code, ...(p.message !== undefined ? {message: p.message} : {})},
          sandboxFile.at(['partners', sandbox.partners.indexOf(p)]),
          `partner ${p.partnerId}`,
        );
        if (!body) continue;
        reachable.add(p.code);
        scenarios.push({
          id: `${input.sandbox.file}#${p.partnerId}`,
          label: p.label,
          partnerId: p.partnerId,
          when: [],
          code: p.code,
          httpStatus: httpStatusOf(p.code),
          ...(p.headers ? {headers: p.headers} : {}),
          body,
          then: [],
        });
      }

      const lookup = spec.lookup;
      if (lookup !== undefined && !isInput(o, lookup))
        problems.push(
          `${at(['lookup'])}: ${o.id}: lookup names "${lookup}", which is not a field of its request. Name the field that identifies the transaction.`,
        );

      let tracking: OperationModel['tracking'];
      if (spec.tracking) {
        const statusOp = ops.get(spec.tracking.status);
        const statusSpec = opEntries.get(spec.tracking.status)?.spec;
        if (!statusOp) {
          const near = closest(spec.tracking.status, ops.keys());
          problems.push(
            `${at(['tracking', 'status'])}: ${o.id}: tracking names "${spec.tracking.status}", which is not an operation of the contract.${near.length ? ` Did you mean "${near[0]}"?` : ''}`,
          );
        } else if (!statusSpec?.lookup) {
          problems.push(
            `${at(['tracking', 'status'])}: ${o.id}: tracking names ${statusOp.id}, whose atlas entry has no lookup. Add lookup: <the field that names the transaction> under operations.${statusOp.id} in ${fileOf(statusOp.family)}.`,
          );
        } else {
          tracking = {status: statusOp.id, key: statusSpec.lookup, field: spec.tracking.field ?? statusSpec.lookup};
        }
      }
      const statusOp = tracking ? ops.get(tracking.status) : undefined;

      const idempotencyKey =
        spec.idempotency ?? (o.codes.includes(4) && isInput(o, 'referenceid') ? 'referenceid' : undefined);
      if (idempotencyKey !== undefined && !isInput(o, idempotencyKey))
        problems.push(
          `${at(['idempotency'])}: ${o.id}: idempotency names "${idempotencyKey}", which is not a field of its request. Name the field a repeat is recognised by.`,
        );
      if (o.codes.includes(4) && idempotencyKey === undefined)
        problems.push(
          `${at([])}: ${o.id}: lists code 4 (${nameOf(4)}) but its request has no referenceid. Add idempotency: <the field a repeat is recognised by> under operations.${o.id}.`,
        );

      const carry = carryRules(spec.carry ?? parsed?.spec.carry);
      // An operation's own carry list must name its request fields; the file's list applies where they exist.
      if (spec.carry)
        carry.forEach((c, i) => {
          if (!isInput(o, c.from))
            problems.push(
              `${at(['carry', i])}: ${o.id}: carry copies "${c.from}", which is not a field of its request. Name a request field.`,
            );
        });
      const ownCarry = carry.filter((c) => isInput(o, c.from));

      const addScenario = (s: ScenarioSpec, where: string, id: string, source: TestValueRow['source']): void => {
        const shared = source !== 'operation';
        const what = `scenario "${s.label}"`;
        const when = s.when ?? {};
        if (!o.codes.includes(s.code) && !commonCodes.includes(s.code)) {
          if (!shared)
            problems.push(
              `${where}: ${o.id}: ${what} answers code ${s.code}, which ${o.id} does not list (x-response-codes: ${codeList(o)}). Use one of those codes, or add ${s.code} to x-response-codes of ${o.id} in openapi/families/${o.family}.yaml if the API really answers it.`,
            );
          return;
        }
        for (const key of Object.keys(when)) {
          if (!isInput(o, key)) {
            if (shared) return;
            problems.push(
              `${where}: ${o.id}: ${what} matches on "${key}", which is not a field of the ${o.id} request. Use a body field path (customerparams[0].value) or a path or query parameter name.`,
            );
            return;
          }
        }
        const req = requestOf(o, when);
        const errors = requestErrors(o, req);
        if (s.code === 10 && !errors.length) {
          problems.push(
            `${where}: ${o.id}: ${what} answers code 10, but its request (the contract example with ${JSON.stringify(when)}) is valid. Give a value that breaks a rule of the request schema.`,
          );
          return;
        }
        if (s.code !== 10 && errors.length) {
          problems.push(
            `${where}: ${o.id}: ${what} would never be reached: its request (the contract example with ${JSON.stringify(when)}) is not valid, so the engine answers code 10:\n${errorLines(errors)}\n  Choose values the request schema accepts.`,
          );
          return;
        }
        const dup = scenarios.find((x) => !x.partnerId && JSON.stringify(x.when) === JSON.stringify(conditions(when)));
        if (dup) {
          if (shared) return; // the operation's own scenario for these inputs wins
          problems.push(
            `${where}: ${o.id}: ${what} matches the same inputs as "${dup.label}", which comes first, so it is never reached. Give it other values.`,
          );
          return;
        }
        if (s.code === 10) {
          reachable.add(10);
          opRows.push(row(s, undefined, source));
          return; // the engine answers it from the validator; nothing to compile
        }
        const body = renderBody(o, s, where, what);
        if (!body) return;
        const tracked = s.status !== undefined || (s.then ?? []).some((st) => st.status !== undefined);
        if (tracked && !statusOp) {
          problems.push(
            `${where}: ${o.id}: ${what} gives a status call answer, but ${o.id} has no tracking. Add tracking: {status: <its status call>} under operations.${o.id}.`,
          );
          return;
        }
        if ((s.code === 2 || s.code === 5) && statusOp && !(s.then ?? []).some((st) => st.status !== undefined)) {
          problems.push(
            `${where}: ${o.id}: ${what} answers code ${s.code} (${nameOf(s.code)}) but never settles. Add then: [{after: <seconds>, status: <the final status answer>, webhooks: [...]}].`,
          );
          return;
        }
        const status =
          s.status !== undefined && statusOp
            ? renderBody(statusOp, bodySpecOf(s.status), where, `${what}, status:`, o.id)
            : undefined;
        const then: StageModel[] = [];
        for (const [i, stage] of (s.then ?? []).entries()) {
          const st =
            stage.status !== undefined && statusOp
              ? renderBody(statusOp, bodySpecOf(stage.status), where, `${what}, then[${i}].status`, o.id)
              : undefined;
          const hooks = (stage.webhooks ?? [])
            .map((h, j) => renderWebhook(h, o, where, `${what}, then[${i}].webhooks[${j}]`))
            .filter((h): h is WebhookModel => h !== undefined);
          then.push({after: stage.after, ...(st ? {status: st} : {}), webhooks: hooks});
        }
        const model: ScenarioModel = {
          id,
          label: s.label,
          when: conditions(when),
          code: s.code,
          httpStatus: httpStatusOf(s.code),
          body,
          ...(status ? {status} : {}),
          then,
        };
        scenarios.push(model);
        reachable.add(s.code);
        opRows.push(row(s, model, source));
      };

      const row = (
        s: ScenarioSpec,
        model: ScenarioModel | undefined,
        source: TestValueRow['source'],
      ): TestValueRow => ({
        input: Object.keys(s.when ?? {}).length
          ? Object.entries(s.when ?? {})
              .map(([k, v]) => `\`${k}\` \`${typeof v === 'string' ? v : JSON.stringify(v)}\``)
              .join(', ')
          : 'Any other valid request',
        code: s.code,
        codeName: nameOf(s.code),
        label: s.label,
        follows: model ? followsText(model) : '',
        source,
      });

      (spec.scenarios ?? []).forEach((s, i) => {
        if (s.when === undefined) return; // defaults last
        addScenario(s, at(['scenarios', i]), `${fileOf(family)}#${o.id}/${i}`, 'operation');
      });
      (parsed?.spec.shared ?? []).forEach((s, i) =>
        addScenario(s, parsed?.file.at(['shared', i]) ?? fileOf(family), `${fileOf(family)}#shared/${i}`, 'family'),
      );
      (sandbox.shared ?? []).forEach((s, i) =>
        addScenario(s, sandboxFile.at(['shared', i]), `${input.sandbox.file}#shared/${i}`, 'sandbox'),
      );
      const defaults = (spec.scenarios ?? []).map((s, i) => [s, i] as const).filter(([s]) => s.when === undefined);
      for (const [s, i] of defaults.slice(1))
        problems.push(
          `${at(['scenarios', i])}: ${o.id}: scenario "${s.label}" has no when:, like "${defaults[0]?.[0].label}" before it: an operation has one default. Add when: to one of them.`,
        );
      const [explicit] = defaults;
      if (explicit)
        addScenario(
          explicit[0],
          at(['scenarios', explicit[1]]),
          `${fileOf(family)}#${o.id}/${explicit[1]}`,
          'operation',
        );
      else if (tracking)
        problems.push(
          `${at(['scenarios'])}: ${o.id}: has tracking but no default scenario, so a plain request would not be followed by its status call. Add a scenario without when: that gives status:.`,
        );
      else {
        const success = (o.examples['200'] ?? []).find((e) => e.value.response_code === 1);
        if (success) {
          const implicit: ScenarioModel = {
            id: `${o.id}#default`,
            label: 'Any other valid request',
            when: [],
            code: 1,
            httpStatus: 200,
            body: success.value,
            then: [],
          };
          scenarios.push(implicit);
          reachable.add(1);
          opRows.push({
            input: 'Any other valid request',
            code: 1,
            codeName: nameOf(1),
            label: 'The documented example answer',
            follows: '',
            source: 'engine',
          });
        } else if (o.codes.includes(1))
          problems.push(
            `${at([])}: ${o.id}: the contract has no 200 example with response_code 1 to answer a plain request with. Add a default scenario (a scenario without when:) with message: and data:.`,
          );
      }

      // Derived answers: an invalid field (10) and a repeat (4).
      if (o.paramsSchema || o.bodySchema) {
        const invalid = invalidRequest(o);
        if (invalid && requestErrors(o, invalid.request).length) {
          reachable.add(10);
          if (!opRows.some((r) => r.code === 10))
            opRows.push({
              input: invalid.description,
              code: 10,
              codeName: nameOf(10),
              label: 'Validation error listing the field',
              follows: '',
              source: 'engine',
            });
        }
      }
      if (idempotencyKey !== undefined && isInput(o, idempotencyKey)) {
        reachable.add(4);
        const duplicate = (o.examples['200'] ?? []).find((e) => e.value.response_code === 4);
        const message = duplicate
          ? text(duplicate.value.message)
          : `A request with this ${idempotencyKey} was already received; data is its result`;
        for (const s of scenarios.filter((x) => !x.partnerId)) {
          const body: JsonObject = {
            status: false,
            response_code: 4,
            message,
            ...(s.body.data !== undefined ? {data: s.body.data} : {}),
          };
          const schema = o.responseSchemas['200'];
          const errors = schema ? check(schema, body) : [];
          if (errors.length)
            problems.push(
              `${at([])}: ${o.id}: the answer to a repeat of scenario "${s.label}" (code 4 with its data) is not a valid 200 response:\n${errorLines(errors)}`,
            );
        }
        opRows.push({
          input: `The same \`${idempotencyKey}\` again`,
          code: 4,
          codeName: nameOf(4),
          label: 'The original answer in data; nothing runs twice',
          follows: '',
          source: 'engine',
        });
        operations.push(
          operationModel(o, {
            scenarios,
            idempotencyKey,
            duplicateMessage: message,
            carry: ownCarry,
            unique: spec.unique ?? [],
            tracking,
            lookup,
          }),
        );
      } else {
        operations.push(operationModel(o, {scenarios, carry: ownCarry, unique: spec.unique ?? [], tracking, lookup}));
      }
      for (const field of spec.unique ?? []) {
        const data = scenarios.find((s) => !s.partnerId && s.code === 1)?.body.data;
        if (!isRecord(data) || typeof data[field] !== 'string')
          problems.push(
            `${at(['unique'])}: ${o.id}: unique names "${field}", which is not a text field of data in its success answer. Name a field of data.`,
          );
      }

      // Codes left unreachable by a broken entry follow from the problem above it: report that one alone.
      const missing = problems.length > problemsBefore ? [] : o.codes.filter((c) => !reachable.has(c));
      for (const code of missing) {
        problems.push(
          `${entry ? at(['scenarios']) : file ? file.at(['operations']) : fileOf(family)}: ${o.id}: code ${code} (${nameOf(code)}) is in its x-response-codes, but no scenario answers it. Add one under operations.${o.id}.scenarios in ${fileOf(family)}: - {label: ..., when: {<field>: <test value>}, code: ${code}}.`,
        );
      }
      rows[o.id] = opRows;
    }
    familyModels.push({family, operations});
  }

  const index: SandboxIndex = {
    basePath: basePathOf(doc),
    credentials: sandbox.credentials,
    partnerIds: sandbox.partners.map((p) => p.partnerId),
    routes: [...ops.values()].map((o) => ({
      id: o.id,
      family: o.family,
      method: o.located.method,
      path: o.located.path,
    })),
  };

  const anyOperation: TestValueRow[] = [
    {
      input: `A token signed with another secret, an \`iat\` more than 5 minutes off, a \`reqId\` used before, or a \`partnerId\` other than ${[sandbox.credentials.partnerId, ...sandbox.partners.map((p) => p.partnerId)].map((p) => `\`${p}\``).join(', ')}`,
      code: 11,
      codeName: nameOf(11),
      label: 'HTTP 401, the message says which check failed',
      follows: '',
      source: 'engine',
    },
    ...sandbox.partners.map((p) => ({
      input: `\`partnerId\` \`${p.partnerId}\` in the token`,
      code: p.code,
      codeName: nameOf(p.code),
      label: `${p.label}${p.scope === 'listed' ? ` (operations that list code ${p.code}; the others answer as usual)` : ''}`,
      follows: '',
      source: 'sandbox' as const,
    })),
    {
      input: 'A field that breaks its rule, a missing required field or an unknown field',
      code: 10,
      codeName: nameOf(10),
      label: 'HTTP 400, `data.errors` lists each field with its rule',
      follows: '',
      source: 'engine',
    },
    {
      input: 'The same `referenceid` again on a call that lists code 4',
      code: 4,
      codeName: nameOf(4),
      label: 'The original answer in data, as it was first given',
      follows: '',
      source: 'engine',
    },
  ];

  return {problems, index, families: familyModels, rows, anyOperation};
}

/** Validator errors as indented lines, `field rule`, each once. */
function errorLines(errors: readonly ValidatorError[]): string {
  const lines = errors.map((e) => {
    const f = fieldError(e);
    return `    ${f.field || '(the whole body)'} ${f.rule}`;
  });
  return [...new Set(lines)].join('\n');
}

function conditions(when: Record<string, Json>): Condition[] {
  return Object.entries(when).map(([input, value]) => ({input, value}));
}

function operationModel(
  o: OpInfo,
  rest: Pick<OperationModel, 'scenarios' | 'carry' | 'unique'> &
    Partial<Pick<OperationModel, 'idempotencyKey' | 'duplicateMessage' | 'tracking' | 'lookup'>>,
): OperationModel {
  const {scenarios, carry, unique, idempotencyKey, duplicateMessage, tracking, lookup} = rest;
  return {
    id: o.id,
    family: o.family,
    method: o.located.method,
    path: o.located.path,
    pathParams: o.params.filter((p) => p.in === 'path').map((p) => p.name),
    queryParams: o.params.filter((p) => p.in === 'query').map((p) => p.name),
    hasBody: o.bodySchema !== undefined,
    codes: o.codes,
    ...(idempotencyKey !== undefined ? {idempotencyKey} : {}),
    ...(duplicateMessage !== undefined ? {duplicateMessage} : {}),
    carry,
    unique,
    ...(tracking ? {tracking} : {}),
    ...(lookup !== undefined ? {lookup} : {}),
    scenarios,
  };
}

function basePathOf(doc: OpenApiDocument): string {
  const url = doc.servers[0]?.url ?? '';
  try {
    return new URL(url).pathname.replace(/\/$/, '');
  } catch {
    return '';
  }
}

/** A state word of a status answer (`SUCCESS`), for the rows: the first `...status` field of data. */
function stateOf(body: JsonObject | undefined): string | undefined {
  const data = body?.data;
  if (!isRecord(data)) return undefined;
  const key = Object.keys(data).find(
    (k) => /status$/.test(k) && typeof data[k] === 'string' && /^[A-Z_]+$/.test(text(data[k])),
  );
  return key ? text(data[key]) : undefined;
}

/** `Status call: PENDING. After 20 s: SUCCESS, webhook aeps-transaction.` */
export function followsText(s: ScenarioModel): string {
  const parts: string[] = [];
  const first = stateOf(s.status);
  if (first) parts.push(`Status call: ${first}.`);
  const times = [...new Set(s.then.flatMap((st) => [st.after, ...st.webhooks.map((w) => st.after + w.after)]))].sort(
    (a, b) => a - b,
  );
  for (const t of times) {
    const stage = s.then.find((st) => st.after === t && st.status);
    const hooks = s.then.flatMap((st) =>
      st.webhooks.filter((w) => st.after + w.after === t).map((w) => `\`${w.webhook}\``),
    );
    const bits = [
      ...(stage && stateOf(stage.status) ? [`status ${stateOf(stage.status)}`] : []),
      ...(hooks.length ? [`webhook ${hooks.join(', ')}`] : []),
    ];
    if (bits.length) parts.push(`After ${t} s: ${bits.join(', ')}.`);
  }
  return parts.join(' ');
}

/** A value that breaks `schema`, for the derived code 10 row and test; undefined when none is found. */
export function invalidValue(schema: JsonSchema | undefined): Json | undefined {
  if (!schema) return undefined;
  const s = mergeAllOf(schema);
  if (s.enum) return 'NOT_AN_OPTION';
  if (s.type === 'integer' || s.type === 'number') return s.minimum !== undefined ? s.minimum - 1 : 'not a number';
  if (s.type === 'string') {
    if (s.pattern || s.format) return '!';
    if (s.minLength) return '';
    return 12345;
  }
  if (s.type === 'boolean') return 'yes';
  return undefined;
}

/** The sample request with one field made invalid (or, for a body, an unknown field added). */
export function invalidRequest(
  o: Pick<OpInfo, 'params' | 'sampleParams' | 'sampleBody' | 'bodySchema' | 'paramsSchema'>,
):
  | {
      request: {params: Record<string, Json>; body?: Json};
      description: string;
      field: string;
    }
  | undefined {
  if (o.bodySchema && isRecord(o.sampleBody)) {
    return {
      request: {params: {...o.sampleParams}, body: {...o.sampleBody, unknown_field: 'x'}},
      description: 'Any field the request does not define, such as `unknown_field`',
      field: 'unknown_field',
    };
  }
  for (const p of o.params.filter((x) => x.in === 'query' || x.in === 'path')) {
    const value = invalidValue(p.schema);
    if (value === undefined) continue;
    return {
      request: {
        params: {...o.sampleParams, [p.name]: value},
        ...(o.sampleBody !== undefined ? {body: o.sampleBody} : {}),
      },
      description: `\`${p.name}\` \`${typeof value === 'string' ? value : JSON.stringify(value)}\``,
      field: p.name,
    };
  }
  return undefined;
}

/** The rows of one operation's "Test values" section (empty for an operation the atlas does not know). */
export function testValueRows(compiled: Pick<CompiledAtlas, 'rows'>, operationId: string): readonly TestValueRow[] {
  return compiled.rows[operationId] ?? [];
}
