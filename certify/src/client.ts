/**
 * Grades a recording of the partner's client against the client rules of core/certify/rules.ts.
 * Pure: the recording (./recorder.ts) and the model (./client-model.ts) come in, results go out.
 */
import {decodeJwt} from 'jose';
import {clientRuleWords} from '#core/certify/client-rules';
import {ruleById, type RuleId} from '#core/certify/rules';
import type {ClientModel, Exchange} from './client-model';
import {CertifyInputError, type CertifyReport, type CheckResult} from './types';

/** A finding of one check: the exchange that decided it and what was wrong with it. */
interface Finding {
  readonly exchange: Exchange;
  readonly why: string;
}

/** The answer to a repeated identity (openapi/response-codes.yaml DUPLICATE_REFERENCE). */
const REPEAT_CODE = 4;

type Inputs = Readonly<Record<string, unknown>>;

/** The request's fields: its JSON body's top level, then its query parameters. */
export function inputsOf(e: Exchange): Inputs {
  const query = Object.fromEntries(new URL(e.url, 'http://x').searchParams);
  try {
    const body: unknown = e.body ? JSON.parse(e.body) : {};
    return body && typeof body === 'object' && !Array.isArray(body) ? {...query, ...(body as Inputs)} : query;
  } catch {
    return query;
  }
}

function answerOf(e: Exchange): {code?: number; data?: Inputs} {
  try {
    const json = JSON.parse(e.response) as {response_code?: unknown; data?: unknown};
    const data = json.data && typeof json.data === 'object' ? (json.data as Inputs) : undefined;
    return {
      ...(typeof json.response_code === 'number' ? {code: json.response_code} : {}),
      ...(data ? {data} : {}),
    };
  } catch {
    return {};
  }
}

/** A request value as a map key (a reference is a string or a number). */
const keyOf = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

const identityOf = (e: Exchange, fields: readonly string[]): string =>
  `${e.operationId ?? ''}|${fields.map((f) => JSON.stringify(inputsOf(e)[f] ?? null)).join('|')}`;

/** The retry rule of an answer: the derived rule of its operation and code. */
const retryOf = (model: ClientModel, e: Exchange, code: number | undefined): string | undefined =>
  code === undefined || !e.operationId ? undefined : model.retry[e.operationId]?.[String(code)];

/** Money-moving requests that repeat an identity after an answer whose retry rule forbids it. */
function reuseFindings(log: readonly Exchange[], model: ClientModel): {fresh: Finding[]; resend: Finding[]} {
  const last = new Map<string, Exchange>();
  const fresh: Finding[] = [];
  const resend: Finding[] = [];
  for (const e of log) {
    const fields = e.operationId ? model.money[e.operationId] : undefined;
    if (!fields) continue;
    const key = identityOf(e, fields);
    const before = last.get(key);
    const code = before && answerOf(before).code;
    const rule = before && retryOf(model, before, code);
    if (rule === 'new-ref')
      fresh.push({
        exchange: e,
        why: `the same ${fields.join(', ')} as a request answered code ${code}, which recorded a failed transaction under it: a new attempt needs a new one`,
      });
    if (rule === 'status')
      resend.push({
        exchange: e,
        why: `sent again after code ${code}: the first may still complete, and this pays twice`,
      });
    // A repeat (code 4) answers the original: the original stays what later requests are judged against.
    if (answerOf(e).code !== REPEAT_CODE) last.set(key, e);
  }
  return {fresh, resend};
}

/** Gap the policy asks for before the next status call, `sinceStartMs` after the transaction's answer. */
function allowedGapMs(model: ClientModel, sinceStartMs: number): number {
  const p = model.polling;
  return sinceStartMs <= p.fastForMinutes * 60_000 ? p.everySeconds * 1000 : p.thenEveryMinutes * 60_000;
}

/** One second of slack for clocks and scheduling. */
const SLACK_MS = 1000;

