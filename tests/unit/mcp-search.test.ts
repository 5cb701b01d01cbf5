/**
 * mcp/src/search.ts on a small Pagefind index written the way the build writes it
 * (plugins/search-index/write-index.mjs): the index is copied into the MCP data folder, queried
 * with the search box's code, and answers with absolute URLs; a build without an index gets a
 * message naming the folder and the command. The real build's index is searched by
 * tests/e2e/mcp.spec.ts ("cash withdrawal" finds the AEPS withdrawal page first).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {writeSearchIndex} from '../../plugins/search-index/write-index.mjs';
import {copySearchIndex, openSearch, SearchIndexMissingError} from '../../mcp/src/search';
import {SEARCH_INDEX_DIR, TITLES_FILE} from '#core/search/query';

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en" class="mdx-wrapper mdx-page plugin-pages"><head><title>${title}</title></head>` +
  `<body><nav>Menu</nav><article><h1>${title}</h1><p>${text}</p></article></body></html>`;

const PAGES: Record<string, string> = {
  '/cash': page('Cash withdrawal', 'A cash withdrawal debits the customer and credits your wallet.'),
  '/start': page('Getting started', 'Sign a token, then send your first request to the sandbox.'),
};

const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-search-build-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-search-data-'));

beforeAll(async () => {
  for (const [route, html] of Object.entries(PAGES)) {
    fs.mkdirSync(path.join(buildDir, route), {recursive: true});
    fs.writeFileSync(path.join(buildDir, route, 'index.html'), html);
  }
  await writeSearchIndex({
    outDir: buildDir,
    baseUrl: '/',
    outputPath: path.join(buildDir, SEARCH_INDEX_DIR),
    titlesFile: TITLES_FILE,
    routes: Object.keys(PAGES),
  });
}, 60_000);

afterAll(() => {
  for (const dir of [buildDir, dataDir]) fs.rmSync(dir, {recursive: true, force: true});
});

describe('search_docs over the site index', () => {
  it('answers from the copied index with absolute URLs and an excerpt', async () => {
    copySearchIndex(buildDir, dataDir);
    const search = await openSearch(dataDir, 'https://docs.example/');
    const hits = await search('withdrawal');
    expect(hits.map((h) => [h.title, h.url])).toEqual([['Cash withdrawal', 'https://docs.example/cash']]);
    expect(hits[0]?.excerpt).toContain('cash withdrawal debits the customer');
    expect((await search('sandbox')).map((h) => h.title)).toEqual(['Getting started']);
    expect(await search('  ')).toEqual([]);
  });

  it('names the build to make when the index is missing', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-search-empty-'));
    expect(() => copySearchIndex(empty, dataDir)).toThrow(SearchIndexMissingError);
    expect(() => copySearchIndex(empty, dataDir)).toThrow(
      `mcp:build: no search index in ${path.join(empty, SEARCH_INDEX_DIR)} (no pagefind.js). Run npm run build first.`,
    );
    fs.rmSync(empty, {recursive: true, force: true});
  });
});
