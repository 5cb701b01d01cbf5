/**
 * Cross-checks of the bundled, dereferenced contract that Redocly's lint cannot state: every
 * operation's response codes are catalogued, its related ids exist and have a page, its security
 * scheme renders, a call that can end pending names its status call (in `x-related` and in its
 * description), request bodies reject unknown fields, every oneOf/anyOf branch has a title, every
 * amount in paise carries the money marker (./money.ts), and every operation has a rate limit and
 * declares its 429 answer (../rate-limits.ts). Pure: each problem names the operation and the
 * contract key; plugins/api-contract adds the file and line, and reports every problem of a run at once.
 */
import {closest} from '../util/closest';
import {moneyMarkerProblems} from './money';
import {rateLimitProblems} from './rate-limits';
import {describedStatusClaim} from './status-claims';
import {branchesOf, isFormatChoice, mergeAllOf, type JsonSchema} from './schema';
import type {ResponseCodeView} from './types';
import {
  listOperations,
  type ContractProblem,
  type Located,
  type MediaType,
  type OpenApiDocument,
  type Operation,
  type PageMap,
} from './openapi';

export type {ContractProblem};

/** The headers every webhook delivery carries (see openapi/components/common.yaml, core/contract/webhook-policy.ts). */
export const DELIVERY_HEADERS = ['X-Webhook-Id', 'X-Webhook-Timestamp', 'X-Signature'] as const;

/** Codes that mean "the outcome is not known yet": the reader must be able to ask a status call. */
const UNSETTLED = [2, 5];

/** True for a schema that describes a JSON object. */
const isObject = (s: JsonSchema): boolean =>
  s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object')) || s.properties !== undefined;

/**
 * Paths (`body`, `body.device`, `body.items[]`) of the objects in a request schema that accept
 * properties they do not declare. `oneOf`/`anyOf` branches are checked one by one; the parts of an
 * `allOf` are checked as the one object they compose.
 */
export function openObjects(input: JsonSchema | undefined, at = 'body'): string[] {
  if (!input) return [];
  const schema = mergeAllOf(input);
  const out: string[] = [];
  // `unevaluatedProperties: false` beside `allOf` closes the composed object (additionalProperties
  // there would only see the properties written beside it, and reject the others).
  const closed = schema.additionalProperties === false || input.unevaluatedProperties === false;
  if (isObject(schema) && !closed) out.push(at);
  for (const [name, prop] of Object.entries(schema.properties ?? {})) out.push(...openObjects(prop, `${at}.${name}`));
  if (schema.items) out.push(...openObjects(schema.items, `${at}[]`));
  for (const branch of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) out.push(...openObjects(branch, at));
  return [...new Set(out)];
}

/**
 * Where a `oneOf` / `anyOf` (a discriminated one too) has a branch without a `title`: the
 * reference names each branch by its title, page and twin alike, so an untitled branch would show
 * as "option 2". A choice of formats (`anyOf: [{format: ipv4}, {format: ipv6}]`) needs none: it
 * reads as one type. `at` names the place (`body.agent.device`).
 */
export function untitledBranches(input: JsonSchema | undefined, at: string): string[] {
  if (!input) return [];
  const schema = mergeAllOf(input);
  const out: string[] = [];
  const found = branchesOf(schema);
  if (found && !isFormatChoice(schema)) {
    found.branches.forEach((branch, i) => {
      if (!mergeAllOf(branch).title) out.push(`${at} (${found.kind} branch ${i + 1})`);
      out.push(...untitledBranches(branch, at));
    });
  }
  for (const [name, prop] of Object.entries(schema.properties ?? {}))
    out.push(...untitledBranches(prop, `${at}.${name}`));
  if (schema.items) out.push(...untitledBranches(schema.items, `${at}[]`));
  return out;
}

/** Every schema an operation or webhook shows: its parameters', its request body's, its responses'. */
function shownSchemas(op: Operation): {key: string; at: string; schema: JsonSchema | undefined}[] {
  const json = (content: Record<string, MediaType> | undefined) =>
    Object.entries(content ?? {}).find(([type]) => type.includes('json'))?.[1]?.schema;
  return [
    ...(op.parameters ?? []).map((p) => ({key: 'parameters', at: `parameter ${p.name}`, schema: p.schema})),
    {key: 'requestBody', at: 'body', schema: json(op.requestBody?.content)},
    ...Object.entries(op.responses).map(([status, r]) => ({
      key: 'responses',
      at: `response ${status}`,
      schema: json(r.content),
    })),
  ];
}

/** A problem of one operation, before crossCheck names the operation: the contract key and the message. */
export interface OperationProblem {
  readonly key: string;
  readonly message: string;
}

/** What the checks of one operation look up in the whole contract. */
export interface CheckContext {
  readonly doc: OpenApiDocument;
  readonly pages: PageMap;
  /** Every operation and webhook, by id. */
  readonly byId: ReadonlyMap<string, Located>;
  readonly codeByNumber: ReadonlyMap<number, ResponseCodeView>;
}

/** Every code in `x-response-codes` is in the catalogue, and none is a common code. */
export function responseCodeProblems(op: Operation, ctx: CheckContext): OperationProblem[] {
  return (op['x-response-codes'] ?? []).flatMap((n) => {
    const c = ctx.codeByNumber.get(n);
    if (!c)
      return [
        {
          key: 'x-response-codes',
          message: `x-response-codes lists ${n}, which openapi/response-codes.yaml does not define.`,
        },
      ];
    if (c.common)
      return [
        {
          key: 'x-response-codes',
          message: `x-response-codes lists ${n}, a common code that every operation returns. Remove it; every page shows the common codes.`,
        },
      ];
    return [];
  });
}

