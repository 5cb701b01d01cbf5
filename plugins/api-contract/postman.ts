/**
 * OpenAPI -> Postman v2.1 collection, by the maintained converter, then made runnable as imported:
 * the variables it uses are declared, a collection pre-request script signs the request token, and
 * webhooks (requests we send to partners, not requests a partner sends) are left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import {convert} from 'openapi-to-postmanv2';
import {SITE_DIR} from './paths';

/** The collection as far as this file reads and writes it. */
export interface PostmanCollection {
  info: {name: string; description?: unknown};
  item: PostmanItem[];
  variable?: PostmanVariable[];
  event?: PostmanEvent[];
  auth?: unknown;
}
export interface PostmanItem {
  name: string;
  item?: PostmanItem[];
  request?: {
    url?: {host?: string[]} | string;
    header?: {key: string; value: string; disabled?: boolean}[];
    auth?: unknown;
  };
  response?: {originalRequest?: {header?: {key: string; value: string}[]}}[];
}
export interface PostmanVariable {
  key: string;
  value: string;
  type: string;
  description?: string;
}
interface PostmanEvent {
  listen: 'prerequest' | 'test';
  script: {type: 'text/javascript'; exec: string[]};
}

const script = (name: string): string => fs.readFileSync(path.join(SITE_DIR, 'plugins', 'api-contract', name), 'utf8');

/** What a partner fills in (or leaves alone), in the order Postman shows them. */
export const COLLECTION_VARIABLES: readonly Omit<PostmanVariable, 'value'>[] = [
  {key: 'partnerId', type: 'string', description: 'Your partner id from the dashboard, for example PS001234.'},
  {
    key: 'jwtSecret',
    type: 'secret',
    description: 'The JWT secret of the environment you call (sandbox and production differ). Never share it.',
  },
  {
    key: 'jwtKeyId',
    type: 'string',
    description:
      'The key id (kid) shown beside that JWT secret in the dashboard; sbx-key-2 for the sandbox test secret.',
  },
  {
    key: 'audience',
    type: 'string',
    description: 'The environment the token is for: sandbox.rupeerail.example or api.rupeerail.example.',
  },
  {
    key: 'bearerToken',
    type: 'string',
    description:
      'Leave empty: the collection pre-request script signs a fresh token for every request from partnerId, jwtSecret, jwtKeyId and audience.',
  },
];

function convertDocument(document: unknown): Promise<PostmanCollection> {
  return new Promise((resolve, reject) => {
    convert(
      {type: 'json', data: document},
      {
        folderStrategy: 'Tags',
        requestParametersResolution: 'Example',
        exampleParametersResolution: 'Example',
        includeWebhooks: false,
      },
      (err, result) => {
        if (err) reject(err);
        else if (!result.result || !result.output?.[0])
          reject(new Error(`Postman conversion failed: ${result.reason ?? 'no output'}`));
        else resolve(result.output[0].data as PostmanCollection);
      },
    );
  });
}

const event = (listen: PostmanEvent['listen'], source: string): PostmanEvent => ({
  listen,
  script: {type: 'text/javascript', exec: source.trimEnd().split('\n')},
});

/**
 * Declares the partner's variables beside the converter's (baseUrl), adds the signing script before
 * every request and the envelope checks after every response.
 */
export function makeRunnable(
  collection: PostmanCollection,
  scripts: {readonly prerequest: string; readonly test: string},
): PostmanCollection {
  const own = new Set(COLLECTION_VARIABLES.map((v) => v.key));
  return {
    ...collection,
    variable: [
      ...(collection.variable ?? []).filter((v) => !own.has(v.key)),
      ...COLLECTION_VARIABLES.map((v) => ({...v, value: ''})),
    ],
    event: [event('prerequest', scripts.prerequest), event('test', scripts.test)],
  };
}

export async function toPostman(document: unknown): Promise<PostmanCollection> {
  return makeRunnable(await convertDocument(document), {
    prerequest: script('postman-prerequest.js'),
    test: script('postman-test.js'),
  });
}

/* ------------------------------------------------------------------ checks on a built collection */

function* requests(items: readonly PostmanItem[]): Generator<PostmanItem> {
  for (const item of items) {
    if (item.item) yield* requests(item.item);
    else yield item;
  }
}

/**
 * What would make a fresh import fail to run: a `{{variable}}` nobody declares (Postman's dynamic
 * `{{$...}}` ones excepted), a request without a host, a request or saved example that sends
 * `Authorization` twice (the collection's bearer auth plus a header).
 */
export function collectionProblems(collection: PostmanCollection): string[] {
  const declared = new Set((collection.variable ?? []).map((v) => v.key));
  const used = new Set([...JSON.stringify(collection).matchAll(/\{\{([^{}$][^{}]*)\}\}/g)].map((m) => m[1] as string));
  const problems = [...used].filter((v) => !declared.has(v)).map((v) => `{{${v}}} is used but not declared`);
  const authHeaders = (headers: readonly {key: string}[] | undefined): number =>
    (headers ?? []).filter((h) => h.key.toLowerCase() === 'authorization').length + (collection.auth ? 1 : 0);
  for (const item of requests(collection.item)) {
    const url = item.request?.url;
    const host = typeof url === 'string' ? url : url?.host?.join('');
    if (!host || host === '/') problems.push(`${item.name}: the request has no host`);
    if (authHeaders(item.request?.header) > 1) problems.push(`${item.name}: the request sends Authorization twice`);
    for (const [i, res] of (item.response ?? []).entries()) {
      if ((res.originalRequest?.header ?? []).filter((h) => h.key.toLowerCase() === 'authorization').length > 1)
        problems.push(`${item.name}: saved example ${i + 1} sends Authorization twice`);
    }
  }
  return problems;
}
