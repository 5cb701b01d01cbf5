/**
 * Bundled, dereferenced OpenAPI 3.1 document -> the view models the pages render.
 * Pure: no file system, no Docusaurus. The plugin in plugins/api-contract feeds it.
 */
import {generateSamples} from '../snippets';
import {
  operationRateLimits,
  rateLimitSentence,
  type OperationRateLimits,
  type OperationRateLimitView,
} from '../rate-limits';
import type {ChangeBadge} from '../changelog';
import {crossCheck} from './checks';
import {
  listOperations,
  type Located,
  type MediaType,
  type OpenApiDocument,
  type Operation,
  type PageMap,
  type Parameter,
} from './openapi';
import {describeConstraints, describeType, exampleOf, schemaToRows} from './schema';
import type {
  BodyView,
  ExampleView,
  IndexEntry,
  LinkView,
  OperationView,
  ParamView,
  ResponseCodeView,
  ResponseView,
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

function responseViews(op: Operation): ResponseView[] {
  return Object.entries(op.responses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, res]) => {
      const media = jsonMedia(res.content);
      return {
        status,
        description: res.description,
        headers: Object.entries(res.headers ?? {}).map(([name, h]) =>
          paramView({name, in: 'header', required: Boolean(h.required), description: h.description, schema: h.schema}),
        ),
        rows: schemaToRows(media?.[1].schema),
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

export class ContractError extends Error {}

/** The limits with the sentence that states them (crossCheck() has made sure they are well formed). */
const rateLimitView = (limits: OperationRateLimits, familyLabel: string): OperationRateLimitView => ({
  ...limits,
  text: rateLimitSentence(limits, familyLabel),
});

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

export function buildViews(
  doc: OpenApiDocument,
  responseCodes: readonly ResponseCodeView[],
  pages: PageMap,
  /** The changelog's badge of each operation and webhook the current version added or changed. */
  changes: ReadonlyMap<string, ChangeBadge> = new Map(),
): ContractViews {
  const problems = crossCheck(doc, responseCodes, pages);
  if (problems.length) throw new ContractError(problems.map((p) => `${p.id}: ${p.message}`).join('\n'));
  const servers: ServerView[] = doc.servers.map((s) => ({label: s.description, url: s.url}));
  const located = listOperations(doc);
  const byId = new Map(located.map((l) => [l.op.operationId, l]));
  const codeByNumber = new Map(responseCodes.map((c) => [c.code, c]));
  const commonCodes = responseCodes.filter((c) => c.common);

  // crossCheck() has made sure every id below exists and has a page.
  const related = (l: Located): LinkView[] =>
    (l.op['x-related'] ?? []).map((id) => {
      const target = byId.get(id) as Located;
      return {id, label: target.op.summary, href: pages.get(id) as string, kind: target.kind};
    });

  const operations: OperationView[] = [];
  const webhooks: WebhookView[] = [];
  for (const l of located) {
    const params = [...l.itemParams, ...(l.op.parameters ?? [])].map(paramView);
    const tag = l.op.tags[0] ?? 'untagged';
    if (l.kind === 'operation') {
      const listed = (l.op['x-response-codes'] ?? []).map((n) => codeByNumber.get(n) as ResponseCodeView);
      const codes = [...listed, ...commonCodes].sort((a, b) => a.code - b.code);
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const body = firstExampleValue(jsonMedia(l.op.requestBody?.content)?.[1]);
      const sandbox = servers[0]?.url ?? '';
      operations.push({
        kind: 'operation',
        id: l.op.operationId,
        method: l.method,
        path: l.path,
        summary: l.op.summary,
        description: l.op.description,
        tag,
        tagLabel: tagLabel(doc, tag),
        servers,
        auth: 'Bearer JWT (HS256) with partnerId, iat and reqId claims',
        headers: [
          ...authHeaders(doc, l.op),
          ...params.filter((p) => p.in === 'header'),
          ...(l.op.requestBody
            ? [
                {
                  name: 'Content-Type',
                  in: 'header',
                  required: true,
                  type: 'string',
                  description: 'Always `application/json`.',
                  constraints: [],
                  example: 'application/json',
                } satisfies ParamView,
              ]
            : []),
        ],
        pathParams,
        queryParams,
        ...(bodyView(l.op) ? {body: bodyView(l.op)} : {}),
        samples: generateSamples({
          method: l.method,
          url: sandbox + fillPath(l.path, pathParams),
          query: queryParams
            .filter((q) => q.example !== undefined)
            .map((q) => ({name: q.name, value: q.example ?? ''})),
          ...(body !== undefined ? {body} : {}),
        }),
        responses: responseViews(l.op),
        responseCodes: codes,
        related: related(l),
        rateLimits: rateLimitView(operationRateLimits(doc, l) as OperationRateLimits, tagLabel(doc, tag)),
        ...(changes.has(l.op.operationId) ? {change: changes.get(l.op.operationId)} : {}),
      });
    } else {
      const responses = responseViews(l.op);
      webhooks.push({
        kind: 'webhook',
        id: l.op.operationId,
        name: l.path,
        summary: l.op.summary,
        description: l.op.description,
        tag,
        tagLabel: tagLabel(doc, tag),
        method: l.method,
        headers: params.filter((p) => p.in === 'header'),
        ...(bodyView(l.op) ? {body: bodyView(l.op)} : {}),
        ack: responses.find((r) => r.status.startsWith('2')),
        ackTimeoutSeconds: l.op['x-ack-timeout-seconds'] ?? 10,
        related: related(l),
        ...(changes.has(l.op.operationId) ? {change: changes.get(l.op.operationId)} : {}),
      });
    }
  }

  const index: IndexEntry[] = located.map((l) => ({
    kind: l.kind,
    id: l.op.operationId,
    method: l.method,
    path: l.path,
    summary: l.op.summary,
    tag: l.op.tags[0] ?? 'untagged',
    ...(pages.get(l.op.operationId) ? {href: pages.get(l.op.operationId)} : {}),
  }));

  const groups = doc['x-tagGroups'] ?? [];
  const tags: TagView[] = doc.tags.map((t) => ({
    name: t.name,
    label: t['x-displayName'] ?? t.name,
    description: t.description,
    group: groups.find((g) => g.tags.includes(t.name))?.name ?? 'Other',
    ...(t['x-overview'] ? {overview: t['x-overview']} : {}),
    entries: index.filter((e) => e.tag === t.name),
  }));

  return {operations, webhooks, index, tags};
}
