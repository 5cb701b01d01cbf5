/**
 * Site search in Node, from the index the site ships (build/pagefind/, written by
 * plugins/search-index): the same Pagefind code and options as the search box, so a tool (an MCP
 * server, a script) gets the results a reader gets. Run `npm run build` first.
 *
 *   await searchDocs('build', 'cash withdrawal', 5);
 *   // [{title: 'AEPS cash withdrawal', url: '/docs/v1/service/aeps/withdrawal', excerpt: '…'}, ...]
 *
 * `openSearchIndex(buildDir)` gives the query function itself, with each hit's matched words
 * marked (`excerptParts`), for callers that render them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {
  initPagefind,
  runQuery,
  SEARCH_INDEX_DIR,
  titleIndex,
  TITLES_FILE,
  type PagefindApi,
  type SearchHit,
  type SearchTitles,
} from '#core/search/query';

export class SearchIndexMissingError extends Error {}

let fileFetchInstalled = false;

/**
 * Pagefind fetches its files with the global `fetch`, which in Node cannot read `file:` URLs. This
 * answers those from the disk and hands every other request to the original `fetch`, so nothing
 * else in the process changes.
 */
function installFileFetch(): void {
  if (fileFetchInstalled) return;
  fileFetchInstalled = true;
  const original = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith('file:')) return original(input, init);
    const file = fileURLToPath(url.replace(/[?#].*$/, ''));
    try {
      return new Response(await fs.promises.readFile(file));
    } catch {
      return new Response(null, {status: 404, statusText: `no ${file}`});
    }
  };
}

/** Opens the index of a built site and returns a function that runs queries against it. */
export async function openSearchIndex(
  buildDir: string,
): Promise<(query: string, limit?: number) => Promise<SearchHit[]>> {
  const dir = path.resolve(buildDir, SEARCH_INDEX_DIR);
  const script = path.join(dir, 'pagefind.js');
  if (!fs.existsSync(script)) {
    throw new SearchIndexMissingError(
      `No search index at ${path.relative(process.cwd(), dir) || dir}: run npm run build first (plugins/search-index writes it).`,
    );
  }
  installFileFetch();
  // pagefind.js is an ES module, but the site's package.json makes .js files CommonJS: it is
  // imported from a .mjs copy named by its content, folder and process (one module instance per
  // index; Node keeps a module it has imported, so the copy is removed once imported).
  const source = fs.readFileSync(script);
  const hash = crypto.createHash('sha256').update(source).update(dir).digest('hex').slice(0, 16);
  const copy = path.join(os.tmpdir(), `rupeerail-pagefind-${hash}-${process.pid}.mjs`);
  fs.writeFileSync(copy, source);
  let api: PagefindApi;
  try {
    api = (await import(pathToFileURL(copy).href)) as PagefindApi;
  } finally {
    fs.rmSync(copy, {force: true});
  }
  await initPagefind(api, `${pathToFileURL(dir).href}/`, '/');
  // The exact keys answer here as in the box: an assistant asking for `X-Signature` gets its page.
  const titlesFile = path.join(dir, TITLES_FILE);
  const titles = fs.existsSync(titlesFile)
    ? titleIndex(JSON.parse(fs.readFileSync(titlesFile, 'utf8')) as SearchTitles)
    : undefined;
  return (query, limit = 8) => runQuery(api, query, limit, titles);
}

/** A search result as a tool shows it: the page's title, its site path, words around the match. */
export interface DocHit {
  readonly title: string;
  /** The page's path on the site, as it links it (`/docs/v1/service/aeps/withdrawal`). */
  readonly url: string;
  /** Plain text around the best match. */
  readonly excerpt: string;
}

/** One open index per build folder: the first query loads it, later ones reuse it. */
const opened = new Map<string, ReturnType<typeof openSearchIndex>>();

/**
 * The first `limit` pages of the built site at `buildDir` for `query`, best first; none for a
 * blank query. Throws SearchIndexMissingError (naming the folder and `npm run build`) when the
 * build has no index.
 */
export async function searchDocs(buildDir: string, query: string, limit = 8): Promise<DocHit[]> {
  const key = path.resolve(buildDir);
  let search = opened.get(key);
  if (!search) {
    search = openSearchIndex(key);
    opened.set(key, search);
    // A failed open (no build yet) is tried again on the next call.
    search.catch(() => opened.delete(key));
  }
  const hits = await (await search)(query, limit);
  return hits.map(({title, url, excerpt}) => ({title, url, excerpt}));
}
