/**
 * The AI-readable site (plugins/llms-txt) as nginx serves it: /llms.txt lists a Markdown twin
 * for every docs page and extra page, every twin answers as text/markdown, the API reference
 * is rendered into it from the contract, /llms-full.txt holds every operation; and the
 * "Copy page as Markdown" button copies exactly the twin, on docs pages only.
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import {gunzipSync} from 'node:zlib';
import {expect, test} from './fixtures';
import {problemList} from './helpers/browser';
import {header, request, type HttpResult} from './helpers/http';
import {buildDir} from './helpers/paths';
import {encodeRoute} from './helpers/routes';
import {markdownTwinPath} from '#core/markdown/twin';
import {mcpArtefactPath} from '#node/generated';

const EXTRA_PAGES = ['/api', '/HeaderMarkdown', '/BodyParam', '/ResponseCode', '/PanStatusResponse'];

function text(res: HttpResult): string {
  return res.body.toString('utf8');
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name === 'index.html' ? [relative(buildDir, full).split(sep).join('/')] : [];
  });
}

/**
 * Every docs page in the build: `docs/v1/x/index.html` -> `/docs/v1/x` (and the intro, whose
 * route ends in a slash, -> `/docs/v1/`). `/docs` itself only redirects to the intro.
 */
const docsRoutes = htmlFiles(join(buildDir, 'docs'))
  .map((file) => `/${file.slice(0, -'/index.html'.length)}`)
  .filter((route) => route !== '/docs')
  .map((route) => (route === '/docs/v1' ? '/docs/v1/' : route));

/** The link targets of a Markdown list, as paths (the file uses the production origin). */
function linkedPaths(markdown: string): string[] {
  return [...markdown.matchAll(/^- \[[^\]]*\]\(([^)]+)\)/gm)].map((m) => decodeURI(new URL(m[1] as string).pathname));
}

test.describe('/llms.txt', () => {
  let body = '';
  test.beforeAll(async () => {
    const res = await request('/llms.txt');
    expect(res.status).toBe(200);
    expect(header(res, 'content-type')).toMatch(/^text\/plain/);
    body = text(res);
  });

  test('has the llmstxt.org shape: H1, summary, sections of links with descriptions', () => {
    expect(body.startsWith('# RupeeRail API\n\n> ')).toBe(true);
    expect(body).toMatch(/^## Getting started$/m);
    expect(body).toMatch(
      /^- \[AEPS cash withdrawal\]\(https:\/\/[^)]+\/docs\/v1\/service\/aeps\/withdrawal\.md\): \S/m,
    );
  });

  test('links the Markdown twin of every docs page in the build and of the extra pages', () => {
    expect(docsRoutes.length).toBeGreaterThan(0);
    const linked = new Set(linkedPaths(body));
    const missing = [...docsRoutes, ...EXTRA_PAGES].map(markdownTwinPath).filter((twin) => !linked.has(twin));
    expect(missing).toEqual([]);
  });

  test('every link answers 200 as text/markdown', async () => {
    const failures: string[] = [];
    for (const path of linkedPaths(body)) {
      const res = await request(encodeRoute(path));
      const type = header(res, 'content-type');
      if (res.status !== 200 || !type.startsWith('text/markdown')) failures.push(`${path}: ${res.status} ${type}`);
      else if (!text(res).startsWith('# ')) failures.push(`${path}: does not start with a title`);
    }
    expect(failures).toEqual([]);
  });
});