/** The time each transaction was answered pending or timed out, by the value its status call names it with. */
function pendingSince(log: readonly Exchange[], model: ClientModel): Map<string, number> {
  const lookups = new Set(Object.values(model.status).map((s) => s.lookup));
  const since = new Map<string, number>();
  for (const e of log) {
    if (!e.operationId || !model.money[e.operationId]) continue;
    const code = answerOf(e).code;
    if (retryOf(model, e, code) !== 'status') continue;
    for (const name of lookups) {
      const value = keyOf(inputsOf(e)[name]);
      if (value && !since.has(value)) since.set(value, e.at);
    }
  }
  return since;
}

/** Status calls too soon after the answer or the previous call, and calls after a final state. */
function statusFindings(log: readonly Exchange[], model: ClientModel): {cadence: Finding[]; final: Finding[]} {
  const since = pendingSince(log, model);
  const previous = new Map<string, number>();
  const finalAt = new Map<string, string>();
  const cadence: Finding[] = [];
  const final: Finding[] = [];
  for (const e of log) {
    const spec = e.operationId ? model.status[e.operationId] : undefined;
    if (!spec) continue;
    const key = keyOf(inputsOf(e)[spec.lookup]) ?? '';
    const start = since.get(key);
    const prev = previous.get(key);
    const state = finalAt.get(key);
    if (state) final.push({exchange: e, why: `asked again after the status call answered ${state}, a final state`});
    else if (
      prev === undefined &&
      start !== undefined &&
      e.at - start < model.polling.firstAfterSeconds * 1000 - SLACK_MS
    )
      cadence.push({
        exchange: e,
        why: `first status call ${Math.round((e.at - start) / 1000)} s after the answer; wait at least ${model.polling.firstAfterSeconds} s`,
      });
    else if (prev !== undefined && e.at - prev < allowedGapMs(model, e.at - (start ?? prev)) - SLACK_MS)
      cadence.push({
        exchange: e,
        why: `status call ${Math.round((e.at - prev) / 1000)} s after the previous one; the policy asks for ${allowedGapMs(model, e.at - (start ?? prev)) / 1000} s`,
      });
    // A refused call (429, 401) reported nothing: the cadence counts the calls that were answered.
    if (e.status !== 200) continue;
    previous.set(key, e.at);
    const value = answerOf(e).data?.[spec.field];
    if (typeof value === 'string' && spec.final.includes(value)) finalAt.set(key, value);
  }
  return {cadence, final};
}

/** Requests sent before the `Retry-After` of a 429 had passed. */
function retryAfterFindings(log: readonly Exchange[]): Finding[] {
  const findings: Finding[] = [];
  let until: {at: number; seconds: number} | undefined;
  for (const e of log) {
    if (until && e.at < until.at + until.seconds * 1000 - SLACK_MS)
      findings.push({
        exchange: e,
        why: `sent ${Math.round((e.at - until.at) / 1000)} s after a 429 that said Retry-After: ${until.seconds}`,
      });
    const header = Object.entries(e.responseHeaders).find(([k]) => k.toLowerCase() === 'retry-after')?.[1];
    until = e.status === 429 && header && /^\d+$/.test(header) ? {at: e.at, seconds: Number(header)} : undefined;
  }
  return findings;
}

/** The claims of a bearer token, read without checking it (the sandbox checks it). */
export function tokenClaims(e: Exchange): {reqId?: string; iat?: number} | undefined {
  const auth = Object.entries(e.headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1];
  const token = auth?.replace(/^Bearer\s+/i, '');
  if (!token) return undefined;
  try {
    const claims = decodeJwt(token);
    return {
      ...(typeof claims.reqId === 'string' ? {reqId: claims.reqId} : {}),
      ...(typeof claims.iat === 'number' ? {iat: claims.iat} : {}),
    };
  } catch {
    return undefined;
  }
}

/** Tokens replayed (a `reqId` seen before) or stale twice in a row. */
function tokenFindings(log: readonly Exchange[], model: ClientModel): Finding[] {
  const seen = new Set<string>();
  const findings: Finding[] = [];
  let staleBefore = false;
  for (const e of log) {
    const claims = tokenClaims(e);
    if (!claims) continue;
    if (claims.reqId && seen.has(claims.reqId))
      findings.push({exchange: e, why: `reqId ${claims.reqId} sent again (a replayed token)`});
    if (claims.reqId) seen.add(claims.reqId);
    const age = claims.iat === undefined ? 0 : Math.abs(e.at / 1000 - claims.iat);
    const stale = age > model.iatToleranceSeconds;
    if (stale && staleBefore)
      findings.push({
        exchange: e,
        why: `iat ${Math.round(age)} s from the request, after a refused stale token: sign a fresh one per request`,
      });
    staleBefore = stale;
  }
  return findings;
}

