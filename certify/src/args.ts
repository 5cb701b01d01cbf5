/** The command line of `certify`: two modes, their options, and the URL rule (localhost or https). */
import {parseArgs} from 'node:util';
import {CertifyInputError} from './types';

export const USAGE = `Usage:
  node certify.mjs --webhook-url URL --secret SECRET [outputs]
      sends signed deliveries to your webhook endpoint and grades its answers
  node certify.mjs --client [--port N] [--for 10m] [outputs]
      starts the sandbox on this machine, records your client's test run, grades it at Ctrl+C
      (or after --for: 90s, 10m, 1h)

Outputs (both written on every run):
  --junit FILE      JUnit XML for CI (default certify-results.xml)
  --markdown FILE   report to attach to your go-live request (default certify-report.md)

Exit code: 0 every check passed, 1 a check failed, 2 bad input (the message says what to fix).
In this repository: npm run certify -- <the same options>.`;

export type Mode =
  | {readonly kind: 'webhook'; readonly url: string; readonly secret: string}
  | {readonly kind: 'client'; readonly port: number; readonly forMs?: number};

export interface CertifyArgs {
  readonly mode: Mode;
  readonly junit: string;
  readonly markdown: string;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A webhook URL certify may send to: https anywhere, http only to this machine (a development server). */
export function checkWebhookUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CertifyInputError(
      `--webhook-url "${text}" is not a URL. Fix: pass the whole URL, e.g. https://example.in/webhooks/rupeerail.`,
    );
  }
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) return url.href;
  throw new CertifyInputError(
    `--webhook-url ${url.href} is not allowed: deliveries go to https URLs only (http only to localhost, 127.0.0.1 or [::1], a development server). Fix: use the https URL of your endpoint.`,
  );
}

/** `90s`, `10m`, `1h` (or bare seconds) to milliseconds. */
export function parseDuration(text: string): number {
  const m = /^(\d+)(s|m|h)?$/.exec(text.trim());
  const seconds = m ? Number(m[1]) * ({s: 1, m: 60, h: 3600}[m[2] ?? 's'] ?? 1) : 0;
  if (!seconds)
    throw new CertifyInputError(
      `--for "${text}" is not a duration. Fix: a whole number with s, m or h, e.g. --for 10m.`,
    );
  return seconds * 1000;
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new CertifyInputError(`--port must be a whole number from 0 to 65535, not "${text}".`);
  return port;
}

/** The options, checked; bad input throws CertifyInputError with the usage. */
export function parseCertifyArgs(argv: readonly string[], defaultPort: number): CertifyArgs {
  let values: ReturnType<typeof read>;
  try {
    values = read(argv);
  } catch (err) {
    throw new CertifyInputError(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
  if (values.help) throw new CertifyInputError(USAGE);
  const outputs = {junit: values.junit, markdown: values.markdown};
  if (values.client) {
    if (values['webhook-url'])
      throw new CertifyInputError(`Choose one mode: --client or --webhook-url, not both.\n\n${USAGE}`);
    const forMs = values.for === undefined ? undefined : parseDuration(values.for);
    const port = values.port === undefined ? defaultPort : parsePort(values.port);
    return {mode: {kind: 'client', port, ...(forMs ? {forMs} : {})}, ...outputs};
  }
  if (!values['webhook-url'])
    throw new CertifyInputError(`Choose a mode: --webhook-url URL --secret SECRET, or --client.\n\n${USAGE}`);
  if (!values.secret)
    throw new CertifyInputError(
      `--secret is missing: the webhook secret your endpoint verifies with (the sandbox one, for a test endpoint).\n\n${USAGE}`,
    );
  return {mode: {kind: 'webhook', url: checkWebhookUrl(values['webhook-url']), secret: values.secret}, ...outputs};
}

function read(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      'webhook-url': {type: 'string'},
      secret: {type: 'string'},
      client: {type: 'boolean', default: false},
      port: {type: 'string'},
      for: {type: 'string'},
      junit: {type: 'string', default: 'certify-results.xml'},
      markdown: {type: 'string', default: 'certify-report.md'},
      help: {type: 'boolean', default: false},
    },
    strict: true,
  }).values;
}
