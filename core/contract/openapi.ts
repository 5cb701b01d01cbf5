/**
 * Minimal typings of the parts of an OpenAPI 3.1 document (bundled, dereferenced) that the site
 * reads, and the walk over its operations and webhooks. Pure.
 */
import type {JsonSchema} from './schema';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/* Minimal typings of the parts of OpenAPI 3.1 we read. */
export interface Parameter {
  name: string;
  in: 'header' | 'path' | 'query' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
  deprecated?: boolean;
  /** A deprecated parameter's last day (our extension, as on a deprecated property). */
  'x-sunset'?: string;
  /** What replaces a deprecated parameter: another parameter, or an operation id. */
  'x-replaced-by'?: string;
}
export interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, {summary?: string; value: unknown}>;
}
export interface Response {
  description: string;
  headers?: Record<string, {description?: string; schema?: JsonSchema; required?: boolean}>;
  content?: Record<string, MediaType>;
}
export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: {required?: boolean; description?: string; content: Record<string, MediaType>};
  responses: Record<string, Response>;
  'x-response-codes'?: number[];
  'x-related'?: string[];
  'x-ack-timeout-seconds'?: number;
  /** The call's own rate limit, counted in addition to its family's (core/contract/rate-limits.ts reads it). */
  'x-rate-limit'?: unknown;
  /** Old forms of this call still accepted until their sunset (our extension; ./deprecations.ts). */
  'x-transitions'?: FormTransition[];
  /**
   * A call that moves money or changes where money or webhooks go: signed with the partner's key
   * (RFC 9421; openapi/DECISIONS.md). The sandbox, Try it, the samples, certify and the journeys read it.
   */
  'x-signed-request'?: boolean;
  /** Overrides the document's `security`; `[]` marks a call that needs no token. */
  security?: Record<string, string[]>[];
}
export type PathItem = Partial<Record<(typeof METHODS)[number], Operation>> & {parameters?: Parameter[]};
export interface Tag {
  name: string;
  description: string;
  'x-displayName'?: string;
  /** The family's overview page (a site path), where it has one. */
  'x-overview'?: string;
  /** The family's rate limit per partner id (core/contract/rate-limits.ts reads it). */
  'x-rate-limit'?: unknown;
}
/**
 * A breaking change of form that is no property (a token's claims, a header a call now requires),
 * in its transition window: the old form, what replaces it, the last day (IST) the old form works.
 * The versioning page's deprecations table lists it (./deprecations.ts `contractDeprecations`).
 */
export interface FormTransition {
  old: string;
  replacement: string;
  sunset: string;
}
export interface SecurityScheme {
  type: string;
  scheme?: string;
  bearerFormat?: string;
  description?: string;
  /** A sample credential for the headers table (our extension). */
  'x-example'?: string;
  /** Old forms of the credential still accepted, every call carrying them (our extension). */
  'x-transitions'?: FormTransition[];
}
export interface OpenApiDocument {
  servers: {url: string; description: string}[];
  security?: Record<string, string[]>[];
  components?: {securitySchemes?: Record<string, SecurityScheme>; responses?: Record<string, Response>};
  tags: Tag[];
  'x-tagGroups'?: {name: string; tags: string[]}[];
  paths: Record<string, PathItem>;
  webhooks?: Record<string, PathItem>;
}

/** Where each operation or webhook id is shown: id -> site path of its docs page. */
export type PageMap = ReadonlyMap<string, string>;

export interface Located {
  readonly kind: 'operation' | 'webhook';
  readonly method: string;
  readonly path: string;
  readonly op: Operation;
  readonly itemParams: Parameter[];
}

export function listOperations(doc: OpenApiDocument): Located[] {
  const out: Located[] = [];
  const walk = (kind: Located['kind'], items: Record<string, PathItem> | undefined) => {
    for (const [path, item] of Object.entries(items ?? {})) {
      for (const method of METHODS) {
        const op = item[method];
        if (op) out.push({kind, method: method.toUpperCase(), path, op, itemParams: item.parameters ?? []});
      }
    }
  };
  walk('operation', doc.paths);
  walk('webhook', doc.webhooks);
  return out;
}

/** A problem found in the contract, located by operation id and key. */
export interface ContractProblem {
  /** The operation or webhook id. */
  readonly id: string;
  /** The key of the operation the problem is in, for finding its line: `x-related`, `requestBody` ... */
  readonly key: string;
  /** What is wrong and the fix, without the id. */
  readonly message: string;
}
