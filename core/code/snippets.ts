/**
 * Request samples in every language of the registry, generated at build time. @readme/httpsnippet
 * prepares the request from a HAR built out of the contract (method, URL with its query string
 * encoded, body); ./client.ts writes it as a call of the language's client wrapper, which makes the
 * token and the signatures and handles the answer (issue 34). Nothing here ships to the browser:
 * the generated strings are stored in the page's JSON.
 */
import {HTTPSnippet, type HarRequest} from '@readme/httpsnippet';
import {SAMPLE_LANGUAGES} from './languages';
import {clientCode, type ClientRequest} from './client';
import type {CodeSample} from '../contract/types';

export interface SampleRequest {
  readonly method: string;
  /** Absolute URL with path parameters filled in. */
  readonly url: string;
  readonly query: readonly {readonly name: string; readonly value: string}[];
  readonly body?: unknown;
  /** `x-signed-request: true` in the contract. */
  readonly signed?: boolean;
  /** The operation requires `X-Webhook-Secret-Proof`. */
  readonly secretProof?: boolean;
}

export interface SampleCall {
  readonly operationId: string;
  readonly request: SampleRequest;
  /** The operation's status call (behaviour model), filled from the request; none when it cannot be. */
  readonly status?: SampleRequest;
  /** The status call's operation id when it cannot be filled from the request. */
  readonly unfilledStatus?: string;
}

function toHar(req: SampleRequest): HarRequest {
  return {
    method: req.method.toUpperCase(),
    url: req.url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: req.body !== undefined ? [{name: 'Content-Type', value: 'application/json'}] : [],
    queryString: req.query.map((q) => ({name: q.name, value: q.value})),
    headersSize: -1,
    bodySize: -1,
    ...(req.body !== undefined
      ? {postData: {mimeType: 'application/json', text: JSON.stringify(req.body, null, 2)}}
      : {}),
  } as HarRequest;
}

/** The request as httpsnippet prepares it: the URL with its query, the method, the body's text. */
export function prepareRequest(req: SampleRequest): ClientRequest {
  const prepared = new HTTPSnippet(toHar(req)).init().requests[0];
  if (!prepared) throw new Error(`httpsnippet prepared no request for ${req.method} ${req.url}`);
  const body = prepared.postData?.text;
  return {
    method: prepared.method,
    url: prepared.fullUrl,
    ...(req.body !== undefined && body !== undefined ? {body} : {}),
    ...(req.signed ? {signed: true} : {}),
    ...(req.secretProof ? {secretProof: true} : {}),
  };
}

export function generateSamples(call: SampleCall): CodeSample[] {
  const request = prepareRequest(call.request);
  const status = call.status ? prepareRequest(call.status) : undefined;
  return SAMPLE_LANGUAGES.map((lang) => ({
    lang: lang.id,
    label: lang.label,
    prism: lang.prism,
    code: clientCode(lang.id, {
      operationId: call.operationId,
      request,
      ...(status ? {status} : {}),
      ...(call.unfilledStatus ? {unfilledStatus: call.unfilledStatus} : {}),
    }),
  }));
}