test.describe('a Markdown twin', () => {
  test('renders the page prose and the endpoint from the contract', async () => {
    const res = await request('/docs/v1/service/aeps/withdrawal.md');
    expect(res.status).toBe(200);
    expect(header(res, 'content-type')).toMatch(/^text\/markdown; charset=utf-8/);
    const md = text(res);
    expect(md.startsWith('# AEPS cash withdrawal\n')).toBe(true);
    expect(md).toContain('## Pitfalls');
    expect(md).toContain('`POST /service/aeps/withdrawal`');
    expect(md).toContain('`POST https://sandbox.rupeerail.example/api/v1/service/aeps/withdrawal`');
    expect(md).toMatch(/^\| `aadhaar_number` \| string \(aadhaar\) \| /m);
    // The cURL sample: a call of the shell client wrapper (samples/client/rupeerail.sh).
    expect(md).toContain('```bash\n# Needs rupeerail.sh, the client wrapper of /docs/v1/client-wrapper');
    // A withdrawal moves money, so its call is signed (x-signed-request: RR_SIGNED=1).
    expect(md).toMatch(
      /^RR_SIGNED=1 rr_call POST 'https:\/\/sandbox\.rupeerail\.example\/api\/v1\/service\/aeps\/withdrawal'/m,
    );
    expect(md).toContain('### 200 OK');
    expect(md).toMatch(/^\| \[1\]\(https:\/\/[^)]+\/ResponseCode#code-1\) \| SUCCESS \|/m);
    // Nothing of MDX is left (outside code: the Python and Go samples start with their own imports).
    const prose = md.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1$/gm, '');
    expect(prose).not.toMatch(/^import |<Endpoint|^---$/m);
  });

  test('the intro (a route ending in a slash) has index.md', async () => {
    const res = await request('/docs/v1/index.md');
    expect(res.status).toBe(200);
    expect(text(res).startsWith('# Getting started\n')).toBe(true);
  });
});

test.describe('/llms-full.txt', () => {
  let body = '';
  test.beforeAll(async () => {
    const res = await request('/llms-full.txt');
    expect(res.status).toBe(200);
    expect(header(res, 'content-type')).toMatch(/^text\/plain/);
    body = text(res);
  });

  test('holds the method and path of every operation a page shows', () => {
    // The contract views the build rendered, as the build left them for mcp:build beside its output;
    // in a draft build an operation whose page is not written yet has no href and is shown nowhere.
    const indexFile = mcpArtefactPath('index', undefined, {outDir: buildDir});
    expect(existsSync(indexFile), `${indexFile} (written by the build)`).toBe(true);
    const index = JSON.parse(readFileSync(indexFile, 'utf8')) as {
      tags: {entries: {kind: string; id: string; method: string; path: string; href?: string}[]}[];
    };
    const shown = index.tags.flatMap((t) => t.entries).filter((e) => e.kind === 'operation' && e.href);
    expect(shown.length).toBeGreaterThan(0);
    const missing = shown.filter((op) => !body.includes(`\`${op.method} ${op.path}\``)).map((op) => op.id);
    expect(missing).toEqual([]);
  });

  test('holds every page, each with its source URL', () => {
    for (const route of [...docsRoutes, ...EXTRA_PAGES]) {
      expect(body, route).toContain(`Source: https://docs.rupeerail.example${encodeRoute(route)}\n`);
    }
  });

  test('is compressed on the wire', async () => {
    const res = await request('/llms-full.txt', {headers: {'Accept-Encoding': 'gzip'}});
    expect(header(res, 'content-encoding')).toBe('gzip');
    expect(gunzipSync(res.body).toString('utf8')).toBe(body);
  });
});

test.describe('"Copy page as Markdown"', () => {
  test.describe(() => {
    test.use({permissions: ['clipboard-read', 'clipboard-write']});

    test('copies the twin to the clipboard and says so', async ({page, problems, open}) => {
      await open('/docs/v1/service/aeps/withdrawal');
      const button = page.getByRole('button', {name: 'Copy page as Markdown'});
      await button.click();
      // The page's own live region: the navbar's search box has another.
      await expect(page.getByRole('main').getByRole('status')).toHaveText('Page copied to the clipboard as Markdown');
      await expect(button).toHaveCount(0); // its name is now "Copied"
      await expect(page.getByRole('button', {name: 'Copied'})).toHaveCount(1);
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(text(await request('/docs/v1/service/aeps/withdrawal.md')));
      expect(problemList(problems)).toEqual([]);
    });
  });

  // Without JavaScript the page still links its Markdown and shows no dead button: a check of
  // nojs.spec.ts's visit of the same page with JavaScript off.

  test('is on docs pages only, and its code is not in the bundle every page loads', async ({page, open}) => {
    await open('/');
    await expect(page.getByRole('link', {name: 'View as Markdown'})).toHaveCount(0);
    const scripts = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script[src]'), (s) => (s as HTMLScriptElement).src),
    );
    for (const src of scripts) {
      const res = await request(new URL(src).pathname);
      expect(text(res), src).not.toContain('View as Markdown');
    }
  });
});
