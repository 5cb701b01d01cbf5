/**
 * Small pure helpers on JSON bodies, shared by the scenarios compiler (build time) and the engine (run
 * time): field paths, JSON merge patch, the fields carried from a request into its answers, new ids
 * for fields that must differ per request, and validator errors as the API reports them.
 */
import type {CarryRule, Json, JsonObject, RenamedField, ValidatorError} from './model';

/** A JSON value as text: strings as they are, anything else as JSON (`1500`, `true`). */
export const text = (value: Json | undefined): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `customerparams[0].value` -> ['customerparams', 0, 'value']. */
export function parsePath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) return [path];
    if (m[1]) out.push(m[1]);
    for (const index of (m[2] ?? '').matchAll(/\[(\d+)\]/g)) out.push(Number(index[1]));
  }
  return out;
}

export function getPath(value: unknown, path: string): unknown {
  let at: unknown = value;
  for (const key of parsePath(path)) {
    if (typeof key === 'number') at = Array.isArray(at) ? at[key] : undefined;
    else at = isObject(at) ? at[key] : undefined;
    if (at === undefined) return undefined;
  }
  return at;
}

/** A copy of `value` with `path` set to `to`; objects and arrays on the way are created as needed. */
export function setPath(value: Json | undefined, path: string, to: Json): Json {
  const [key, ...rest] = parsePath(path);
  if (key === undefined) return to;
  const restPath = rest
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`))
    .join('')
    .replace(/^\./, '');
  if (typeof key === 'number') {
    const list = Array.isArray(value) ? [...(value as Json[])] : [];
    list[key] = rest.length ? setPath(list[key], restPath, to) : to;
    return list;
  }
  const obj: Record<string, Json> = isObject(value) ? {...value} : {};
  obj[key] = rest.length ? setPath(obj[key], restPath, to) : to;
  return obj;
}

/** RFC 7386 JSON merge patch: objects merge, `null` removes a member, anything else replaces. */
export function mergePatch(target: Json | undefined, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const out: Record<string, Json> = isObject(target) ? {...target} : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

/**
 * The values a request carries into its answers, by answer field name: each rule copies one request
 * field (masked to its last characters where the rule says so). Fields the request lacks are skipped.
 */
export function carriedValues(
  rules: readonly CarryRule[],
  inputs: Readonly<Record<string, Json>>,
): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const rule of rules) {
    const value = getPath(inputs, rule.from) as Json | undefined;
    if (value === undefined || value === null) continue;
    out[rule.to] = rule.last !== undefined ? `${rule.prefix ?? ''}${text(value).slice(-rule.last)}` : value;
  }
  return out;
}

/**
 * The body with the carried values written into the fields of the same name that it already has: at
 * its top level (webhook payloads) and at the top level of `data` (response envelopes).
 */
export function applyCarried(body: JsonObject, carried: Readonly<Record<string, Json>>): JsonObject {
  const put = (obj: JsonObject): JsonObject => {
    const keys = Object.keys(carried).filter((key) => key in obj);
    return keys.length ? {...obj, ...Object.fromEntries(keys.map((key) => [key, carried[key] as Json]))} : obj;
  };
  const top = 'response_code' in body && 'message' in body ? body : put(body);
  const data = top.data;
  return isObject(data) ? {...top, data: put(data)} : top;
}

/**
 * A new value for an id that must differ per request: the last (up to) eight letters and digits of
 * `value` are rewritten from `n`, each keeping its kind (digit, upper or lower case letter), so the
 * value keeps the pattern its schema gives it. Different `n` (below 10^8) give different values.
 */
export function vary(value: string, n: number): string {
  const chars = [...value];
  let rest = n;
  let changed = 0;
  for (let i = chars.length - 1; i >= 0 && changed < 8; i--) {
    const c = chars[i] as string;
    if (/[0-9]/.test(c)) {
      chars[i] = String(rest % 10);
      rest = Math.floor(rest / 10);
    } else if (/[A-Z]/.test(c)) {
      chars[i] = String.fromCharCode(65 + (rest % 26));
      rest = Math.floor(rest / 26);
    } else if (/[a-z]/.test(c)) {
      chars[i] = String.fromCharCode(97 + (rest % 26));
      rest = Math.floor(rest / 26);
    } else continue;
    changed += 1;
  }
  return chars.join('');
}

export interface FieldError {
  readonly field: string;
  readonly rule: string;
}

/** `/agent/device/ip` -> `agent.device.ip`, `/customerparams/0/value` -> `customerparams[0].value`. */
export function fieldOf(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1);
  if (child !== undefined) parts.push(child);
  return parts
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

const list = (values: unknown): string =>
  Array.isArray(values) ? values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ') : '';

/** The formats whose name alone would not tell a reader what to send. */
const FORMAT_RULES: Readonly<Record<string, string>> = {
  aadhaar: 'must be a 12-digit Aadhaar number that does not start with 0 or 1 and ends in its Verhoeff check digit',
  uri: 'must be an absolute URL a browser can parse, in URL characters only (percent-encode the others)',
};

/**
 * One validator error in the API's words: the field and the rule it broke. An error about the body
 * as a whole (an array sent for an object) names `(body)`, never an empty field (issue 33's fuzz).
 */
export function fieldError(e: ValidatorError): FieldError {
  const f = ruleBroken(e);
  return f.field ? f : {...f, field: '(body)'};
}

function ruleBroken(e: ValidatorError): FieldError {
  const p = e.params;
  switch (e.keyword) {
    case 'required':
      return {field: fieldOf(e.instancePath, String(p.missingProperty)), rule: 'is required'};
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return {
        field: fieldOf(e.instancePath, String(p.additionalProperty ?? p.unevaluatedProperty)),
        rule: 'is not a field of this request',
      };
    case 'pattern':
      return {field: fieldOf(e.instancePath), rule: `must match ${String(p.pattern)}`};
    case 'multipleOf':
      return {
        field: fieldOf(e.instancePath),
        rule:
          p.multipleOf === 0.01
            ? 'must have at most 2 decimal places'
            : `must be a multiple of ${String(p.multipleOf)}`,
      };
    case 'minimum':
    case 'exclusiveMinimum':
      return {
        field: fieldOf(e.instancePath),
        rule: `must be ${p.comparison === '>' ? 'more than' : 'at least'} ${String(p.limit)}`,
      };
    case 'maximum':
    case 'exclusiveMaximum':
      return {
        field: fieldOf(e.instancePath),
        rule: `must be ${p.comparison === '<' ? 'less than' : 'at most'} ${String(p.limit)}`,
      };
    case 'minLength':
      return {field: fieldOf(e.instancePath), rule: `must be at least ${String(p.limit)} characters`};
    case 'maxLength':
      return {field: fieldOf(e.instancePath), rule: `must be at most ${String(p.limit)} characters`};
    case 'minItems':
      return {field: fieldOf(e.instancePath), rule: `must have at least ${String(p.limit)} items`};
    case 'maxItems':
      return {field: fieldOf(e.instancePath), rule: `must have at most ${String(p.limit)} items`};
    case 'enum':
      return {field: fieldOf(e.instancePath), rule: `must be one of ${list(p.allowedValues)}`};
    case 'const':
      return {field: fieldOf(e.instancePath), rule: `must be ${JSON.stringify(p.allowedValue)}`};
    case 'type':
      return {
        field: fieldOf(e.instancePath),
        rule: `must be ${/^[aeiou]/.test(String(p.type)) ? 'an' : 'a'} ${String(p.type)}`,
      };
    case 'format':
      return {
        field: fieldOf(e.instancePath),
        rule: FORMAT_RULES[String(p.format)] ?? `must be a valid ${String(p.format)}`,
      };
    case 'oneOf':
      return {field: fieldOf(e.instancePath) || '(body)', rule: 'must match exactly one of the documented forms'};
    default:
      return {field: fieldOf(e.instancePath) || '(body)', rule: e.message ?? `breaks the ${e.keyword} rule`};
  }
}

/**
 * Validator errors as the `data.errors` list of a code 10 answer: one entry per field and rule, in
 * the validator's order. The errors a `oneOf` collects from each branch are left out when the
 * summary line of that `oneOf` is there, so a reader sees what to send, not every branch's complaint.
 */
export function fieldErrors(errors: readonly ValidatorError[], prefix = ''): FieldError[] {
  // A oneOf over the whole body (send `rrn` or `payment_id`) keeps its branches' errors: they say which field to send.
  const oneOfAt = errors.filter((e) => e.keyword === 'oneOf' && e.instancePath !== '').map((e) => e.instancePath);
  // A field whose format says what to send (an Aadhaar number, a URL) also breaks its pattern: the
  // format's words alone tell the reader more than the regular expression.
  const told = new Set(
    errors.filter((e) => e.keyword === 'format' && String(e.params.format) in FORMAT_RULES).map((e) => e.instancePath),
  );
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of errors) {
    if (e.keyword === 'pattern' && told.has(e.instancePath)) continue;
    // An `if`/`then` (payout's per-mode amount range) reports the field its `then` broke on its own;
    // the `if` error itself names only the object ("must match then schema").
    if (e.keyword === 'if') continue;
    const insideOneOf =
      e.keyword !== 'oneOf' && oneOfAt.some((at) => e.instancePath === at || e.instancePath.startsWith(`${at}/`));
    if (insideOneOf) continue;
    const f = fieldError(e);
    const field = prefix && f.field !== '(body)' ? `${prefix}${f.field}` : f.field;
    const key = `${field}\n${f.rule}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({field, rule: f.rule});
    }
  }
  return out;
}

/**
 * The inputs (or a scenario's `when:`) with each renamed field under its current name, whichever
 * name was sent, so scenarios, carry rules and idempotency read one name during the transition.
 */
export function withCurrentNames(
  inputs: Readonly<Record<string, Json>>,
  renamed: readonly RenamedField[] | undefined,
): Record<string, Json> {
  const out: Record<string, Json> = {...inputs};
  for (const {old, current} of renamed ?? []) {
    const value = out[old];
    if (value === undefined || current in out) continue;
    delete out[old];
    out[current] = value;
  }
  return out;
}

/** A request that sends a renamed field under both names: one error per field, naming the old name. */
export function bothNamesErrors(body: Json | undefined, renamed: readonly RenamedField[] | undefined): FieldError[] {
  if (!isObject(body)) return [];
  return (renamed ?? [])
    .filter(({old, current}) => old in body && current in body)
    .map(({old, current}) => ({
      field: old,
      rule: `is the old name of ${current}: send only ${current}, not both`,
    }));
}
