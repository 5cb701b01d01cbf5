/**
 * Runs api-smart-diff on two dereferenced contracts, the way core/changelog/changelog.ts describes: both
 * documents normalised first, the tool's OpenAPI rules completed for webhooks. Build time only (the
 * tool never reaches the browser). Pure.
 */
import {
  apiCompare,
  openapi3Rules,
  reverseClassifyRuleTransformer,
  transformComapreRules,
  type CompareRules,
  type Diff,
} from 'api-smart-diff';
import {isDeepStrictEqual} from 'node:util';
import {ChangelogError} from './changelog';
import {withoutCommonParts} from './common-parts';
import {mergeAllOf, type JsonSchema} from '../contract/schema';
import {untypedBranch} from '../contract/typed-branches';
import type {Memo} from '../util/memo';

type Json = unknown;
type Rules = Record<string, unknown>;

const IGNORED_HEADERS = new Set(['authorization', 'content-type', 'accept']);

/**
 * Both documents as the tool should compare them (dereferenced, not mutated):
 *
 * - `components` other than `securitySchemes` are dropped: after dereferencing, every schema is
 *   compared where an operation uses it, and a change must be named once, by that operation;
 * - header parameters named Authorization, Content-Type or Accept are dropped, as OpenAPI says they
 *   are ignored (the token is the security scheme's), so that moving the token from a parameter to
 *   the scheme is not reported as a removed header;
 * - a `oneOf`/`anyOf` branch the published form wrote out (core/contract/typed-branches.ts) is read
 *   in its short form again, as the sources write it: the releases are the published form;
 * - every `allOf` is folded into one schema (core/contract/schema.ts), and `unevaluatedProperties`
 *   beside it becomes `additionalProperties`, which then says the same: the tool folds an `allOf` it
 *   finds but then misreads a sibling it does not know, and a schema that moved its properties into
 *   an `allOf` part is the same schema to a client.
 */
export function normalise(doc: Json): Json {
  const seen = new Set<object>();
  const walk = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    if (seen.has(value))
      throw new ChangelogError('The contract has a circular $ref; the changelog compares dereferenced documents.');
    seen.add(value);
    const out: Record<string, Json> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === 'parameters' && Array.isArray(child)) {
        const kept = child.filter((p: {in?: unknown; name?: unknown}) => {
          return !(p?.in === 'header' && typeof p.name === 'string' && IGNORED_HEADERS.has(p.name.toLowerCase()));
        });
        if (kept.length) out[key] = walk(kept);
      } else {
        out[key] = walk(child);
      }
    }
    seen.delete(value);
    for (const kind of ['oneOf', 'anyOf'] as const) {
      const branches = out[kind];
      if (Array.isArray(branches)) out[kind] = branches.map((b: JsonSchema) => untypedBranch(b, out as JsonSchema));
    }
    if (!Array.isArray(out.allOf)) return out;
    const {unevaluatedProperties, ...folded} = mergeAllOf(out);
    return unevaluatedProperties === undefined || 'additionalProperties' in folded
      ? {...folded, ...(unevaluatedProperties === undefined ? {} : {unevaluatedProperties})}
      : {...folded, additionalProperties: unevaluatedProperties};
  };
  const {components, ...rest} = (doc ?? {}) as {components?: {securitySchemes?: Json}};
  const securitySchemes = components?.securitySchemes;
  return walk(securitySchemes ? {...rest, components: {securitySchemes}} : rest);
}

const rule = (rules: Rules, key: string): Rules => {
  const found = rules[key];
  if (!found || typeof found !== 'object')
    throw new ChangelogError(
      `api-smart-diff's OpenAPI rules have no "${key}" rule object any more; core/changelog/changelog.ts builds on them. Check the installed version against package.json.`,
    );
  return found as Rules;
};

/**
 * The tool's OpenAPI 3 rules, plus:
 *
 * - `webhooks`, which they leave out: classified like `paths`, except what we send (the payload and
 *   the headers), which is reversed, as the tool reverses responses: a partner receives it;
 * - a response header that becomes `required` is a new guarantee to the client, not a break (the
 *   tool treats a `required` response header like a request's).
 */
