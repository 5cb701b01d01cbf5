/**
 * mcp/src/search.ts on a small index in the search plugin's format (built here with lunr, as the
 * plugin builds it): pages whose title matches come first, a heading match links its section,
 * listing pages without a title are skipped, the excerpt is cut around the first word. The real
 * index of a build is searched by tests/e2e/mcp.spec.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lunr from 'lunr';
import {afterAll, describe, expect, it} from 'vitest';
import {copySearchIndex, openSearch, SearchIndexMissingError} from '../../mcp/src/search';

interface Doc {
  i: number;
  t: string;
  u: string;
  h?: string;
  p?: number;
}

const group = (documents: Doc[]) => ({
  documents,
  index: lunr(function () {
    this.ref('i');
    this.field('t');
    for (const d of documents) this.add(d);
  }).toJSON(),
});

const titles: Doc[] = [
  {i: 1, t: 'Cash withdrawal', u: '/docs/cw'},
  {i: 2, t: 'Getting started', u: '/docs/start'},
  {i: 3, t: '', u: '/blog/authors/asha'},
];
const headings: Doc[] = [
  {i: 4, t: 'Retry a withdrawal', u: '/docs/start', h: '#retry', p: 2},
  {i: 5, t: 'Withdrawal posts', u: '/blog/authors/asha', h: '', p: 3},
];
const content: Doc[] = [
  {i: 6, t: 'A cash withdrawal debits the customer and credits your wallet.', u: '/docs/cw', h: '', p: 1},
  {
    i: 7,
    t: `${'Long introduction. '.repeat(10)}Send the same referenceid for a withdrawal you retry.`,
    u: '/docs/start',
    h: '#retry',
    p: 2,
  },
];

const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-search-build-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-search-data-'));
fs.writeFileSync(
  path.join(buildDir, 'search-index-0a1b2c3d.json'),
  JSON.stringify([group(titles), group(headings), group([]), group([]), group(content)]),
);

afterAll(() => {
  for (const dir of [buildDir, dataDir]) fs.rmSync(dir, {recursive: true, force: true});
});

describe('search_docs over the site index', () => {
  it('ranks title matches first and cuts the excerpt around the query', async () => {
    copySearchIndex(buildDir, dataDir);
    const search = await openSearch(dataDir, 'https://docs.example/');
    expect(await search('withdrawal')).toEqual([
      {
        title: 'Cash withdrawal',
        url: 'https://docs.example/docs/cw',
        excerpt: 'A cash withdrawal debits the customer and credits your wallet.',
      },
      {
        title: 'Getting started',
        url: 'https://docs.example/docs/start#retry',
        excerpt: '…introduction. Long introduction. Send the same referenceid for a withdrawal you retry.',
      },
    ]);
    expect((await search('withdr')).map((h) => h.title)).toEqual(['Cash withdrawal', 'Getting started']);
    expect(await search('  ')).toEqual([]);
    expect(await search('withdrawal', 1)).toHaveLength(1);
  });

  it('names the build to make when the index is missing', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-search-empty-'));
    expect(() => copySearchIndex(empty, dataDir)).toThrow(SearchIndexMissingError);
    expect(() => copySearchIndex(empty, dataDir)).toThrow(
      `mcp:build: expected one search-index*.json in ${empty}, found 0. Run npm run build first.`,
    );
    fs.rmSync(empty, {recursive: true, force: true});
  });
});
