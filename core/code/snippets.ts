/**
 * Request samples in every language of the registry, generated at build time by
 * @readme/httpsnippet from a HAR request built out of the contract. Nothing here
 * ships to the browser: the generated strings are stored in the page's JSON.
 */
import {HTTPSnippet, type HarRequest} from '@readme/httpsnippet';
import {SAMPLE_LANGUAGES} from './languages';
import {TOKEN_PLACEHOLDER} from '../contract/labels';
import type {CodeSample} from '../contract/types';

export {TOKEN_PLACEHOLDER};

export interface SampleRequest {
  readonly method: string;
  /** Absolute URL with path parameters filled in. */
  readonly url: string;
  readonly query: readonly {readonly name: string; readonly value: string}[];
  /** Cookie parameters with their examples. */
  readonly cookies?: readonly {readonly name: string; readonly value: string}[];
  readonly body?: unknown;
}

export function toHar(req: SampleRequest): HarRequest {
  const headers = [{name: 'Authorization', value: `Bearer ${TOKEN_PLACEHOLDER}`}];
  if (req.body !== undefined) headers.push({name: 'Content-Type', value: 'application/json'});
  headers.push({name: 'Accept', value: 'application/json'});
  return {
    method: req.method.toUpperCase(),
    url: req.url,
    httpVersion: 'HTTP/1.1',
    cookies: (req.cookies ?? []).map((c) => ({name: c.name, value: c.value})),
    headers,
    queryString: req.query.map((q) => ({name: q.name, value: q.value})),
    headersSize: -1,
    bodySize: -1,
    ...(req.body !== undefined ? {postData: {mimeType: 'application/json', text: JSON.stringify(req.body)}} : {}),
  } as HarRequest;
}

export function generateSamples(req: SampleRequest): CodeSample[] {
  const snippet = new HTTPSnippet(toHar(req));
  return SAMPLE_LANGUAGES.map((lang) => {
    const out = snippet.convert(lang.target as never, lang.client, {indent: '  '});
    const code = Array.isArray(out) ? out[0] : out;
    if (typeof code !== 'string' || !code) {
      throw new Error(`httpsnippet produced no ${lang.label} sample for ${req.method} ${req.url}`);
    }
    return {lang: lang.id, label: lang.label, prism: lang.prism, code};
  });
}
