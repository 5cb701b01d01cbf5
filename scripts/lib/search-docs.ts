/**
 * `searchDocs(query)` in Node, from the index the site ships (build/pagefind/, written by
 * plugins/search-index): the same Pagefind code and options as the search box, so a tool (an MCP
 * server, a script) gets the results a reader gets. Run `npm run build` first.
 *
 *   const search = await openSearchIndex('build');
 *   await search('cash withdrawal'); // [{title, url, excerpt, excerptParts}, ...]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {initPagefind, runQuery, SEARCH_INDEX_DIR, type PagefindApi, type SearchHit} from '../../src/lib/search-query';

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
  // imported from a .mjs copy named by its content and folder (one module instance per index).
  const source = fs.readFileSync(script);
  const hash = crypto.createHash('sha256').update(source).update(dir).digest('hex').slice(0, 16);
  const copy = path.join(os.tmpdir(), `rupeerail-pagefind-${hash}.mjs`);
  if (!fs.existsSync(copy)) fs.writeFileSync(copy, source);
  const api = (await import(pathToFileURL(copy).href)) as PagefindApi;
  await initPagefind(api, `${pathToFileURL(dir).href}/`, '/');
  return (query, limit = 8) => runQuery(api, query, limit);
}
