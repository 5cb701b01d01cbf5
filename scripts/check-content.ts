/**
 * `npm run check:content`: guard rails for writers. `npm run lint` runs it as `lint:content`, with
 * `--skip-references`: its `lint:contract` reports the same unknown ids from the same page scan,
 * and the scan (every page parsed as MDX) is the dearest part of this check.
 *
 *   sidebar       every docs page is in sidebars.ts exactly once, every sidebar entry has a page
 *   front matter  every docs and src/pages MDX page has a `title` and a `description`
 *   reference     every <Endpoint op>, <WebhookEvent op> and <OperationList tag> names an id the
 *                 contract defines (the same message as the build, with the closest ids)
 *   prompts       no page still holds a prompt that `npm run new:page` wrote into it
 *
 * Whether project-routes.txt (every route of the site) agrees with the pages is checked by the build
 * (plugins/route-list), against the routes Docusaurus really serves.
 *
 * Each problem is one line that starts with the file to edit and says what to do. The checks read
 * the real repository by default; the tests point them at small fixture sites in temp folders.
 */
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {contractIds, scanPages, unknownIds} from '#node/contract/load';
import {REPO_ROOT, frontMatter, isMain, listFiles, relPath} from './lib/files';
import {SCAFFOLD_PROMPTS} from './lib/scaffold';

export interface ContentProblem {
  /** Which check found it. */
  readonly check: 'sidebar' | 'front-matter' | 'reference' | 'prompts';
  /** `file: what is wrong. What to do.` */
  readonly message: string;
  /** Set when a page is expected (by the sidebar) and nobody has written it yet. */
  readonly missing?: {readonly route: string; readonly file: string; readonly from: string};
}

export interface CheckOptions {
  /** The site to check (holds docs/, src/pages/, blog/, sidebars.ts). */
  readonly siteDir?: string;
  /** Leave out the reference ids, for a caller that checks them itself (`lint:contract` in `npm run lint`). */
  readonly skipReferences?: boolean;
}

const DOC_FILE = /\.mdx?$/;

const docsDir = (siteDir: string): string => path.join(siteDir, 'docs');

/**
 * Doc id: the path under docs/ without extension. (Docusaurus would also honour a front-matter `id`
 * and strip number prefixes; this repo uses neither, so that file, id and URL always agree.)
 */
const docIdOf = (siteDir: string, file: string): string => relPath(docsDir(siteDir), file).replace(DOC_FILE, '');

// ---------------------------------------------------------------------------------------------
// sidebar

interface SidebarEntry {
  readonly id: string;
  /** Category labels from the top, e.g. ['Aadhaar banking (AEPS)', 'Transactions']. */
  readonly category: readonly string[];
}

/** Loads sidebars.ts the way Docusaurus does (a TypeScript module), with DOCS_DRAFT pruning off. */
export async function loadSidebars(siteDir: string): Promise<Record<string, unknown>> {
  // DOCS_DRAFT=1 drops entries whose page is missing; the check must see the full sidebar.
  const draft = process.env.DOCS_DRAFT;
  delete process.env.DOCS_DRAFT;
  try {
    const mod = (await import(pathToFileURL(path.join(siteDir, 'sidebars.ts')).href)) as {default?: unknown};
    let value: unknown = mod.default;
    // A CommonJS-compiled module imported from ESM nests the default export once more.
    if (value && typeof value === 'object' && 'default' in value) value = value.default;
    if (!value || typeof value !== 'object')
      throw new Error(`${relPath(siteDir, path.join(siteDir, 'sidebars.ts'))} has no default export.`);
    return value as Record<string, unknown>;
  } finally {
    if (draft !== undefined) process.env.DOCS_DRAFT = draft;
  }
}

/** Every doc id a sidebar names (items, category links), with the category it sits in. */
export function sidebarEntries(sidebars: Record<string, unknown>): SidebarEntry[] {
  const out: SidebarEntry[] = [];
  const visit = (item: unknown, category: readonly string[]): void => {
    if (typeof item === 'string') return void out.push({id: item, category});
    if (Array.isArray(item)) return item.forEach((child) => visit(child, category));
    if (!item || typeof item !== 'object') return;
    const it = item as {
      type?: unknown;
      id?: unknown;
      label?: unknown;
      items?: unknown;
      link?: {type?: unknown; id?: unknown};
    };
    if (it.type === undefined) {
      // Shorthand category: {'Label': [items]}.
      for (const [label, items] of Object.entries(item)) visit(items, [...category, label]);
      return;
    }
    if ((it.type === 'doc' || it.type === 'ref') && typeof it.id === 'string')
      return void out.push({id: it.id, category});
    if (it.type === 'category') {
      const inner = [...category, typeof it.label === 'string' ? it.label : '(unlabelled)'];
      if (it.link?.type === 'doc' && typeof it.link.id === 'string') out.push({id: it.link.id, category: inner});
      visit(it.items, inner);
    }
  };
  for (const items of Object.values(sidebars)) visit(items, []);
  return out;
}

