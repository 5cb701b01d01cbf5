/**
 * Bundled, dereferenced OpenAPI 3.1 document -> the view models the pages render.
 * Pure: no file system, no Docusaurus. The plugin in plugins/api-contract feeds it.
 */
import {createReloadMemo} from '../util/memo';
import {generateSamples, type SampleRequest} from '../code/snippets';
import {SECRET_PROOF_HEADER} from '../sandbox/engine/secret-proof';
import {
  operationRateLimits,
  rateLimitSentence,
  type OperationRateLimits,
  type OperationRateLimitView,
} from './rate-limits';
import type {ChangeBadge} from '../changelog/changelog';
import type {ScenarioRow} from '../sandbox/compile';
import {tagViews} from './families';
import {
  listOperations,
  type Located,
  type MediaType,
  type OpenApiDocument,
  type Operation,
  type PageMap,
  type Parameter,
  type Response,
} from './openapi';
import {describeConstraints, describeType, exampleOf, schemaToRows} from './schema';
import {ACK_TIMEOUT_SECONDS} from './webhook-policy';
import type {
  BodyView,
  CodeSample,
  ExampleView,
  IndexEntry,
  LinkView,
  OperationView,
  ParamView,
  ResponseCodeView,
  ResponseView,
  SchemaRow,
  ServerView,
  TagView,
  WebhookView,
} from './types';

export type {OpenApiDocument, Operation, PageMap, Tag} from './openapi';
export {listOperations} from './openapi';

export interface ContractViews {
  readonly operations: OperationView[];
  readonly webhooks: WebhookView[];
  readonly index: IndexEntry[];
  readonly tags: TagView[];
  /** The shared answers the operations link (400, 401, 429), each once, by status: shown on /ResponseCode. */
  readonly sharedAnswers: ResponseView[];
}

function paramView(p: Parameter): ParamView {
  const schema = p.schema ?? {};
  // JSON text for non-strings, as exampleOf() does: an object example must not render as [object Object].
  const example =
    p.example === undefined ? exampleOf(schema) : typeof p.example === 'string' ? p.example : JSON.stringify(p.example);
  return {
    name: p.name,
    in: p.in,
    required: Boolean(p.required),
    type: describeType(schema),
    ...(p.description ? {description: p.description} : {}),
    constraints: describeConstraints(schema),
    ...(schema.enum ? {enumValues: schema.enum} : {}),
    ...(example !== undefined ? {example} : {}),
    ...(p.deprecated === true ? {deprecated: true as const} : {}),
  };
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

function examplesOf(media: MediaType | undefined): ExampleView[] {
  if (!media) return [];
  if (media.examples) {
    return Object.entries(media.examples).map(([name, ex]) => ({
      name,
      ...(ex.summary ? {summary: ex.summary} : {}),
      json: pretty(ex.value),
    }));
  }
  return media.example !== undefined ? [{name: 'example', json: pretty(media.example)}] : [];
}

function firstExampleValue(media: MediaType | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  return first?.value;
}

function jsonMedia(content: Record<string, MediaType> | undefined): [string, MediaType] | undefined {
  if (!content) return undefined;
  const entries = Object.entries(content);
  return entries.find(([type]) => type.includes('json')) ?? entries[0];
}

function bodyView(op: Operation): BodyView | undefined {
  const media = jsonMedia(op.requestBody?.content);
  if (!media) return undefined;
  const [mediaType, m] = media;
  return {
    required: Boolean(op.requestBody?.required),
    mediaType,
    ...(op.requestBody?.description ? {description: op.requestBody.description} : {}),
    rows: schemaToRows(m.schema),
    examples: examplesOf(m),
  };
}

/** The value at a row's path (`data.errors[].field`) in an example, through the first item of an array. */
function valueAtPath(example: unknown, path: string): unknown {
  let value = example;
  for (const part of path.split('.')) {
    const name = part.endsWith('[]') ? part.slice(0, -2) : part;
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
    if (part.endsWith('[]')) value = Array.isArray(value) ? value[0] : undefined;
  }
  return value;
}

/**
 * An error answer's rows show the example of the answer itself where it has one: the shared envelope's
 * examples are a success's (`message` "Transaction successful", `response_code` 1), which the 400, 401
 * and 429 tables showed beside `status` always false (issue 34). A success keeps the envelope's
 * examples: true of every operation, and the same words on every page (so the search index leaves
 * them out, types.ts `shared`).
 */
function answerExamples(status: string, rows: SchemaRow[], example: unknown): SchemaRow[] {
  if (status.startsWith('2') || example === undefined) return rows;
  // And an error answer lists the optional objects its example carries: the envelope's `data` is
  // there only for a validation error (code 10), and the 401 and 429 tables listed `data.errors[]`
  // "Present when response_code is 10" beside their own code.
  const absent = rows.filter((r) => r.depth === 0 && !r.required && r.type.startsWith('object'));
  const dropped = absent.filter((r) => valueAtPath(example, r.path) === undefined).map((r) => r.path);
  const kept = rows.filter((r) => !dropped.some((p) => r.path === p || r.path.startsWith(`${p}.`)));
  return kept.map((r) => {
    const value = valueAtPath(example, r.path);
    if (r.enumValues || value === undefined || (typeof value === 'object' && value !== null)) return r;
    return {...r, example: typeof value === 'string' ? value : JSON.stringify(value)};
  });
}

/** The name of the shared answer in `components.responses` that a response is, if it is one. */
export type SharedResponseOf = (res: Response) => string | undefined;

/**
 * A response as written, without the `response_code` enum the bundle adds to each operation's copy
 * (./response-enums.ts `withCodeEnum`): the shared answers are compared in that form.
 */
function withoutCodeEnum(res: Response): Response {
  const json = res.content?.['application/json'];
  const parts = json?.schema?.allOf;
  const narrowing = parts?.[1]?.properties;
  if (!json || parts?.length !== 2 || Object.keys(json.schema ?? {}).length !== 1 || !narrowing?.response_code)
    return res;
  return {...res, content: {...res.content, 'application/json': {...json, schema: parts[0]}}};
}

/** Which shared answer each response is (the same JSON as a `components.responses` entry, code enum aside). */
export function sharedResponses(doc: OpenApiDocument): SharedResponseOf {
  const named = new Map(
    Object.entries(doc.components?.responses ?? {}).map(([name, r]) => [JSON.stringify(withoutCodeEnum(r)), name]),
  );
  return (res) => named.get(JSON.stringify(withoutCodeEnum(res)));
}

function responseViews(op: Operation, sharedOf: SharedResponseOf = () => undefined): ResponseView[] {
  return Object.entries(op.responses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, res]) => {
      const media = jsonMedia(res.content);
      const shared = sharedOf(res);
      return {
        ...(shared ? {shared} : {}),
        status,
        description: res.description,
        headers: Object.entries(res.headers ?? {}).map(([name, h]) =>
          paramView({name, in: 'header', required: Boolean(h.required), description: h.description, schema: h.schema}),
        ),
        rows: answerExamples(status, schemaToRows(media?.[1].schema), firstExampleValue(media?.[1])),
        examples: examplesOf(media?.[1]),
      };
    });
}

