/**
 * Cross-checks of the bundled, dereferenced contract that Redocly's lint cannot state: every
 * operation's response codes are catalogued, its related ids exist and have a page, its security
 * scheme renders, a call that can end pending names its status call (in `x-related` and in its
 * description), request bodies reject unknown fields, every oneOf/anyOf branch has a title, and
 * every operation has a rate limit and declares its 429 answer (../rate-limits.ts). Pure: each
 * problem names the operation and the contract key; plugins/api-contract adds the file and line,
 * and reports every problem of a run at once.
 */
import {closest} from '../util/closest';
import {rateLimitProblems} from './rate-limits';
import {describedStatusClaim} from './status-claims';
import {branchesOf, isFormatChoice, mergeAllOf, type JsonSchema} from './schema';
import type {ResponseCodeView} from './types';
import {
  listOperations,
  type ContractProblem,
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

export function crossCheck(
  doc: OpenApiDocument,
  responseCodes: readonly ResponseCodeView[],
  pages: PageMap,
): ContractProblem[] {
  const located = listOperations(doc);
  const ids = located.map((l) => l.op.operationId);
  const byId = new Map(located.map((l) => [l.op.operationId, l]));
  const codeByNumber = new Map(responseCodes.map((c) => [c.code, c]));
  const problems: ContractProblem[] = [];

  for (const {kind, op} of located) {
    const id = op.operationId;
    const add = (key: string, message: string): void => void problems.push({id, key, message});

    for (const n of op['x-response-codes'] ?? []) {
      const c = codeByNumber.get(n);
      if (!c)
        add('x-response-codes', `x-response-codes lists ${n}, which openapi/response-codes.yaml does not define.`);
      else if (c.common)
        add(
          'x-response-codes',
          `x-response-codes lists ${n}, a common code that every operation returns. Remove it; every page shows the common codes.`,
        );
    }

    for (const rel of op['x-related'] ?? []) {
      if (!byId.has(rel)) {
        const near = closest(rel, ids);
        add(
          'x-related',
          `x-related names "${rel}", which is not an operationId in the contract.${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''}`,
        );
      } else if (!pages.has(rel)) {
        add('x-related', `x-related names "${rel}", but no docs page shows it yet.`);
      }
    }

    for (const {key, at, schema} of shownSchemas(op)) {
      for (const where of untitledBranches(schema, at)) {
        add(
          key,
          `the schema at ${where} has no title. Give every oneOf/anyOf branch a \`title\` (and a \`description\`): the reference names each branch by it.`,
        );
      }
    }

    const claim = describedStatusClaim(id, op.description, op['x-related'] ?? []);
    if (claim) add('description', claim);

    if (kind === 'webhook') {
      const names = new Set((op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name));
      const missing = DELIVERY_HEADERS.filter((h) => !names.has(h));
      if (missing.length)
        add(
          'parameters',
          `the webhook does not declare ${missing.join(', ')}. Every delivery carries X-Webhook-Id, X-Webhook-Timestamp and X-Signature: reference the three shared parameters of openapi/components/common.yaml (#/parameters/XWebhookId, XWebhookTimestamp, XSignature) in its parameters.`,
        );
    }

    if (kind !== 'operation') continue;

    for (const req of op.security ?? doc.security ?? []) {
      for (const name of Object.keys(req)) {
        const scheme = doc.components?.securitySchemes?.[name];
        if (!scheme) add('security', `security names "${name}", which components.securitySchemes does not define.`);
        else if (scheme.type !== 'http' || scheme.scheme?.toLowerCase() !== 'bearer')
          add(
            'security',
            `security scheme "${name}" is ${scheme.type}; the reference renders http bearer schemes only.`,
          );
      }
    }

    const unsettled = (op['x-response-codes'] ?? []).filter((n) => UNSETTLED.includes(n));
    const statusCalls = (op['x-related'] ?? []).filter(
      (r) => r.endsWith('-status') && byId.get(r)?.kind === 'operation',
    );
    if (unsettled.length && !id.endsWith('-status') && !statusCalls.length) {
      add(
        'x-related',
        `can answer response_code ${unsettled.join(' or ')} (outcome not known yet), but x-related names no status call. Add the operation that reports this transaction's final state (an id ending in -status) to x-related, so its page links it.`,
      );
    }

    const media = Object.entries(op.requestBody?.content ?? {}).find(([type]) => type.includes('json'))?.[1];
    for (const at of openObjects(media?.schema)) {
      add(
        'requestBody',
        `the request schema at ${at} accepts unknown fields. Add \`additionalProperties: false\` to it: the API rejects unknown fields with response_code 10, and the schema must say so.`,
      );
    }
  }
  problems.push(...rateLimitProblems(doc, located));
  return problems;
}
