/**
 * How nginx (deploy/nginx.conf) serves the static build, over plain HTTP: every page of the build
 * at its clean URL, the not-found page, malformed URLs, the docs-root redirect, security and cache
 * headers, and compression. Each route of project-routes.txt in all its spellings is checked by
 * routes.spec.ts, in the one visit it makes per route.
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {extname, join, relative, sep} from 'node:path';
import {gunzipSync} from 'node:zlib';
import {expect, test} from './fixtures';
import {header, request, type HttpResult} from './helpers/http';
import {baseUrl, buildDir} from './helpers/paths';
import {encodeRoute, readRoutes} from './helpers/routes';
import {site} from '../../site.config';

const ONE_YEAR = 31_536_000;

const routes = readRoutes();

/** Every file under the build, as paths relative to it with '/' separators. */
function buildFiles(dir = buildDir): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return buildFiles(full);
    return [relative(buildDir, full).split(sep).join('/')];
  });
}
const files = buildFiles();

const notFoundFile = join(buildDir, '404.html');
const notFoundPage = existsSync(notFoundFile) ? readFileSync(notFoundFile) : undefined;

/**
 * The clean URL of every page Docusaurus wrote as <path>/index.html. Left out: the home page
 * (a route above), and the docs root, which nginx redirects on purpose (the build's page there
 * is the redirect for static hosts without server-side redirects).
 */
const builtPages = files
  .filter((file) => file.endsWith('/index.html'))
  .map((file) => `/${file.slice(0, -'/index.html'.length)}`)
  .filter((page) => page !== '/docs');

/** A content-hashed file, as Docusaurus emits them under /assets/. */
const someAsset = files.find((file) => /^assets\/js\/.+\.js$/.test(file));

function text(res: HttpResult): string {
  return res.body.toString('utf8');
}

function expectNotFoundPage(res: HttpResult, what: string): void {
  expect(header(res, 'content-type'), what).toMatch(/^text\/html/);
  expect(notFoundPage, 'the build has no 404.html').toBeDefined();
  expect(res.body.equals(notFoundPage ?? Buffer.alloc(0)), `${what}: not build/404.html`).toBe(true);
}

test.describe('every page of the build', () => {
  for (const page of builtPages) {
    test(`${page} answers 200 with that page`, async () => {
      const res = await request(encodeRoute(page));
      expect(res.status).toBe(200);
      expect(res.body.equals(readFileSync(join(buildDir, page, 'index.html')))).toBe(true);
    });
  }
});

test.describe('routes with braces, percent-encoded as a browser sends them', () => {
  const braced = [...new Set([...routes, ...builtPages].filter((path) => path.includes('{')))];

  if (braced.length === 0) test.skip('(no route with braces in this build)', () => {});
  for (const path of braced) {
    test(path, async () => {
      const encoded = encodeRoute(path);
      expect(encoded).toMatch(/%7B.*%7D/);
      const res = await request(encoded);
      expect(res.status, `GET ${encoded}`).toBe(200);
      expect(notFoundPage && res.body.equals(notFoundPage)).toBeFalsy();
    });
  }
});

test.describe('anything else', () => {
  const unknown = [
    '/no-such-page',
    '/no-such-page/',
    '/no-such-page.html',
    '/docs/v1/no-such-page',
    '/blog/no-such-post/index.html',
    '/assets/no-such-file.js',
    '/assets/',
    '/img/',
    // Files exist behind these, but they are not routes.
    '/404',
    '/404.html',
    '/index',
    '/blog/index',
  ];

  for (const path of unknown) {
    test(`${path} answers 404 with the not-found page`, async () => {
      const res = await request(path);
      expect(res.status).toBe(404);
      expectNotFoundPage(res, path);
    });
  }

  // nginx rejects broken escapes before routing (400); '/%E0%A4' decodes to bytes that are not
  // UTF-8 and is simply not found. Either way: the site's page, never a blank page or a 5xx.
  const malformed = ['/%', '/docs/%E0%A4%A', '/docs/v1/%zz', '/%00', '/%E0%A4'];

  for (const path of malformed) {
    test(`malformed ${path} answers 400 or 404 with the not-found page`, async () => {
      const res = await request(path);
      expect([400, 404]).toContain(res.status);
      expectNotFoundPage(res, path);
    });
  }
});

test.describe('docs root', () => {
  for (const path of ['/docs', '/docs/', '/docs.html', '/docs/index.html']) {
    test(`${path} redirects to /docs/v1/`, async () => {
      const res = await request(path);
      expect([301, 302, 307, 308]).toContain(res.status);
      expect(new URL(header(res, 'location'), baseUrl + path).pathname).toBe('/docs/v1/');
    });
  }
});

