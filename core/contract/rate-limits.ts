/**
 * Rate limits, from the contract: `x-rate-limit: {requests, seconds}` on each tag is the family's
 * budget per partner id and environment, shared by all its operations; an operation may carry its
 * own, tighter one, counted in addition. The numbers live in openapi/openapi.yaml and the family
 * files only; the reasons in openapi/facts/rate-limits.yaml. Pure: the operation page, its Markdown
 * twin and the table on /ResponseCode all describe a limit with the functions below.
 */
import type {ContractProblem, Located, OpenApiDocument} from './openapi';
import type {OperationRateLimits, RateLimit} from './types';

export type {OperationRateLimits, OperationRateLimitView, RateLimit} from './types';

const SHAPE = '`x-rate-limit: {requests: <whole number, 1 or more>, seconds: <whole number, 1 or more>}`';

const wholePositive = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1;

/** The limit an `x-rate-limit` value states, or undefined when it is missing or malformed (see rateLimitProblems). */
export function readRateLimit(value: unknown): RateLimit | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const {requests, seconds, ...rest} = value as Record<string, unknown>;
  if (!wholePositive(requests) || !wholePositive(seconds) || Object.keys(rest).length) return undefined;
  return {requests, seconds};
}

const UNITS: readonly [number, string][] = [
  [86400, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** `a minute`, `an hour`, `10 seconds`, `15 minutes`: the window in the largest whole unit. */
export function windowText(seconds: number): string {
  const [size, unit] = UNITS.find(([size]) => seconds % size === 0) ?? [1, 'second'];
  const count = seconds / size;
  if (count === 1) return `${unit === 'hour' ? 'an' : 'a'} ${unit}`;
  return `${count} ${unit}s`;
}

/** `600 requests a minute`, `1 request every 10 seconds`. */
export function rateText(limit: RateLimit): string {
  const requests = `${limit.requests} request${limit.requests === 1 ? '' : 's'}`;
  const window = windowText(limit.seconds);
  return /^an? /.test(window) ? `${requests} ${window}` : `${requests} every ${window}`;
}

/**
 * What an operation page and its twin show as its rate limit, without a closing full stop (the site
 * has one locale, so the page and the twin share this text rather than each translating its own).
 */
export function rateLimitSentence(limits: OperationRateLimits, familyLabel: string): string {
  const family = `${rateText(limits.family)} per partner id for all ${familyLabel} calls together`;
  return limits.operation ? `${family}, and ${rateText(limits.operation)} for this call` : family;
}

/** The limits of one operation, or undefined where the contract lacks them (rateLimitProblems says so). */
export function operationRateLimits(doc: OpenApiDocument, located: Located): OperationRateLimits | undefined {
  const tag = doc.tags.find((t) => t.name === located.op.tags[0]);
  const family = readRateLimit(tag?.['x-rate-limit']);
  if (!family) return undefined;
  const operation = readRateLimit(located.op['x-rate-limit']);
  return operation ? {family, operation} : {family};
}

/**
 * What is wrong with the rate limits of the contract: a tag or an operation whose `x-rate-limit`
 * is malformed, an operation whose family states no limit, an operation that does not declare the
 * 429 answer with its Retry-After header. Webhooks are requests we send, so they have neither.
 */
export function rateLimitProblems(doc: OpenApiDocument, located: readonly Located[]): ContractProblem[] {
  const problems: ContractProblem[] = [];
  const operations = located.filter((l) => l.kind === 'operation');
  for (const tag of doc.tags) {
    const value = tag['x-rate-limit'];
    const ids = operations.filter((l) => l.op.tags[0] === tag.name).map((l) => l.op.operationId);
    if (value !== undefined && !readRateLimit(value))
      problems.push({
        id: `tag ${tag.name}`,
        key: 'x-rate-limit',
        message: `x-rate-limit is ${JSON.stringify(value)}. Write ${SHAPE} on the tag in openapi/openapi.yaml.`,
      });
    else if (value === undefined && ids.length)
      problems.push({
        id: `tag ${tag.name}`,
        key: 'x-rate-limit',
        message: `has no x-rate-limit, so its operations (${ids.join(', ')}) publish no rate limit. Add ${SHAPE} to the tag in openapi/openapi.yaml: the family's budget per partner id, which every page of the family shows.`,
      });
  }
  for (const l of operations) {
    const id = l.op.operationId;
    const own = l.op['x-rate-limit'];
    if (own !== undefined && !readRateLimit(own))
      problems.push({
        id,
        key: 'x-rate-limit',
        message: `x-rate-limit is ${JSON.stringify(own)}. Write ${SHAPE}, or remove it to leave the call to its family's limit.`,
      });
    const tooMany = l.op.responses['429'];
    if (!tooMany)
      problems.push({
        id,
        key: 'responses',
        message: `declares no 429 response. Every operation can answer response_code 18 (rate limited): add '429': {$ref: '../components/common.yaml#/responses/TooManyRequests'} to its responses.`,
      });
    else if (!Object.keys(tooMany.headers ?? {}).some((h) => h.toLowerCase() === 'retry-after'))
      problems.push({
        id,
        key: 'responses',
        message: `its 429 response declares no Retry-After header. Use $ref: '../components/common.yaml#/responses/TooManyRequests', which does and says what it means.`,
      });
  }
  return problems;
}

/** One family's row of the rate-limit table on /ResponseCode, with the operations that have their own limit. */
export interface RateLimitRow {
  readonly tag: string;
  readonly label: string;
  readonly limit: RateLimit;
  readonly operations: readonly {
    readonly id: string;
    readonly summary: string;
    readonly href?: string;
    readonly limit: RateLimit;
  }[];
}

/** Every family with operations, in the contract's tag order. */
export function rateLimitRows(
  doc: OpenApiDocument,
  located: readonly Located[],
  pages: ReadonlyMap<string, string>,
): RateLimitRow[] {
  return doc.tags.flatMap((tag) => {
    const ops = located.filter((l) => l.kind === 'operation' && l.op.tags[0] === tag.name);
    const limit = readRateLimit(tag['x-rate-limit']);
    if (!ops.length || !limit) return [];
    return [
      {
        tag: tag.name,
        label: tag['x-displayName'] ?? tag.name,
        limit,
        operations: ops.flatMap((l) => {
          const own = readRateLimit(l.op['x-rate-limit']);
          const href = pages.get(l.op.operationId);
          return own ? [{id: l.op.operationId, summary: l.op.summary, ...(href ? {href} : {}), limit: own}] : [];
        }),
      },
    ];
  });
}

/** What the rate-limit table on /ResponseCode shows: the meaning of Retry-After and every family's limits. */
export interface RateLimitTable {
  readonly retryAfter: string;
  readonly rows: readonly RateLimitRow[];
}

/**
 * The contract's own words for Retry-After: the header's description in the shared 429 response
 * (components/common.yaml#/responses/TooManyRequests), or undefined when that response lacks it.
 */
export function retryAfterText(doc: OpenApiDocument): string | undefined {
  const responses = (doc.components as {responses?: Record<string, {headers?: Record<string, {description?: string}>}>})
    ?.responses;
  return responses?.TooManyRequests?.headers?.['Retry-After']?.description;
}