// cspell:disable-next-line (the PAN's fourth letter: the holder's type)
const PAN = /(?<![A-Z])[A-Z]{3}[PCHFATBLJG][A-Z][0-9]{4}[A-Z](?![A-Z])/;
const AADHAAR = /(?<!\d)[2-9]\d{3}[ -]?\d{4}[ -]?\d{4}(?!\d)/;
const SENSITIVE_NAME = /aadhaar|uid|pan|card/i;

/** Luhn check of a card-length digit string. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** What personal number a URL carries, if any: a PAN anywhere, an Aadhaar or card number under a telling name, a Luhn-valid card number anywhere. */
export function personalNumberIn(url: string): string | undefined {
  const parsed = new URL(url, 'http://x');
  const path = decodeURIComponent(parsed.pathname);
  if (PAN.test(path)) return 'a PAN in the path';
  if ([...path.matchAll(/\d{13,19}/g)].some((m) => luhn(m[0]))) return 'a card number in the path';
  for (const [name, value] of parsed.searchParams) {
    if (PAN.test(value)) return `a PAN in the query (${name})`;
    const digits = value.replace(/[ -]/g, '');
    if (/^\d{13,19}$/.test(digits) && luhn(digits)) return `a card number in the query (${name})`;
    if (SENSITIVE_NAME.test(name) && AADHAAR.test(value)) return `an Aadhaar number in the query (${name})`;
  }
  return undefined;
}

function piiFindings(log: readonly Exchange[]): Finding[] {
  return log.flatMap((e) => {
    const what = personalNumberIn(e.url);
    return what ? [{exchange: e, why: `${what}: URLs are kept by proxies and logs`}] : [];
  });
}

const evidence = (e: Exchange): {request: string; response: string} => ({
  request: `${e.method} ${e.url}${e.body ? `\n\n${e.body.slice(0, 300)}` : ''}`,
  response: `HTTP ${e.status}\n${e.response.slice(0, 300)}`,
});

/** A check's result, its rule worded from the model's code table (core/certify/client-rules.ts). */
function toResult(id: RuleId, findings: readonly Finding[], pass: string, model: ClientModel): CheckResult {
  const rule = ruleById(id, model.retry);
  const first = findings[0];
  if (!first) return {rule, passed: true, detail: pass};
  const more = findings.length > 1 ? ` (and ${findings.length - 1} more)` : '';
  return {rule, passed: false, detail: `${first.why}${more}`, evidence: evidence(first.exchange)};
}

/** Every client check over a recording; a recording without traffic is bad input, not a pass. */
export function certifyClient(log: readonly Exchange[], model: ClientModel, target: string): CertifyReport {
  if (!log.length)
    throw new CertifyInputError(
      `The recording has no traffic: no request reached ${target}. Fix: point your client's base URL at it and run your test suite while certify records (or give it longer with --for).`,
    );
  const money = log.filter((e) => e.operationId && model.money[e.operationId]).length;
  const reuse = reuseFindings(log, model);
  const status = statusFindings(log, model);
  const words = clientRuleWords(model.retry);
  const results: [RuleId, readonly Finding[], string][] = [
    ['client-fresh-reference', reuse.fresh, words.fresh.pass(money)],
    ['client-no-resend-after-pending', reuse.resend, words.resend.pass(money)],
    ['client-status-cadence', status.cadence, 'status calls within the polling policy'],
    ['client-stop-when-final', status.final, 'no status call after a final state'],
    ['client-retry-after', retryAfterFindings(log), 'every Retry-After waited for'],
    ['client-token-fresh', tokenFindings(log, model), `${log.length} request(s), each with its own token`],
    ['client-no-pii-in-url', piiFindings(log), 'no personal number in any URL'],
  ];
  return {
    mode: 'client',
    target,
    results: results.map(([id, findings, pass]) => toResult(id, findings, pass, model)),
  };
}
