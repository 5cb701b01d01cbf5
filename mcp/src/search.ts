/**
 * `search_docs` reads the search index the site ships, with the engine that wrote it: today the
 * lunr indexes of @easyops-cn/docusaurus-search-local (build/search-index-*.json, copied into the
 * MCP data by `copySearchIndex` during `npm run mcp:build`). Nothing is indexed a second time.
 *
 * The rest of the server sees only `copySearchIndex` (at mcp:build), `openSearch` (at start) and
 * `SearchHit`, so moving the site to another index (Pagefind, planned) changes this file only.
 *
 * The index format is the plugin's, not a public API (checked by tests/e2e/mcp.spec.ts on the real
 * build): an array of {documents, index} groups in a fixed order (page titles, headings,
 * descriptions, keywords, content). Each document has `i` (id), `t` (text), `u` (route), and for
 * all but titles `p` (the id of its page's title document) and, for headings and content, `h`
 * (anchor). Groups are searched in the search box's order (titles, then headings, descriptions,
 * content), each by lunr's score; a page counts once, at its best place. The box's extra query
 * rewriting (Chinese word splitting, fuzzy terms) is left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import lunr from 'lunr';

/** The index's file in the MCP data folder. */
const INDEX_FILE = 'search-index.json';

export class SearchIndexMissingError extends Error {}

/** Copies the site's search index from a build into the MCP data folder (`npm run mcp:build`). */
export function copySearchIndex(buildDir: string, dataDir: string): void {
  // The plugin names the file with a content hash (`hashed: 'filename'`): search-index-<hash>.json.
  const found = fs.existsSync(buildDir) ? fs.readdirSync(buildDir).filter((f) => /^search-index.*\.json$/.test(f)) : [];
  if (found.length !== 1) {
    throw new SearchIndexMissingError(
      `mcp:build: expected one search-index*.json in ${buildDir}, found ${found.length}. Run npm run build first.`,
    );
  }
  fs.copyFileSync(path.join(buildDir, found[0] as string), path.join(dataDir, INDEX_FILE));
}

export interface SearchHit {
  readonly title: string;
  /** Absolute URL of the page (with the section's anchor when a heading matched). */
  readonly url: string;
  /** A short piece of the page's text around the first word of the query. */
  readonly excerpt: string;
}

export type SearchDocs = (query: string, limit?: number) => Promise<SearchHit[]>;

interface IndexDocument {
  readonly i: number;
  readonly t: string;
  readonly u: string;
  readonly h?: string;
  readonly p?: number;
}

interface IndexGroup {
  readonly documents: readonly IndexDocument[];
  readonly index: object;
}

/** Order of the groups in the plugin's file. */
const TITLES = 0;
const CONTENT = 4;
const EXCERPT_CHARS = 220;

const wordsOf = (query: string): string[] => query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function excerptAround(text: string, words: readonly string[]): string {
  const lower = text.toLowerCase();
  const at = Math.max(0, Math.min(...words.map((w) => lower.indexOf(w)).filter((i) => i >= 0), text.length));
  const start = at > 60 ? text.lastIndexOf(' ', at - 60) + 1 : 0;
  const piece = text
    .slice(start, start + EXCERPT_CHARS)
    .replace(/\u200b/g, '')
    .trim();
  return `${start > 0 ? '…' : ''}${piece}${start + EXCERPT_CHARS < text.length ? '…' : ''}`;
}

/** Opens the index in the MCP data folder and returns the query function. `siteUrl` makes the routes absolute. */
export function openSearch(dataDir: string, siteUrl: string): Promise<SearchDocs> {
  const groups = (JSON.parse(fs.readFileSync(path.join(dataDir, INDEX_FILE), 'utf8')) as IndexGroup[]).map((g) => ({
    documents: new Map(g.documents.map((d) => [String(d.i), d])),
    index: lunr.Index.load(g.index),
  }));
  const titles = groups[TITLES]?.documents ?? new Map<string, IndexDocument>();
  const content = [...(groups[CONTENT]?.documents.values() ?? [])];
  const origin = siteUrl.replace(/\/$/, '');

  const run = (words: readonly string[], wildcard: boolean): {doc: IndexDocument}[] =>
    groups.flatMap((g) =>
      g.index
        .query((q) => {
          for (const w of words)
            q.term(w, {
              presence: lunr.Query.presence.REQUIRED,
              ...(wildcard ? {wildcard: lunr.Query.wildcard.TRAILING, usePipeline: false} : {}),
            });
        })
        .flatMap((r) => {
          const doc = g.documents.get(r.ref);
          return doc ? [{doc}] : [];
        }),
    );

  return Promise.resolve((query, limit = 8) => {
    const words = wordsOf(query);
    if (!words.length) return Promise.resolve([]);
    // Whole words first (stemmed, as the index was); a word still being typed matches as a prefix.
    const matches = run(words, false);
    const found = matches.length ? matches : run(words, true);
    const hits: SearchHit[] = [];
    const seen = new Set<string>();
    for (const {doc} of found) {
      const page = doc.p === undefined ? doc : (titles.get(String(doc.p)) ?? doc);
      // Listing pages (a blog author's, a tag's) have no title of their own: not an answer.
      if (seen.has(page.u) || !page.t) continue;
      seen.add(page.u);
      const section = content.find((c) => c.p === page.i && words.some((w) => c.t.toLowerCase().includes(w)));
      hits.push({
        title: page.t,
        url: `${origin}${doc.u}${doc.h ?? ''}`,
        excerpt: excerptAround(section?.t ?? doc.t, words),
      });
      if (hits.length >= limit) break;
    }
    return Promise.resolve(hits);
  });
}
