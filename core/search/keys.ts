/**
 * Exact keys: what a reader types to land on one place, looked up before Pagefind's full-text
 * search. Pagefind splits `X-Signature` and `/service/payout/orders` into words and ranks the pages
 * that use those words most, so the page that defines the thing can come second or lower. The build
 * (plugins/search-index) collects the keys the pages declare (`data-search-key` on an operation's
 * request line, a header's home section in the guides, each row of the response-code catalogue) into
 * the titles file the search box loads anyway, and `exactTargets` answers a query from it. Pure.
 */

/** Between the keys of one `data-search-key` attribute (keys may hold spaces: `POST /path`). */
export const SEARCH_KEY_SEPARATOR = '|';

/** What a result is, shown beside its title. */
export type SearchKind = 'endpoint' | 'webhook' | 'guide' | 'blog' | 'code';

export const SEARCH_KINDS: readonly SearchKind[] = ['endpoint', 'webhook', 'guide', 'blog', 'code'];

/** One place a key lands on: its title, its URL (with the anchor, if any) and its kind. */
export type ExactTarget = readonly [title: string, url: string, kind: SearchKind];

/** Normalised key -> the places it lands on, best first. */
export type ExactTable = Readonly<Record<string, readonly ExactTarget[]>>;

const METHODS = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'] as const;

/** The path of a request line as typed: without scheme and host, `/api/v1`, query and trailing `/`. */
function bareApiPath(text: string): string | undefined {
  const m = /^(?:https?:\/\/[^/\s]+)?(\/[^\s?#]*)(?:[?#]\S*)?$/.exec(text);
  if (!m?.[1]) return undefined;
  const path = m[1].replace(/^\/api\/v\d+(?=\/)/, '').replace(/\/+$/, '');
  return path || undefined;
}

/**
 * A key or a query in the one form the table is keyed by: lower case, single spaces, without the
 * quotes or backticks a reader copies along; a path without host, `/api/v1` and trailing slash; a
 * response code as `response code N` however it is written (`code 5`, `response_code: 5`). Empty
 * when nothing is left.
 */
export function normaliseKey(text: string): string {
  const plain = text.trim().replace(/[`'"]/g, '').replace(/\s+/g, ' ').trim();
  const code = /^(?:response[ _]?)?code[\s:=]*(\d{1,3})$/i.exec(plain);
  if (code) return `response code ${Number(code[1])}`;
  const line = /^([A-Za-z]+) (\S+)$/.exec(plain);
  if (line?.[1] && line[2] && (METHODS as readonly string[]).includes(line[1].toUpperCase())) {
    const path = bareApiPath(line[2]);
    if (path) return `${line[1].toLowerCase()} ${path.toLowerCase()}`;
  }
  if (plain.startsWith('/') || /^https?:\/\//i.test(plain)) return (bareApiPath(plain) ?? plain).toLowerCase();
  return plain.toLowerCase();
}

/**
 * The keys a page declares, as the table stores them: each one normalised, and for a request line
 * `METHOD /path` also the bare path, which several operations can share (`GET` and `POST` on one
 * path): its rank orders those, `POST` first (a reader who types a path most often wants to send
 * to it), after any place that declares the path itself (rank 0).
 */
export function expandKeys(keys: readonly string[]): {key: string; rank: number}[] {
  const out: {key: string; rank: number}[] = [];
  for (const raw of keys) {
    const key = normaliseKey(raw);
    if (!key) continue;
    out.push({key, rank: 0});
    const line = /^([a-z]+) (\/.*)$/.exec(key);
    if (line?.[1] && line[2]) out.push({key: line[2], rank: 1 + METHODS.indexOf(line[1].toUpperCase() as never)});
  }
  return out;
}

/**
 * A key as the build writes it beside the index (plugins/search-index/write-index.mjs): the keys one
 * place declares, as written on the page, and the place.
 */
export interface DeclaredKey {
  readonly keys: readonly string[];
  readonly target: ExactTarget;
}

/**
 * The table the box looks queries up in, from the keys the build collected (in route order): each
 * key normalised, a request line's bare path added, a key's places by rank (`POST` first for a bare
 * path), ties in the order the pages came. A place is listed once per key.
 */
export function buildExactTable(declared: readonly DeclaredKey[]): ExactTable {
  const table = new Map<string, {target: ExactTarget; rank: number; order: number}[]>();
  let order = 0;
  for (const {keys, target} of declared) {
    for (const {key, rank} of expandKeys(keys)) {
      const list = table.get(key) ?? [];
      if (!list.some((t) => t.target[1] === target[1])) list.push({target, rank, order: order++});
      table.set(key, list);
    }
  }
  const out: Record<string, readonly ExactTarget[]> = {};
  for (const [key, list] of table) {
    out[key] = list.sort((a, b) => a.rank - b.rank || a.order - b.order).map((t) => t.target);
  }
  return out;
}

/** The places a query lands on exactly, best first; none when it is not a key. */
export function exactTargets(table: ExactTable | undefined, query: string): readonly ExactTarget[] {
  if (!table) return [];
  const key = normaliseKey(query);
  return key ? (table[key] ?? []) : [];
}