/** Directives of a Content-Security-Policy header, by name. */
function cspDirectives(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

test.describe('security headers', () => {
  const samples: Array<[string, string]> = [
    ['a page (200)', '/'],
    ['a static file (200)', '/sitemap.xml'],
    ['not found (404)', '/no-such-page'],
    ['malformed (400)', '/%'],
    ['redirect (301)', '/docs'],
  ];
  if (someAsset) samples.push(['an /assets/ file (200)', `/${someAsset}`]);

  for (const [name, path] of samples) {
    test(`on ${name}`, async () => {
      const res = await request(path);

      const csp = cspDirectives(header(res, 'content-security-policy'));
      const scriptSrc = csp.get('script-src') ?? [];
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      // Nothing but our origin, hashes and 'wasm-unsafe-eval' (compiling WebAssembly only, for the
      // search engine: Pagefind's wasm): no hosts, schemes or wildcards.
      const otherSources = scriptSrc.filter(
        (source) => !/^'(?:self|wasm-unsafe-eval|sha256-[A-Za-z0-9+/]+=*)'$/.test(source),
      );
      expect(otherSources).toEqual([]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      // Our API's sandbox, where Try it sends when a reader gives their own key; nothing else.
      expect(csp.get('connect-src')).toEqual(["'self'", new URL(site.environments.sandbox.baseUrl).origin]);
      expect(csp.get('font-src')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);

      const hstsMaxAge = /max-age=(\d+)/.exec(header(res, 'strict-transport-security'))?.[1];
      expect(Number(hstsMaxAge ?? 0)).toBeGreaterThanOrEqual(ONE_YEAR);
      expect(header(res, 'x-content-type-options')).toBe('nosniff');
      expect(header(res, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
      const permissions = header(res, 'permissions-policy');
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(permissions).toContain(`${feature}=()`);
      }
    });
  }

  // Strict only works if the build's own inline scripts (Docusaurus's colour-mode bootstrap
  // and friends) are allowed by hash (deploy/csp-hashes.conf); otherwise browsers block them.
  for (const path of ['/', '/no-such-page']) {
    test(`script-src allows every inline script of ${path}`, async () => {
      const res = await request(path);
      const allowed = cspDirectives(header(res, 'content-security-policy')).get('script-src') ?? [];
      // External scripts and data blocks (JSON-LD) are not inline code.
      const notCode = /\bsrc=|\btype=["']?application\/(?:ld\+)?json/i;
      const inlineHashes = [...text(res).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
        .filter(([, attributes = '']) => !notCode.test(attributes))
        .map(([, , body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
      expect(inlineHashes.filter((hash) => !allowed.includes(hash))).toEqual([]);
    });
  }
});

test.describe('caching', () => {
  test('hashed /assets/ files are public and immutable for a year', async () => {
    const home = text(await request('/'));
    const assets = [...home.matchAll(/(?:src|href)="?(\/assets\/[^"\s>]+\.(?:js|css))/g)].map(([, path = '']) => path);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets.slice(0, 5)) {
      const res = await request(asset);
      expect(res.status, asset).toBe(200);
      const cacheControl = header(res, 'cache-control');
      expect(cacheControl).toContain('public');
      expect(cacheControl).toContain(`max-age=${ONE_YEAR}`);
      expect(cacheControl).toContain('immutable');
    }
  });

  for (const path of ['/', '/index.html', '/no-such-page', '/assets/no-such-file.js', '/sitemap.xml']) {
    test(`${path} is revalidated (no-cache)`, async () => {
      const res = await request(path);
      expect(header(res, 'cache-control')).toBe('no-cache');
    });
  }
});

test.describe('compression', () => {
  /** One file of the build per type, big enough that nginx compresses it (gzip_min_length). */
  function sample(extension: string): string | undefined {
    if (extension === 'html') return 'index.html';
    return files.find((file) => extname(file) === `.${extension}` && readFileSync(join(buildDir, file)).length >= 1024);
  }

  for (const type of ['html', 'css', 'js', 'json', 'svg', 'xml', 'txt', 'yaml']) {
    const file = sample(type);
    if (file === undefined) {
      // The stock site has no .json, .txt or .yaml file, for example.
      test.skip(`.${type} is gzipped when asked (none in this build)`, () => {});
      continue;
    }
    test(`.${type} is gzipped when asked (${file})`, async () => {
      const path = file === 'index.html' ? '/' : encodeRoute(`/${file}`);
      const original = readFileSync(join(buildDir, file));

      const zipped = await request(path, {headers: {'Accept-Encoding': 'gzip'}});
      expect(zipped.status).toBe(200);
      expect(header(zipped, 'content-encoding')).toBe('gzip');
      expect(header(zipped, 'vary')).toMatch(/accept-encoding/i);
      expect(gunzipSync(zipped.body).equals(original)).toBe(true);

      const plain = await request(path);
      expect(header(plain, 'content-encoding')).toBe('');
      expect(plain.body.equals(original)).toBe(true);
    });
  }
});
