/**
 * `certify --webhook-url URL --secret S`: sends deliveries to the partner's endpoint, signed by the
 * site's one signature module (core/sandbox/signature.ts), and grades each answer against a rule of
 * core/certify/rules.ts. Transport, clock and randomness are injected so the tests run in
 * milliseconds.
 */
import {ACK_TIMEOUT_SECONDS, TIMESTAMP_TOLERANCE_SECONDS} from '#core/contract/webhook-policy';
import {signatureValue, signDelivery, SIGNATURE_HEADER} from '#core/sandbox/signature';
import {ruleById, type RuleId} from '#core/certify/rules';
import {AnswerTimeoutError, type Received, type Sent, type Transport} from './http';
import {timingsOf} from './timings';
import {CertifyInputError, type CertifyReport, type CheckResult, type Clock} from './types';

/** Two events of one transaction: its final state, and the pending state it was in before. */
export interface SampleEvents {
  readonly final: string;
  readonly pending: string;
}

export interface WebhookRun {
  readonly url: string;
  readonly secret: string;
  readonly events: SampleEvents;
  readonly clock: Clock;
  readonly send: Transport;
  /** A random hex string (secrets, ids). */
  readonly random: () => string;
}

interface Answer {
  readonly sent: Sent;
  readonly received?: Received;
  /** Why there is no answer (a timeout). */
  readonly failure?: string;
  readonly ms: number;
}

const ok = (a: Answer): boolean => a.received !== undefined && a.received.status >= 200 && a.received.status < 300;
const DEADLINE_MS = ACK_TIMEOUT_SECONDS * 1000;

/** One byte of the body changed: its first digit, else its first letter, turned into another. */
export function changeOneByte(body: string): string {
  const i = body.search(/[0-9a-zA-Z]/);
  if (i < 0) return `${body} `;
  const c = body[i] as string;
  const other = /[0-9]/.test(c) ? String((Number(c) + 1) % 10) : c === 'a' ? 'b' : 'a';
  return `${body.slice(0, i)}${other}${body.slice(i + 1)}`;
}

/** The event with its transaction and ids made this run's own, so a receiver never confuses runs. */
const ownEvent = (event: string, tag: string): string => event.replaceAll(/"(RR-[A-Z]+-\d+-\d+)"/g, `"$1-${tag}"`);