function tagLabel(doc: OpenApiDocument, name: string): string {
  const tag = doc.tags.find((t) => t.name === name);
  return tag?.['x-displayName'] ?? name;
}

/** Path with each `{param}` replaced by the parameter's example. */
export function fillPath(path: string, params: readonly ParamView[]): string {
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const p = params.find((x) => x.name === name);
    return p?.example !== undefined ? encodeURIComponent(p.example) : whole;
  });
}

/**
 * The `Authorization` header row of an operation, from its security requirement. OpenAPI ignores a
 * header parameter named Authorization, so the contract defines the token once, in the security
 * scheme, and the headers table shows it from there.
 */
export function authHeaders(doc: OpenApiDocument, op: Operation): ParamView[] {
  const requirements = op.security ?? doc.security ?? [];
  return requirements.flatMap((req) =>
    Object.keys(req).flatMap((name) => {
      const scheme = doc.components?.securitySchemes?.[name];
      if (!scheme) return []; // reported by crossCheck()
      return [
        {
          name: 'Authorization',
          in: 'header',
          required: true,
          type: 'string',
          ...(scheme.description ? {description: scheme.description} : {}),
          constraints: [],
          ...(scheme['x-example'] ? {example: scheme['x-example']} : {}),
        } satisfies ParamView,
      ];
    }),
  );
}

/** What the views take from beside the contract: the API changelog and the sandbox scenarios. */
export interface ViewExtras {
  /** The changelog's badge of each operation and webhook the current version added or changed. */
  readonly changes?: ReadonlyMap<string, ChangeBadge>;
  /** Each operation's sandbox-scenario rows (scenarioRows() of core/sandbox/compile.ts). */
  readonly scenarios?: ReadonlyMap<string, readonly ScenarioRow[]>;
  /**
   * Per operation and code, what the code means for that operation and its retry rule, derived from
   * the behaviour model (core/behaviour/codes.ts): the code table shows these, not the catalogue's.
   */
  readonly codeRules?: ReadonlyMap<string, ReadonlyMap<number, OperationCode>>;
  /** Operation id -> its status call's operation id (the behaviour model: core/behaviour `statusCalls`). */
  readonly statusCalls?: ReadonlyMap<string, string>;
}

