/**
 * Live values (issue 26): an answer that starts a transaction or a session carries fresh ids and times
 * relative to the sandbox clock instead of the contract example's fixed ones, so a client that keys
 * on `session_id` or honours `expires_at` can integrate against the sandbox. One table per
 * transaction maps each example value to its live value; the answer, every status-call answer and
 * every webhook of that transaction go through the same table, so they name the same ids and times,
 * and a repeat answers the original's.
 *
 * - Ids: the values of fields the scenario makes up per transaction (LIVE_ID_FIELDS and the
 *   operation's `unique:` fields), each rewritten by `vary` (same length and character kinds, so the
 *   schema's pattern still holds), and the token at the end of each URL of the answer. A value the
 *   request sent is never rewritten: it is the partner's; and the example's own idempotency key
 *   stands for the one the request sent, wherever the example writes it (in a UPI id and its QR).
 * - Times (`date-time` values, RFC 3339): moved by one shift per transaction that puts the answer's
 *   earliest event time at the moment of the answer (deadlines such as `expires_at` keep their
 *   distance from it: 15 minutes stays 15 minutes), except the operation's `deadlines:`, which count
 *   from the answer as the contract states them (a fetched bill is valid two hours after the fetch).
 *   An answer with deadlines only is placed from the moment the contract's examples are written at
 *   (EXAMPLE_NOW). Event times of later bodies (status
 *   answers, webhooks) never fall after the moment that body is given, nor before the answer.
 */
import {vary} from '../body';
import type {Json, JsonObject} from '../model';

/** Example value -> live value, for one transaction. */
export type LiveTable = Readonly<Record<string, string>>;

/** Fields whose values the scenario makes up per transaction: acknowledgement numbers, bank references, ids. */
export const LIVE_ID_FIELDS: ReadonlySet<string> = new Set([
  'ackno',
  'bankrrn',
  'rrn',
  'utr',
  'bbpsrefid',
  'session_id',
  'transfer_id',
  'order_id',
  'messageid',
  'kycid',
  'kyc_id',
  'payment_id',
  // A rotation's new webhook secret, made per rotation (./webhook-secret.ts).
  'secret',
]);

/**
 * The moment the contract's examples are written at: most answers that start something give it as
 * their creation time (`created_at`, `registered_at`), and their deadlines count from it
 * (`dmt-generate-url`'s `expires_at`, 10:57:07, is its documented 15 minutes later).
 */
export const EXAMPLE_NOW = Date.parse('2025-11-14T10:42:07+05:30');

const DATE_TIME = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;
// `respond_by` (a UPI dispute's last moment for an answer) is a deadline, not an event.
const isDeadline = (field: string): boolean => /expir|valid_?until|resolve_?by|respond_?by/i.test(field);
const isUrlField = (field: string): boolean => /(^|_)url$/.test(field);

/** A date-time in the offset of `like` (an example value), to the second. */
export function formatLike(ms: number, like: string): string {
  const zone = DATE_TIME.exec(like)?.[3] ?? 'Z';
  const sign = zone[0] === '-' ? -1 : 1;
  const offsetMin = /^z$/i.test(zone) ? 0 : sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const local = new Date(Math.floor(ms / 1000) * 1000 + offsetMin * 60_000).toISOString().slice(0, 19);
  return `${local}${/^z$/i.test(zone) ? 'Z' : zone}`;
}

/** Whether a field's value is one the sandbox makes live (an id, a URL, a time): what a test leaves aside. */
export const isLiveValue = (field: string, value: string, idFields: readonly string[] = []): boolean =>
  LIVE_ID_FIELDS.has(field) || idFields.includes(field) || isUrlField(field) || DATE_TIME.test(value);

/** Every (field, string value) of a body, depth first, arrays' items under their array's field. */
function strings(value: Json | undefined, field: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') out.push([field, value]);
  else if (Array.isArray(value)) for (const item of value as Json[]) strings(item, field, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value as JsonObject)) strings(v, k, out);
  return out;
}

/** A body and the clock moment it is given at (the answer's, a stage's, a webhook's). */
export interface TimedBody {
  readonly body: JsonObject;
  readonly at: number;
}