const categoryName = (category: readonly string[]): string =>
  category.length ? `"${category.join(' > ')}" category` : 'top level of tutorialSidebar';

/** The category whose entries share the longest path prefix with `id`: where a new page most likely belongs. */
function likelyCategory(id: string, entries: readonly SidebarEntry[]): readonly string[] | undefined {
  const segments = id.split('/');
  let best: {score: number; category: readonly string[]} | undefined;
  for (const e of entries) {
    const other = e.id.split('/');
    let score = 0;
    while (score < segments.length - 1 && segments[score] === other[score]) score++;
    // Prefer the longer shared prefix, then the deeper category.
    if (
      score > 1 &&
      (!best || score > best.score || (score === best.score && e.category.length > best.category.length))
    ) {
      best = {score, category: e.category};
    }
  }
  return best?.category;
}

export async function checkSidebar(siteDir: string): Promise<ContentProblem[]> {
  const entries = sidebarEntries(await loadSidebars(siteDir));
  const pages = new Map<string, string>(); // doc id -> file
  for (const file of listFiles(docsDir(siteDir), DOC_FILE)) {
    pages.set(docIdOf(siteDir, file), relPath(siteDir, file));
  }
  const problems: ContentProblem[] = [];
  const seen = new Map<string, SidebarEntry>();
  for (const entry of entries) {
    const first = seen.get(entry.id);
    if (first) {
      problems.push({
        check: 'sidebar',
        message: `sidebars.ts: "${entry.id}" is listed twice (${categoryName(first.category)} and ${categoryName(entry.category)}). Keep it in one category.`,
      });
      continue;
    }
    seen.set(entry.id, entry);
    if (!pages.has(entry.id)) {
      const route = `/docs/${entry.id}`.replace(/\/index$/, '');
      problems.push({
        check: 'sidebar',
        missing: {route, file: `docs/${entry.id}.mdx`, from: `sidebars.ts ${categoryName(entry.category)}`},
        message: `docs/${entry.id}.mdx: missing page. sidebars.ts lists "${entry.id}" in the ${categoryName(entry.category)}, but no file docs/${entry.id}.mdx (or .md) exists. Write the page, or remove the entry from that category in sidebars.ts.`,
      });
    }
  }
  const source = fs.readFileSync(path.join(siteDir, 'sidebars.ts'), 'utf8');
  for (const [id, file] of pages) {
    if (seen.has(id)) continue;
    const where = likelyCategory(id, entries);
    const neighbours = where ? entries.filter((e) => e.category.join('>') === where.join('>')).map((e) => e.id) : [];
    problems.push({
      check: 'sidebar',
      message: `${file}: the page is not in the sidebar. ${sidebarHint(source, id, neighbours, where)}`,
    });
  }
  return problems;
}

interface SidebarCall {
  /** 1-based line of the call in sidebars.ts. */
  readonly line: number;
  /** `service('aeps', [...])` lists short ids; `v1('...')` takes one id under v1/; a literal is the full id. */
  readonly helper: 'service' | 'v1' | 'literal';
  readonly family?: string;
  /** The doc ids the call produces. */
  readonly ids: readonly string[];
}