/** A code as one operation answers it (core/behaviour/codes.ts `ruleText` and its retry rule). */
export interface OperationCode {
  readonly meaning: string;
  readonly retry: NonNullable<ResponseCodeView['retry']>;
}

/** What building one operation's or webhook's view needs from the whole contract. */
export interface ViewContext {
  readonly doc: OpenApiDocument;
  readonly servers: readonly ServerView[];
  readonly byId: ReadonlyMap<string, Located>;
  readonly codeByNumber: ReadonlyMap<number, ResponseCodeView>;
  readonly commonCodes: readonly ResponseCodeView[];
  readonly pages: PageMap;
  readonly changes: ReadonlyMap<string, ChangeBadge>;
  readonly scenarios: ReadonlyMap<string, readonly ScenarioRow[]>;
  readonly codeRules: ReadonlyMap<string, ReadonlyMap<number, OperationCode>>;
  readonly sharedResponse: SharedResponseOf;
  readonly statusCalls: ReadonlyMap<string, string>;
}

export function viewContext(
  doc: OpenApiDocument,
  responseCodes: readonly ResponseCodeView[],
  pages: PageMap,
  extras: ViewExtras = {},
): ViewContext {
  return {
    doc,
    servers: doc.servers.map((s) => ({label: s.description, url: s.url})),
    byId: new Map(listOperations(doc).map((l) => [l.op.operationId, l])),
    codeByNumber: new Map(responseCodes.map((c) => [c.code, c])),
    commonCodes: responseCodes.filter((c) => c.common),
    pages,
    changes: extras.changes ?? new Map(),
    scenarios: extras.scenarios ?? new Map(),
    codeRules: extras.codeRules ?? new Map(),
    sharedResponse: sharedResponses(doc),
    statusCalls: extras.statusCalls ?? new Map(),
  };
}

/** The limits with the sentence that states them (crossCheck() has made sure they are well formed). */
export function rateLimitView(l: Located, doc: OpenApiDocument): OperationRateLimitView {
  const limits = operationRateLimits(doc, l) as OperationRateLimits;
  return {...limits, text: rateLimitSentence(limits, tagLabel(doc, l.op.tags[0] ?? 'untagged'))};
}

/** The pages an operation's `x-related` names (crossCheck() has made sure each exists and has a page). */
export function relatedLinks(l: Located, ctx: ViewContext): LinkView[] {
  return (l.op['x-related'] ?? []).map((id) => {
    const target = ctx.byId.get(id) as Located;
    return {id, label: target.op.summary, href: ctx.pages.get(id) as string, kind: target.kind};
  });
}

/** The codes an operation lists plus the common ones every operation returns, in code order. */
export function operationCodes(op: Operation, ctx: ViewContext): ResponseCodeView[] {
  const listed = (op['x-response-codes'] ?? []).map((n) => ctx.codeByNumber.get(n) as ResponseCodeView);
  const rules = ctx.codeRules.get(op.operationId);
  return [...listed, ...ctx.commonCodes]
    .sort((a, b) => a.code - b.code)
    .map((c) => {
      const rule = rules?.get(c.code);
      if (rule) return {...c, meaning: rule.meaning, retry: rule.retry};
      if (!c.retry)
        throw new Error(
          `${op.operationId}: code ${c.code} has no retry rule in openapi/response-codes.yaml, and no rule derived for this operation. Fix: build the views with the behaviour model's code table (core/behaviour/codes.ts).`,
        );
      return c;
    });
}

const CONTENT_TYPE_HEADER: ParamView = {
  name: 'Content-Type',
  in: 'header',
  required: true,
  type: 'string',
  description: 'Always `application/json`.',
  constraints: [],
  example: 'application/json',
};

/** The headers table of an operation: the token (from its security), its own headers, Content-Type for a body. */
export function operationHeaders(l: Located, params: readonly ParamView[], doc: OpenApiDocument): ParamView[] {
  return [
    ...authHeaders(doc, l.op),
    ...params.filter((p) => p.in === 'header'),
    ...(l.op.requestBody ? [CONTENT_TYPE_HEADER] : []),
  ];
}

/**
 * Header parameters the client wrappers make themselves (samples/client/): the proof of the webhook
 * secret, and the request signature's headers should the contract list them.
 */
