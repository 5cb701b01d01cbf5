/**
 * OpenAPI -> Postman v2.1 collection, by the maintained converter, then made runnable as imported:
 * the variables it uses are declared, a collection pre-request script signs the request token, and
 * webhooks (requests we send to partners, not requests a partner sends) are left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import {convert} from 'openapi-to-postmanv2';
import type {Operation} from '#core/contract/openapi';
import {UNSIGNED_TRANSITION} from '#core/sandbox/compile/signing';
import {deprecatedFormProblem, transitionHeaders} from '#core/sandbox/engine/transition';
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
    method?: string;
    url?: {host?: string[]; path?: string[]} | string;
    header?: {key: string; value: string; disabled?: boolean}[];
    auth?: unknown;
    description?: {content: string; type: string} | string;
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

const script = (name: string): string => fs.readFileSync(path.join(SITE_DIR, 'node', 'contract', name), 'utf8');

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
        includeDeprecated: false,
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

/** The headers of an RFC 9421 request signature (openapi/DECISIONS.md, "Request signing"). */
export const SIGNATURE_HEADERS: ReadonlySet<string> = new Set(['content-digest', 'signature-input', 'signature']);

/** A call marked `x-signed-request`, as the collection names it: method and path with `:param`s. */
export interface SignedCall {
  readonly method: string;
  readonly path: string;
  /** The last day an unsigned call is accepted, or undefined for a call signed from the start. */
  readonly sunset: string | undefined;
}

/** The contract's signed calls, keyed as `signedCallKey` keys a collection request. */
export function signedCalls(document: {paths?: Record<string, Record<string, unknown>>}): SignedCall[] {
  return Object.entries(document.paths ?? {}).flatMap(([p, item]) =>
    Object.entries(item).flatMap(([method, op]) => {
      const o = op as Operation;
      if (typeof o !== 'object' || o['x-signed-request'] !== true) return [];
      const sunset = (o['x-transitions'] ?? []).find((t) => t.old.startsWith(UNSIGNED_TRANSITION))?.sunset;
      return [{method: method.toUpperCase(), path: p.replace(/\{([^}]+)\}/g, ':$1'), sunset}];
    }),
  );
}

/** `POST /service/payout/orders`: a collection request's method and path, as `signedCalls` keys the contract's. */
const signedCallKey = (request: NonNullable<PostmanItem['request']>): string =>
  `${request.method ?? ''} /${typeof request.url === 'object' ? (request.url.path ?? []).join('/') : ''}`;

/** What the request's description says about its signature, for a partner reading it in Postman. */
export function unsignedNote(sunset: string | undefined): string {
  const window =
    sunset === undefined
      ? 'This call is refused unsigned, so from the collection it answers HTTP 401.'
      : `Unsigned, it is accepted with Deprecation and Sunset headers until ${sunset} and refused after that day.`;
  return `Sent unsigned: the collection cannot sign it, because the script sandbox of newman 6.2 (the latest) has no Web Crypto and no Ed25519 or P-256 signing. ${window} Sign it as /HeaderMarkdown#request-signatures shows, or send the collection through a signing proxy such as npm run journeys:proxy (baseUrl set to the proxy).`;
}

/**
 * Turns off the example signature headers of every signed call (an example signature is refused:
 * it signs another token and body) and says so in the request's description. newman's script
 * sandbox (newman 6.2.2, the latest, on postman-sandbox 4.7) has crypto-js only: no `crypto`, no
 * `crypto.subtle`, no `require('crypto')` (probed), so no Ed25519 or ECDSA. The Postman app has
 * offered Web Crypto since 2025, but the collection must run the same in both; sent unsigned, a call
 * in its transition window answers with `Deprecation`, which scripts/newman-sandbox.ts accepts on
 * these calls only.
 */
export function unsignedSignedCalls(collection: PostmanCollection, calls: readonly SignedCall[]): PostmanCollection {
  const byKey = new Map(calls.map((c) => [`${c.method} ${c.path}`, c]));
  const visit = (items: readonly PostmanItem[]): PostmanItem[] =>
    items.map((item) => {
      if (item.item) return {...item, item: visit(item.item)};
      const call = item.request && byKey.get(signedCallKey(item.request));
      if (!call || !item.request) return item;
      const before = item.request.description;
      const text = typeof before === 'string' ? before : (before?.content ?? '');
      return {
        ...item,
        request: {
          ...item.request,
          header: (item.request.header ?? []).map((h) =>
            SIGNATURE_HEADERS.has(h.key.toLowerCase()) ? {...h, disabled: true} : h,
          ),
          description: {content: `${unsignedNote(call.sunset)}\n\n${text}`.trimEnd(), type: 'text/plain'},
        },
      };
    });
  return {...collection, item: visit(collection.item)};
}

export async function toPostman(document: unknown): Promise<PostmanCollection> {
  const converted = await convertDocument(document);
  return makeRunnable(unsignedSignedCalls(converted, signedCalls(document as Parameters<typeof signedCalls>[0])), {
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

/**
 * Why an answer's `Deprecation`/`Sunset` fails the newman run, or undefined when it may carry them:
 * only a signed call sent unsigned inside its window (`unsignedSignedCalls`), and then with exactly
 * that window's headers. Any other request of the collection must use today's forms (issue 33).
 */
export function collectionDeprecationProblem(
  name: string,
  call: SignedCall | undefined,
  headers: Readonly<Record<string, string | undefined>>,
): string | undefined {
  if (call?.sunset === undefined) return deprecatedFormProblem(`Postman request "${name}"`, headers);
  const expected = transitionHeaders(call.sunset);
  if (headers.Deprecation === expected.Deprecation && headers.Sunset === expected.Sunset) return undefined;
  return `Postman request "${name}": a signed call the collection sends unsigned, in the window that ends on ${call.sunset}, is answered with Deprecation ${expected.Deprecation} and Sunset ${expected.Sunset}, but this answer carried Deprecation ${headers.Deprecation ?? '(none)'} and Sunset ${headers.Sunset ?? '(none)'}. Fix: turn its signature headers off (unsignedSignedCalls in node/contract/postman.ts), or make the operation's x-transitions sunset and the sandbox agree.`;
}