/** What the table is built from. */
export interface LiveInputs {
  /** The answer first, then the later bodies in any order. */
  readonly answer: TimedBody;
  readonly later: readonly TimedBody[];
  /** Strings the request sent: never rewritten. */
  readonly sent: ReadonlySet<string>;
  /** Id fields besides LIVE_ID_FIELDS (the operation's `unique:`). */
  readonly idFields: readonly string[];
  /** Deadline fields set this many seconds after the answer (the operation's `deadlines:`). */
  readonly deadlines?: Readonly<Record<string, number>>;
  /** A new number for each fresh id: different on every call of one session, seeded. */
  readonly next: () => number;
  /**
   * Example values that stand for a value the request sent (the example's own idempotency key, such
   * as the `customer_reference` a UPI id is built from): replaced by the request's wherever they appear.
   */
  readonly aliases?: Readonly<Record<string, string>>;
}

/** The shift that puts the answer's earliest event time (else EXAMPLE_NOW) at the answer's moment. */
function shiftOf(answer: TimedBody): number {
  const events = strings(answer.body, '', [])
    .filter(([field, v]) => DATE_TIME.test(v) && !isDeadline(field))
    .map(([, v]) => Date.parse(v));
  return answer.at - (events.length ? Math.min(...events) : EXAMPLE_NOW);
}

/** The ids of one body into the table; with `urls`, the token each URL ends with too. */
function addIds(table: Record<string, string>, body: JsonObject, inputs: LiveInputs, urls: boolean): void {
  for (const [field, v] of strings(body, '', [])) {
    if (inputs.sent.has(v) || v in table) continue;
    if (LIVE_ID_FIELDS.has(field) || inputs.idFields.includes(field)) table[v] = vary(v, inputs.next());
    const token = urls && isUrlField(field) ? /[A-Za-z0-9]{8,}(?=[^A-Za-z0-9]*$)/.exec(v)?.[0] : undefined;
    if (token && !(token in table) && !inputs.sent.has(token)) table[token] = vary(token, inputs.next());
  }
}

/** The top-level fields of a body and of its `data` (an envelope's), with their string values. */
function topStrings(body: JsonObject): [string, string][] {
  const data = body.data;
  const inner = data && typeof data === 'object' && !Array.isArray(data) ? Object.entries(data as JsonObject) : [];
  return [...Object.entries(body), ...inner].filter((e): e is [string, string] => typeof e[1] === 'string');
}

/**
 * A later body names the answer's id by its field, even where its example has another value (a status
 * call's example written for another transaction): its value maps to the answer's live value.
 */
function alignIds(
  table: Record<string, string>,
  answer: JsonObject,
  later: JsonObject,
  idField: (f: string) => boolean,
) {
  const answered = new Map(topStrings(answer).filter(([f, v]) => idField(f) && table[v] !== undefined));
  for (const [field, v] of topStrings(later)) {
    const original = answered.get(field);
    if (original !== undefined && !(v in table)) table[v] = table[original] as string;
  }
}

/** The times of one body into the table: event times of a later body kept between the answer and `at`. */
function addTimes(table: Record<string, string>, timed: TimedBody, shift: number, answerAt?: number): void {
  for (const [field, v] of strings(timed.body, '', [])) {
    if (!DATE_TIME.test(v) || v in table) continue;
    let ms = Date.parse(v) + shift;
    if (answerAt !== undefined && !isDeadline(field)) ms = Math.max(answerAt, Math.min(ms, timed.at));
    table[v] = formatLike(ms, v);
  }
}

/** The answer's stated deadlines, counted from the answer's moment (before any other time takes their value). */
function addDeadlines(table: Record<string, string>, inputs: LiveInputs): void {
  const deadlines = inputs.deadlines ?? {};
  for (const [field, v] of strings(inputs.answer.body, '', [])) {
    const seconds = deadlines[field];
    if (seconds !== undefined && DATE_TIME.test(v) && !(v in table))
      table[v] = formatLike(inputs.answer.at + seconds * 1000, v);
  }
}