const WRAPPER_HEADERS = new Set(
  [SECRET_PROOF_HEADER, 'Content-Digest', 'Signature', 'Signature-Input'].map((h) => h.toLowerCase()),
);

/**
 * The request of one operation: the sandbox URL with path examples filled in, query and body
 * examples. Optional headers and cookies are left out; a required one no wrapper makes fails here.
 */
function sampleRequest(l: Located, params: readonly ParamView[], servers: readonly ServerView[]): SampleRequest {
  const unknown = params.find(
    (p) => (p.in === 'header' || p.in === 'cookie') && p.required && !WRAPPER_HEADERS.has(p.name.toLowerCase()),
  );
  if (unknown)
    throw new Error(
      `${l.op.operationId}: takes ${unknown.in} ${unknown.name}, which no client wrapper sends. Fix: teach samples/client/* to send it and core/code/client.ts to ask for it.`,
    );
  // A deprecated parameter is an old form kept until its sunset (the operator list's `?mobilenumber=`,
  // issue 33: a customer's number never goes in a query): samples teach today's form, so it is left out.
  const examplesOf = (where: ParamView['in']) =>
    params
      .filter((p) => p.in === where && p.example !== undefined && !p.deprecated)
      .map((p) => ({name: p.name, value: p.example ?? ''}));
  const body = firstExampleValue(jsonMedia(l.op.requestBody?.content)?.[1]);
  const path = fillPath(
    l.path,
    params.filter((p) => p.in === 'path'),
  );
  return {
    method: l.method,
    url: (servers[0]?.url ?? '') + path,
    query: examplesOf('query'),
    ...(body !== undefined ? {body} : {}),
    ...(l.op['x-signed-request'] === true ? {signed: true} : {}),
    ...(params.some((p) => p.in === 'header' && p.name.toLowerCase() === SECRET_PROOF_HEADER.toLowerCase())
      ? {secretProof: true}
      : {}),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The operation's status call (behaviour model), its body filled with the fields of the same names
 * in the request's body (`referenceid`). None when the status call needs a value the request does
 * not carry (an id the answer gives, in its path): then the wrapper stops on no answer and says so.
 */
function statusSample(l: Located, ctx: ViewContext, body: unknown): SampleRequest | undefined {
  const id = ctx.statusCalls.get(l.op.operationId);
  const s = id === undefined ? undefined : ctx.byId.get(id);
  if (!s || !isRecord(body)) return undefined;
  const params = [...s.itemParams, ...(s.op.parameters ?? [])];
  if (params.some((p) => p.required && p.in !== 'header')) return undefined;
  const schema = jsonMedia(s.op.requestBody?.content)?.[1].schema;
  const properties = isRecord(schema?.properties) ? Object.keys(schema.properties) : [];
  const filled = Object.fromEntries(properties.filter((p) => p in body).map((p) => [p, body[p]]));
  const required = Array.isArray(schema?.required) ? (schema.required as string[]) : [];
  if (required.some((r) => !(r in filled)) || (s.op.requestBody && !Object.keys(filled).length)) return undefined;
  return {...sampleRequest(s, params.map(paramView), ctx.servers), ...(s.op.requestBody ? {body: filled} : {})};
}

/**
 * The dev server's samples of each request, kept while the request is unchanged: a contract edit
 * builds every operation's view again, and generating the seven languages for all of them is a
 * large part of that reload. The samples are only read.
 */
const samplesMemo = createReloadMemo();

/** The request samples: a call of the client wrapper per language, with the status call. */
export function operationSamples(l: Located, params: readonly ParamView[], ctx: ViewContext): CodeSample[] {
  const request = sampleRequest(l, params, ctx.servers);
  const status = statusSample(l, ctx, request.body);
  const named = ctx.statusCalls.get(l.op.operationId);
  const call = {
    operationId: l.op.operationId,
    request,
    ...(status ? {status} : named ? {unfilledStatus: named} : {}),
  };
  return samplesMemo(['samples', call], () => generateSamples(call));
}

/** What an operation's and a webhook's views share: names, family, parameters, body, related pages, badge. */
export function commonView(l: Located, ctx: ViewContext) {
  const tag = l.op.tags[0] ?? 'untagged';
  const body = bodyView(l.op);
  const change = ctx.changes.get(l.op.operationId);
  return {
    params: [...l.itemParams, ...(l.op.parameters ?? [])].map(paramView),
    shared: {
      id: l.op.operationId,
      method: l.method,
      summary: l.op.summary,
      description: l.op.description,
      tag,
      tagLabel: tagLabel(ctx.doc, tag),
      ...(body ? {body} : {}),
      related: relatedLinks(l, ctx),
      ...(change ? {change} : {}),
    },
  };
}

export function operationView(l: Located, ctx: ViewContext): OperationView {
  const {params, shared} = commonView(l, ctx);
  return {
    kind: 'operation',
    ...shared,
    path: l.path,
    servers: ctx.servers,
    headers: operationHeaders(l, params, ctx.doc),
    pathParams: params.filter((p) => p.in === 'path'),
    queryParams: params.filter((p) => p.in === 'query'),
    cookieParams: params.filter((p) => p.in === 'cookie'),
    samples: operationSamples(l, params, ctx),
    responses: responseViews(l.op, ctx.sharedResponse),
    responseCodes: operationCodes(l.op, ctx),
    rateLimits: rateLimitView(l, ctx.doc),
    scenarios: ctx.scenarios.get(l.op.operationId) ?? [],
  };
}

export function webhookView(l: Located, ctx: ViewContext): WebhookView {
  const {params, shared} = commonView(l, ctx);
  return {
    kind: 'webhook',
    ...shared,
    name: l.path,
    headers: params.filter((p) => p.in === 'header'),
    ack: responseViews(l.op).find((r) => r.status.startsWith('2')),
    ackTimeoutSeconds: l.op['x-ack-timeout-seconds'] ?? ACK_TIMEOUT_SECONDS,
  };
}

/** One line per operation and webhook, for /api and the family lists. */
export function indexEntries(located: readonly Located[], pages: PageMap): IndexEntry[] {
  return located.map((l) => ({
    kind: l.kind,
    id: l.op.operationId,
    method: l.method,
    path: l.path,
    summary: l.op.summary,
    tag: l.op.tags[0] ?? 'untagged',
    ...(pages.get(l.op.operationId) ? {href: pages.get(l.op.operationId)} : {}),
  }));
}

const rowKey = (row: SchemaRow): string => `${row.path}\n${row.type}\n${row.description ?? ''}`;

/**
 * Marks the body and response rows that half the operations or more show word for word (the
 * response envelope) as `shared`: they stay on every page but out of the search index.
 */
export function markSharedRows(operations: readonly OperationView[]): OperationView[] {
  const pages = new Map<string, number>();
  for (const op of operations) {
    const keys = new Set([...(op.body?.rows ?? []), ...op.responses.flatMap((r) => r.rows)].map(rowKey));
    for (const key of keys) pages.set(key, (pages.get(key) ?? 0) + 1);
  }
  const shared = new Set([...pages].filter(([, n]) => n * 2 >= operations.length).map(([key]) => key));
  const mark = (rows: readonly SchemaRow[]): SchemaRow[] =>
    rows.map((row) => (shared.has(rowKey(row)) ? {...row, shared: true} : row));
  return operations.map((op) => ({
    ...op,
    ...(op.body ? {body: {...op.body, rows: mark(op.body.rows)}} : {}),
    responses: op.responses.map((r) => ({...r, rows: mark(r.rows)})),
  }));
}

/** Each shared answer the operations give, once (as the first operation that gives it has it), by status. */
export function sharedAnswers(operations: readonly OperationView[]): ResponseView[] {
  const byName = new Map<string, ResponseView>();
  for (const r of operations.flatMap((op) => op.responses))
    if (r.shared && !byName.has(r.shared)) byName.set(r.shared, r);
  return [...byName.values()].sort((a, b) => a.status.localeCompare(b.status));
}

/**
 * The views of the whole contract: one view per operation and webhook, the index and the families.
 * The caller has cross-checked the contract (checks.ts `crossCheck`: node/contract/load.ts
 * `withPages` reports every problem with its file and line), so a view can rely on what it checked.
 */
export function buildViews(
  doc: OpenApiDocument,
  responseCodes: readonly ResponseCodeView[],
  pages: PageMap,
  extras: ViewExtras = {},
): ContractViews {
  const ctx = viewContext(doc, responseCodes, pages, extras);
  const located = listOperations(doc);
  const operations = located.filter((l) => l.kind === 'operation').map((l) => operationView(l, ctx));
  const webhooks = located.filter((l) => l.kind === 'webhook').map((l) => webhookView(l, ctx));
  const index = indexEntries(located, pages);
  return {
    operations: markSharedRows(operations),
    webhooks,
    index,
    tags: tagViews(doc, index),
    sharedAnswers: sharedAnswers(operations),
  };
}