function describe(a: Answer): {request: string; response: string} {
  const headers = Object.entries(a.sent.headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  const response = a.received
    ? `HTTP ${a.received.status}${a.received.body ? `\n${a.received.body.slice(0, 300)}` : ''}`
    : (a.failure ?? 'no answer');
  return {request: `POST ${a.sent.url}\n${headers}\n\n${a.sent.body.slice(0, 300)}`, response};
}

function status(a: Answer): string {
  return a.received ? `HTTP ${a.received.status}` : (a.failure ?? 'no answer');
}

/** A check passed when `passes`; else failed with the deciding exchange. */
function result(id: RuleId, passes: boolean, a: Answer, pass: string, fail: string): CheckResult {
  return {rule: ruleById(id), passed: passes, detail: passes ? pass : fail, ...(passes ? {} : {evidence: describe(a)})};
}

/** Sends one delivery and times it; a timeout is an answer of its own, anything else not HTTP stops the run. */
async function deliver(run: WebhookRun, headers: Record<string, string>, body: string): Promise<Answer> {
  const sent: Sent = {url: run.url, headers, body};
  const start = run.clock.now();
  try {
    const received = await run.send(sent, DEADLINE_MS);
    if (received.status >= 300 && received.status < 400)
      throw new CertifyInputError(
        `${run.url} answered HTTP ${received.status}, a redirect${received.location ? ` to ${received.location}` : ''}. Deliveries are never redirected. Fix: pass the final URL with --webhook-url.`,
      );
    return {sent, received, ms: run.clock.now() - start};
  } catch (err) {
    if (err instanceof AnswerTimeoutError) return {sent, failure: err.message, ms: run.clock.now() - start};
    throw err;
  }
}

const nowSeconds = (clock: Clock): number => clock.now() / 1000;

/** The first, valid delivery: a hanging or non-webhook endpoint stops the run here with its fix. */
function assertUsable(run: WebhookRun, first: Answer): void {
  if (first.failure)
    throw new CertifyInputError(
      `${run.url} did not answer a valid delivery within ${ACK_TIMEOUT_SECONDS} seconds (it hangs). Fix: answer 2xx first, then do the slow work.`,
    );
  const received = first.received as Received;
  if (/text\/html/i.test(received.contentType) && received.status < 300)
    throw new CertifyInputError(
      `${run.url} answered a valid delivery with an HTML page, not JSON or an empty body: this is likely not your webhook handler (a login page, a proxy, a framework's default route). Fix: check the path in --webhook-url.`,
    );
}

async function validChecks(
  run: WebhookRun,
  id: string,
  body: string,
): Promise<{results: CheckResult[]; answers: Answer[]}> {
  const first = await deliver(run, await signDelivery(run.secret, id, nowSeconds(run.clock), body), body);
  assertUsable(run, first);
  const again = await deliver(run, await signDelivery(run.secret, id, nowSeconds(run.clock), body), body);
  const inTime = ok(first) && first.ms <= DEADLINE_MS;
  return {
    answers: [first, again],
    results: [
      result('webhook-ack', inTime, first, `${status(first)} in ${first.ms} ms`, `${status(first)} in ${first.ms} ms`),
      result(
        'webhook-duplicate',
        ok(again),
        again,
        `${status(again)} for the same X-Webhook-Id`,
        `${status(again)} for the same X-Webhook-Id: a retry would be sent again and again`,
      ),
    ],
  };
}

async function refusalChecks(run: WebhookRun, tag: string, body: string): Promise<CheckResult[]> {
  const now = nowSeconds(run.clock);
  const signed = await signDelivery(run.secret, `whk_${tag}_b`, now, body);
  const changed = await deliver(run, signed, changeOneByte(body));
  const wrong = await deliver(run, await signDelivery(run.random(), `whk_${tag}_s`, now, body), body);
  const stale = now - TIMESTAMP_TOLERANCE_SECONDS - 60;
  const old = await deliver(run, await signDelivery(run.secret, `whk_${tag}_t`, stale, body), body);
  const bare = await deliver(run, {'Content-Type': 'application/json'}, body);
  const refused = (a: Answer): boolean => a.received !== undefined && !ok(a);
  const accepted = 'accepted (2xx): an attacker could send this';
  return [
    result('webhook-body-changed', refused(changed), changed, `${status(changed)}`, `${status(changed)}: ${accepted}`),
    result('webhook-wrong-secret', refused(wrong), wrong, `${status(wrong)}`, `${status(wrong)}: ${accepted}`),
    result(
      'webhook-stale-timestamp',
      refused(old),
      old,
      `${status(old)} for a timestamp ${TIMESTAMP_TOLERANCE_SECONDS + 60} s old`,
      `${status(old)} for a timestamp ${TIMESTAMP_TOLERANCE_SECONDS + 60} s old: ${accepted}`,
    ),
    result('webhook-missing-headers', refused(bare), bare, `${status(bare)}`, `${status(bare)}: ${accepted}`),
  ];
}

async function rotationAndOrder(run: WebhookRun, tag: string): Promise<{results: CheckResult[]; answers: Answer[]}> {
  const body = ownEvent(run.events.final, `${tag}R`);
  const id = `whk_${tag}_r`;
  const ts = String(Math.floor(nowSeconds(run.clock)));
  const headers = await signDelivery(run.secret, id, Number(ts), body);
  const both = `${await signatureValue(run.random(), id, ts, body)} ${headers[SIGNATURE_HEADER] as string}`;
  const rotated = await deliver(run, {...headers, [SIGNATURE_HEADER]: both}, body);
  const final = ownEvent(run.events.final, `${tag}O`);
  const pending = ownEvent(run.events.pending, `${tag}O`);
  const first = await deliver(
    run,
    await signDelivery(run.secret, `whk_${tag}_o2`, nowSeconds(run.clock), final),
    final,
  );
  const older = await deliver(
    run,
    await signDelivery(run.secret, `whk_${tag}_o1`, nowSeconds(run.clock), pending),
    pending,
  );
  const late = ok(first) ? older : first;
  return {
    answers: [rotated, first, older],
    results: [
      result(
        'webhook-rotation',
        ok(rotated),
        rotated,
        `${status(rotated)} with two v1= values`,
        `${status(rotated)} with two v1= values, one of them yours: deliveries fail during every rotation`,
      ),
      result(
        'webhook-out-of-order',
        ok(first) && ok(older),
        late,
        'final, then older pending: both acknowledged',
        `${status(late)} for an event that arrived out of order: it would be retried for 24 hours`,
      ),
    ],
  };
}

/** Every webhook check, in the order of the rules. */
export async function certifyWebhook(run: WebhookRun): Promise<CertifyReport> {
  const tag = run.random().slice(0, 8);
  const body = ownEvent(run.events.final, tag);
  const valid = await validChecks(run, `whk_${tag}_a`, body);
  const refusals = await refusalChecks(run, tag, body);
  const later = await rotationAndOrder(run, tag);
  const timed = [...valid.answers, ...later.answers].filter((a) => a.received).map((a) => a.ms);
  return {
    mode: 'webhook',
    target: run.url,
    results: [...valid.results, ...refusals, ...later.results],
    timings: timingsOf(timed),
  };
}