/** The live table of one transaction. */
export function liveTable(inputs: LiveInputs): LiveTable {
  const table: Record<string, string> = {...inputs.aliases};
  const shift = shiftOf(inputs.answer);
  addIds(table, inputs.answer.body, inputs, true);
  addDeadlines(table, inputs);
  addTimes(table, inputs.answer, shift);
  const later = [...inputs.later].sort((a, b) => a.at - b.at);
  const idField = (f: string): boolean => LIVE_ID_FIELDS.has(f) || inputs.idFields.includes(f);
  for (const timed of later) {
    alignIds(table, inputs.answer.body, timed.body, idField);
    addIds(table, timed.body, inputs, false);
    addTimes(table, timed, shift, inputs.answer.at);
  }
  return table;
}

/** The ids of the table (not times), longest first: the ones a URL may contain. */
const idsOf = (table: LiveTable): string[] =>
  Object.keys(table)
    .filter((k) => !DATE_TIME.test(k) && k.length >= 6)
    .sort((a, b) => b.length - a.length);

/** A body with every example value of the table replaced by its live value (ids inside URLs too). */
export function liven(body: JsonObject, table: LiveTable | undefined): JsonObject {
  if (!table || !Object.keys(table).length) return body;
  const ids = idsOf(table);
  const swap = (value: Json): Json => {
    if (typeof value === 'string') {
      const exact = table[value];
      if (exact !== undefined) return exact;
      // A URL, or a UPI id (`rr.<customer_reference>@rrbank`), is built from ids: each one in it is replaced.
      return /[/@]/.test(value) ? ids.reduce((s, id) => s.split(id).join(table[id] as string), value) : value;
    }
    if (Array.isArray(value)) return (value as Json[]).map(swap);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value as JsonObject).map(([k, v]) => [k, swap(v)]));
    return value;
  };
  return swap(body) as JsonObject;
}

/** The facts of one transaction: field -> value, as its first answer gave them. */
export type TransactionFacts = Readonly<Record<string, Json>>;

/**
 * Fields that describe where a transaction stands, not what it is: its state (`status`,
 * `paymentstatus`, ...), why it failed, when it last changed, the envelope's own fields. Every other
 * field of an answer is a fact of the transaction.
 */
const STATE_FIELD = /status$|reason$|^updated_?at$|^response_code$|^message$/i;

const isPlainObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a body keeps a transaction's fields: an envelope's `data`, else the body itself (a webhook payload). */
const fieldsOf = (body: JsonObject): JsonObject => (isPlainObject(body.data) ? body.data : body);

/**
 * The facts of a transaction from its first answer (issue 33): every non-null scalar field of its
 * `data` but the state fields, so ids, amount, charges, references and the transaction's own times.
 * Later bodies (status calls, repeats, webhooks) are written from examples of other transactions
 * (an IMPS payout's status call from the NEFT example, charges 11.8 where the answer said 5.9);
 * `withFacts` gives them this transaction's values instead.
 */
export function transactionFacts(answer: JsonObject): TransactionFacts {
  if (!isPlainObject(answer.data)) return {};
  return Object.fromEntries(
    Object.entries(answer.data).filter(([field, v]) => v !== null && typeof v !== 'object' && !STATE_FIELD.test(field)),
  );
}

/**
 * A later body about the transaction with its facts in place of its example's values: only the
 * fields the body has, and not where the body says null (a value that is gone at that stage).
 */
export function withFacts(body: JsonObject, facts: TransactionFacts | undefined): JsonObject {
  if (!facts) return body;
  const fields = fieldsOf(body);
  const patched = Object.fromEntries(
    Object.entries(fields).map(([field, v]) => [field, v !== null && field in facts ? (facts[field] as Json) : v]),
  );
  return fields === body ? patched : {...body, data: patched};
}

/** Every string a request sent, at any depth: values the live table must leave as they are. */
export function sentStrings(inputs: Readonly<Record<string, Json>>): Set<string> {
  return new Set(strings(inputs as JsonObject, '', []).map(([, v]) => v));
}

/**
 * The numbers fresh ids are made from: a seeded start, then one more per id, so two ids of one
 * session never meet (below 10^7 of them) and two seeds give different ids.
 */
export function idNumbers(seed: number): (seq: number) => number {
  // splitmix32-style scramble of the seed into a start below 9 * 10^7.
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  const start = ((h ^ (h >>> 16)) >>> 0) % 90_000_000;
  return (seq) => start + seq;
}

/** A new random seed, for a sandbox that was given none. */
export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] as number;
}