export function changelogRules(): CompareRules {
  const base = openapi3Rules() as Rules;
  const paths = rule(base, '/paths');
  const item = rule(paths, '/*');
  const method = rule(item, '/*');
  const responses = rule(method, '/responses');
  const response = rule(responses, '/*');
  const headers = rule(response, '/headers');
  const header = rule(headers, '/*');
  const requiredHeader = {
    ...rule(header, '/required'),
    $: [
      'non-breaking',
      'breaking',
      ({after}: {after: {value: unknown}}) => (after.value === true ? 'non-breaking' : 'breaking'),
    ],
  };
  const operation = {
    ...method,
    '/responses': {
      ...responses,
      '/*': {...response, '/headers': {...headers, '/*': {...header, '/required': requiredHeader}}},
    },
  };
  const reverse = (r: Rules): Rules => transformComapreRules(r as CompareRules, reverseClassifyRuleTransformer);
  const webhook = {
    ...operation,
    '/requestBody': reverse(rule(method, '/requestBody')),
    '/parameters': reverse(rule(method, '/parameters')),
  };
  return {
    ...base,
    '/paths': {...paths, '/*': {...item, '/*': operation}},
    '/webhooks': {...paths, '/*': {...item, '/*': webhook}},
  };
}

export interface Comparison {
  readonly diffs: Diff[];
  /** The two documents as compared (normalised), which the diffs' paths point into. */
  readonly before: Json;
  readonly after: Json;
}

type Doc = Record<string, Json>;

/** The sections compared one entry at a time. */
const SECTIONS = ['paths', 'webhooks'] as const;

/** Paths that differ only in their parameters' names are one path to the tool (it matches them so). */
const entryGroup = (section: string, key: string): string =>
  section === 'paths' ? key.replace(/\{[^}]*\}/g, '{}') : key;

interface Piece {
  readonly before: Doc;
  readonly after: Doc;
  /** The diffs of this piece are those under one of these keys of `section` (none: the rest). */
  readonly section?: string;
  readonly keys: readonly string[];
}

/**
 * The two documents cut into pieces that the tool compares alone: the document without paths and
 * webhooks, then each path (with the paths that differ from it only in parameter names) and each
 * webhook, each in the rest of its document. A piece gives the diffs it would give in the whole.
 */
function pieces(before: Doc, after: Doc): Piece[] {
  const entries = (doc: Doc, section: string): Record<string, Json> => (doc[section] ?? {}) as Record<string, Json>;
  const empty = Object.fromEntries(SECTIONS.map((s) => [s, {}]));
  const out: Piece[] = [{before: {...before, ...empty}, after: {...after, ...empty}, keys: []}];
  for (const section of SECTIONS) {
    const [b, a] = [entries(before, section), entries(after, section)];
    const groups = new Map<string, string[]>();
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      const group = entryGroup(section, key);
      groups.set(group, [...(groups.get(group) ?? []), key]);
    }
    const pick = (from: Record<string, Json>, keys: readonly string[]): Record<string, Json> =>
      Object.fromEntries(keys.filter((k) => k in from).map((k) => [k, from[k]]));
    for (const keys of groups.values()) {
      // An entry equal on both sides, with no other of its shape, gives no diff: not compared at all.
      const only = keys.length === 1 ? keys[0] : undefined;
      if (only !== undefined && only in b && only in a && isDeepStrictEqual(b[only], a[only])) continue;
      out.push({
        before: {...before, ...empty, [section]: pick(b, keys)},
        after: {...after, ...empty, [section]: pick(a, keys)},
        section,
        keys,
      });
    }
  }
  return out;
}

const inPiece = (piece: Piece, path: readonly unknown[]): boolean =>
  piece.section === undefined
    ? !SECTIONS.includes(path[0] as (typeof SECTIONS)[number])
    : path[0] === piece.section && piece.keys.includes(String(path[1]));

/**
 * api-smart-diff's diffs between two dereferenced documents, normalised and with our rules. The
 * tool runs on each piece of the documents (`pieces`), without what both sides of it have in
 * common (core/changelog/common-parts.ts); with a `memo`, a piece compared before (an operation
 * the edit did not touch) is not compared again, which turns the dev server's second and a half
 * per contract edit into the time of one operation.
 */
export function compareContracts(before: Json, after: Json, memo?: Memo): Comparison {
  try {
    const [b, a] = [normalise(before), normalise(after)] as [Doc, Doc];
    const rules = changelogRules();
    const compare = (piece: Piece): Diff[] => {
      const [before, after] = withoutCommonParts(piece.before, piece.after, SECTIONS);
      const run = (): Diff[] => apiCompare(before, after, {rules}).diffs.filter((d) => inPiece(piece, d.path));
      return memo ? memo(['compareContracts', piece.section ?? null, piece.keys, before, after], run) : run();
    };
    const diffs = pieces(b, a).flatMap(compare);
    return {diffs, before: b, after: a};
  } catch (e) {
    if (e instanceof ChangelogError) throw e;
    throw new ChangelogError(`api-smart-diff could not compare the two contracts: ${(e as Error).message}`);
  }
}