/** Every id in `x-related` is an operation of the contract that a page shows. */
export function relatedProblems(op: Operation, ctx: CheckContext): OperationProblem[] {
  return (op['x-related'] ?? []).flatMap((rel) => {
    if (!ctx.byId.has(rel)) {
      const near = closest(rel, [...ctx.byId.keys()]);
      return [
        {
          key: 'x-related',
          message: `x-related names "${rel}", which is not an operationId in the contract.${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''}`,
        },
      ];
    }
    if (!ctx.pages.has(rel))
      return [{key: 'x-related', message: `x-related names "${rel}", but no docs page shows it yet.`}];
    return [];
  });
}

/** Every oneOf/anyOf branch of every schema the operation shows has a title. */
export function untitledBranchProblems(op: Operation): OperationProblem[] {
  return shownSchemas(op).flatMap(({key, at, schema}) =>
    untitledBranches(schema, at).map((where) => ({
      key,
      message: `the schema at ${where} has no title. Give every oneOf/anyOf branch a \`title\` (and a \`description\`): the reference names each branch by it.`,
    })),
  );
}

/** A description that claims a status call names one that `x-related` lists (./status-claims.ts). */
export function descriptionProblems(op: Operation): OperationProblem[] {
  const claim = describedStatusClaim(op.operationId, op.description, op['x-related'] ?? []);
  return claim ? [{key: 'description', message: claim}] : [];
}

/** A webhook declares the delivery headers every delivery carries. */
export function deliveryHeaderProblems(op: Operation): OperationProblem[] {
  const names = new Set((op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name));
  const missing = DELIVERY_HEADERS.filter((h) => !names.has(h));
  if (!missing.length) return [];
  return [
    {
      key: 'parameters',
      message: `the webhook does not declare ${missing.join(', ')}. Every delivery carries X-Webhook-Id, X-Webhook-Timestamp and X-Signature: reference the three shared parameters of openapi/components/common.yaml (#/parameters/XWebhookId, XWebhookTimestamp, XSignature) in its parameters.`,
    },
  ];
}

/** Every security scheme an operation names is defined and is one the reference renders (http bearer). */
export function securityProblems(op: Operation, ctx: CheckContext): OperationProblem[] {
  return (op.security ?? ctx.doc.security ?? []).flatMap((req) =>
    Object.keys(req).flatMap((name) => {
      const scheme = ctx.doc.components?.securitySchemes?.[name];
      if (!scheme)
        return [
          {key: 'security', message: `security names "${name}", which components.securitySchemes does not define.`},
        ];
      if (scheme.type !== 'http' || scheme.scheme?.toLowerCase() !== 'bearer')
        return [
          {
            key: 'security',
            message: `security scheme "${name}" is ${scheme.type}; the reference renders http bearer schemes only.`,
          },
        ];
      return [];
    }),
  );
}

/** A call that can end with its outcome unknown names the status call that reports it. */
export function statusCallProblems(op: Operation, ctx: CheckContext): OperationProblem[] {
  const unsettled = (op['x-response-codes'] ?? []).filter((n) => UNSETTLED.includes(n));
  const statusCalls = (op['x-related'] ?? []).filter(
    (r) => r.endsWith('-status') && ctx.byId.get(r)?.kind === 'operation',
  );
  if (!unsettled.length || op.operationId.endsWith('-status') || statusCalls.length) return [];
  return [
    {
      key: 'x-related',
      message: `can answer response_code ${unsettled.join(' or ')} (outcome not known yet), but x-related names no status call. Add the operation that reports this transaction's final state (an id ending in -status) to x-related, so its page links it.`,
    },
  ];
}

/** The request body rejects unknown fields, as the API does. */
export function openBodyProblems(op: Operation): OperationProblem[] {
  const media = Object.entries(op.requestBody?.content ?? {}).find(([type]) => type.includes('json'))?.[1];
  return openObjects(media?.schema).map((at) => ({
    key: 'requestBody',
    message: `the request schema at ${at} accepts unknown fields. Add \`additionalProperties: false\` to it: the API rejects unknown fields with response_code 10, and the schema must say so.`,
  }));
}

/** The problems of one operation or webhook, in the order the build reports them. */
export function operationProblems({kind, op}: Located, ctx: CheckContext): OperationProblem[] {
  return [
    ...responseCodeProblems(op, ctx),
    ...relatedProblems(op, ctx),
    ...untitledBranchProblems(op),
    ...descriptionProblems(op),
    ...moneyMarkerProblems(op),
    ...(kind === 'webhook' ? deliveryHeaderProblems(op) : []),
    ...(kind === 'operation'
      ? [...securityProblems(op, ctx), ...statusCallProblems(op, ctx), ...openBodyProblems(op)]
      : []),
  ];
}

/** Every problem of the contract at once: each operation's, then the rate limits'. */
export function crossCheck(
  doc: OpenApiDocument,
  responseCodes: readonly ResponseCodeView[],
  pages: PageMap,
): ContractProblem[] {
  const located = listOperations(doc);
  const ctx: CheckContext = {
    doc,
    pages,
    byId: new Map(located.map((l) => [l.op.operationId, l])),
    codeByNumber: new Map(responseCodes.map((c) => [c.code, c])),
  };
  return [
    ...located.flatMap((l) => operationProblems(l, ctx).map((p) => ({id: l.op.operationId, ...p}))),
    ...rateLimitProblems(doc, located),
  ];
}
