/**
 * The tool's one way out to the network: a POST with a deadline, no redirects followed, and every
 * failure turned into a message that says what to fix (issue 27, "Bad input"). Node 20's fetch.
 */
import {CertifyInputError} from './types';

export interface Sent {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface Received {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  readonly location?: string;
}

/** Sends one request; throws CertifyInputError for anything that is not an HTTP answer, or a TimeoutError. */
export type Transport = (sent: Sent, timeoutMs: number) => Promise<Received>;

/** The endpoint did not answer in time: the caller decides whether that fails a check or the run. */
export class AnswerTimeoutError extends Error {}

const TLS_CODES = /^(CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL|UNABLE_TO_GET_ISSUER)/;

/** Why a request could not be made, with the fix; `code` is the system error code when there is one. */
export function networkMessage(url: string, code: string | undefined, message: string): string {
  if (code === 'ECONNREFUSED')
    return `Nothing is listening at ${url} (connection refused). Fix: start your webhook endpoint, or pass the URL it listens on with --webhook-url.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `The host of ${url} cannot be resolved (${code}). Fix: check the host name in --webhook-url.`;
  if (code && TLS_CODES.test(code))
    return `TLS error at ${url} (${code}): the certificate is not one Node trusts. Fix: serve a certificate from a public authority, or for a development server use http://localhost.`;
  return `Could not reach ${url}: ${code ? `${code}, ` : ''}${message}. Fix: check that the endpoint is up and reachable from this machine.`;
}

/** The system error code under fetch's "fetch failed" (an AggregateError's first one when it tried several addresses). */
function causeCode(err: unknown): string | undefined {
  const cause =
    err instanceof Error ? (err.cause as {code?: unknown; errors?: {code?: unknown}[]} | undefined) : undefined;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The fetch transport: no redirects followed (a webhook URL must be the final one), a deadline per request. */
export const fetchTransport: Transport = async (sent, timeoutMs) => {
  let res: Response;
  try {
    res = await fetch(sent.url, {
      method: 'POST',
      headers: sent.headers,
      body: sent.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
      throw new AnswerTimeoutError(`no answer within ${timeoutMs / 1000} seconds`);
    throw new CertifyInputError(
      networkMessage(sent.url, causeCode(err), err instanceof Error ? err.message : String(err)),
    );
  }
  const location = res.headers.get('location') ?? undefined;
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    body: await res.text(),
    ...(location ? {location} : {}),
  };
};
