/**
 * Plain HTTP against the nginx under test, with no browser and no fetch niceties: node:http
 * sends the path byte for byte (so malformed percent-encodings reach the server as written),
 * never follows redirects, and asks for no compression unless told to.
 */
import http from 'node:http';
import {baseUrl} from './paths';

export interface HttpResult {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  /** The body as sent on the wire (still gzip-compressed if the server compressed it). */
  readonly body: Buffer;
}

/** GET (or HEAD) one raw path, e.g. '/docs/v1/' or '/%'. */
export function request(
  path: string,
  options: {readonly headers?: Readonly<Record<string, string>>; readonly method?: string} = {},
): Promise<HttpResult> {
  const origin = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        path,
        method: options.method ?? 'GET',
        headers: {...options.headers},
        agent: false,
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks)}));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: GET ${path}`)));
    req.on('error', reject);
    req.end();
  });
}

/** One response header as a string ('' when absent; repeated headers joined with ', '). */
export function header(res: HttpResult, name: string): string {
  const value = res.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** GET a path and follow same-origin redirects (at most 5), as a browser's first load would. */
export async function load(path: string): Promise<HttpResult & {readonly finalPath: string}> {
  let current = path;
  for (let hop = 0; hop <= 5; hop++) {
    const res = await request(current);
    const location = res.headers.location;
    if (res.status < 300 || res.status >= 400 || location === undefined) {
      return {...res, finalPath: current};
    }
    const next = new URL(location, baseUrl + current);
    if (next.origin !== new URL(baseUrl).origin) {
      throw new Error(`${path} redirects off-site to ${next.href}`);
    }
    current = next.pathname + next.search;
  }
  throw new Error(`${path}: more than 5 redirects`);
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** The document's <title> text with entities decoded, or undefined when there is none. */
export function titleOf(html: string): string | undefined {
  const text = /<title\b[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  if (text === undefined) return undefined;
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/gi, (entity, name: string) => ENTITIES[name] ?? entity)
    .trim();
}