/** The helper calls in sidebars.ts that produce doc ids, with their lines. */
export function sidebarCalls(source: string): SidebarCall[] {
  const lineOf = (index: number): number => source.slice(0, index).split('\n').length;
  const calls: SidebarCall[] = [];
  for (const m of source.matchAll(/service\(\s*'([^']+)'\s*,\s*\[([^\]]*)\]/g)) {
    const family = m[1] as string;
    const ids = [...(m[2] as string).matchAll(/'([^']+)'/g)].map((x) => `v1/service/${family}/${x[1] as string}`);
    calls.push({line: lineOf(m.index), helper: 'service', family, ids});
  }
  for (const m of source.matchAll(/\bv1\('([^']+)'\)/g))
    calls.push({line: lineOf(m.index), helper: 'v1', ids: [`v1/${m[1] as string}`]});
  for (const m of source.matchAll(/'(v1\/[^']+)'/g))
    calls.push({line: lineOf(m.index), helper: 'literal', ids: [m[1] as string]});
  return calls.sort((a, b) => a.line - b.line);
}

/**
 * The exact edit that puts doc `id` in sidebars.ts, in the form the file uses: the short id inside
 * the family's `service(...)` list that holds its neighbours, or a `v1(...)` entry beside them.
 */
export function sidebarHint(
  source: string,
  id: string,
  neighbours: readonly string[],
  category: readonly string[] | undefined,
): string {
  const calls = sidebarCalls(source);
  const family = /^v1\/service\/([^/]+)\/(.+)$/.exec(id);
  const where = category ? ` (the ${categoryName(category)})` : '';
  if (family) {
    const list = calls.find(
      (c) => c.helper === 'service' && c.family === family[1] && c.ids.some((x) => neighbours.includes(x)),
    );
    if (list)
      return `Add '${family[2] as string}' to the service('${family[1] as string}', [...]) list at sidebars.ts:${list.line}${where}.`;
  }
  const beside = calls.find((c) => c.ids.some((x) => neighbours.includes(x)));
  const entry = beside?.helper === 'literal' ? `'${id}',` : `v1('${id.replace(/^v1\//, '')}'),`;
  if (beside) return `Add the line ${entry} to sidebars.ts next to line ${beside.line}${where}.`;
  return `Add the line ${entry} to the category of its service family in sidebars.ts.`;
}

// ---------------------------------------------------------------------------------------------
// front matter

export function checkFrontMatter(siteDir: string): ContentProblem[] {
  const files = [...listFiles(docsDir(siteDir), DOC_FILE), ...listFiles(path.join(siteDir, 'src', 'pages'), DOC_FILE)];
  const problems: ContentProblem[] = [];
  for (const file of files) {
    const rel = relPath(siteDir, file);
    let data: Record<string, unknown> | undefined;
    try {
      data = frontMatter(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      problems.push({
        check: 'front-matter',
        message: `${rel}: the front matter is not valid YAML (${err instanceof Error ? err.message.split('\n')[0] : String(err)}).`,
      });
      continue;
    }
    for (const key of ['title', 'description'] as const) {
      const value = data?.[key];
      if (typeof value === 'string' && value.trim()) continue;
      const hint =
        key === 'title'
          ? 'the page heading, browser tab and search result title'
          : 'one sentence for search results and link previews: what the page lets a developer do';
      problems.push({
        check: 'front-matter',
        message: `${rel}: front matter has no "${key}". Add \`${key}: ...\` between the --- lines at the top (${hint}).`,
      });
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// scaffold prompts

/** Each line of a docs page that is still one of the scaffold's prompts. */
export function checkPrompts(siteDir: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const file of listFiles(docsDir(siteDir), DOC_FILE)) {
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if ((SCAFFOLD_PROMPTS as readonly string[]).includes(line.trim()))
          problems.push({
            check: 'prompts',
            message: `${relPath(siteDir, file)}:${i + 1}: "${line.trim()}" is a prompt of npm run new:page. Replace it with what a reader needs here.`,
          });
      });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// reference ids

/** Ids the pages name that the contract (openapi/ of the site) does not define. */
export function checkReferences(siteDir: string): ContentProblem[] {
  const root = path.join(siteDir, 'openapi', 'openapi.yaml');
  if (!fs.existsSync(root)) return [];
  const dirs = ['docs', 'src/pages', 'blog'].map((d) => path.join(siteDir, d));
  return unknownIds(scanPages(dirs, siteDir), contractIds(root)).map((message) => ({check: 'reference', message}));
}

// ---------------------------------------------------------------------------------------------

export async function checkContent(options: CheckOptions = {}): Promise<ContentProblem[]> {
  const siteDir = options.siteDir ?? REPO_ROOT;
  return [
    ...(options.skipReferences ? [] : checkReferences(siteDir)),
    ...(await checkSidebar(siteDir)),
    ...checkFrontMatter(siteDir),
    ...checkPrompts(siteDir),
  ];
}

async function main(): Promise<void> {
  const skipReferences = process.argv.includes('--skip-references');
  const problems = await checkContent({skipReferences});
  for (const p of problems.filter((q) => !q.missing)) console.error(`${p.check}: ${p.message}`);
  // Pages the sidebar lists that nobody has written yet: expected while a family is being written.
  const missing = new Map<string, {route: string; file: string; from: string[]}>();
  for (const {missing: m} of problems) {
    if (!m) continue;
    const seen = missing.get(m.route);
    if (seen) seen.from.push(m.from);
    else missing.set(m.route, {route: m.route, file: m.file, from: [m.from]});
  }
  if (missing.size) {
    console.error(`\nmissing pages: listed but not written yet (expected while a family is being written):`);
    for (const m of missing.values())
      console.error(`  ${m.file}  (serves ${m.route}; listed in ${m.from.join(' and ')})`);
  }
  const others = problems.length - problems.filter((p) => p.missing).length;
  if (!problems.length)
    console.log(
      skipReferences
        ? 'check:content: sidebar, front matter and prompts are in order (ids: npm run lint:contract).'
        : 'check:content: ids, sidebar, front matter and prompts are in order.',
    );
  else {
    console.error(`\ncheck:content: ${others} problem(s) to fix, ${missing.size} missing page(s).`);
    process.exitCode = 1;
  }
}

if (isMain(__filename)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
