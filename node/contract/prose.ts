/**
 * The prose side of the status-claim rule (core/contract/status-claims.ts): every MDX page and
 * post is parsed as Docusaurus parses it (MDX, GFM, front matter), cut into paragraphs, headings
 * and table cells with their links, and each link is resolved to the page it leads to and the
 * operations that page shows. Pages are found at the routes Docusaurus gave them, so the api-contract
 * plugin runs this once the content is loaded (allContentLoaded), and the build fails on a claim
 * that leads nowhere. (The contract's own descriptions are checked by `npm run lint:contract` too:
 * describedStatusClaim in core/contract/checks.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Nodes} from 'mdast';
import {SKIP, visit} from 'unist-util-visit';
import {statusClaimProblems, suggestStatusPages, type PageProse, type ProseBlock} from '#core/contract/status-claims';
import type {PageUse} from './load';
import {mdxFiles} from './pages';
import {CONTENT_DIRS, SITE_DIR} from './paths';
import {parseMdx} from '../mdx-ast';

/** Blocks whose text is one claim's context: the sentence and the link that backs it sit together. */
const BLOCKS = new Set(['paragraph', 'heading', 'tableCell']);

/** The paragraphs, headings and table cells of an MDX source, with their text and link targets. */
export function proseBlocks(source: string): ProseBlock[] {
  const out: ProseBlock[] = [];
  visit(parseMdx(source), (node) => {
    if (!BLOCKS.has(node.type)) return undefined;
    out.push({line: node.position?.start.line ?? 0, ...blockText(node)});
    return SKIP;
  });
  return out;
}

/** The text of one block and the targets of its links; code spans and JSX expressions are not prose. */
function blockText(block: Nodes): Omit<ProseBlock, 'line'> {
  let text = '';
  const links: string[] = [];
  visit(block, (n) => {
    if (n.type === 'text') text += n.value;
    if (n.type === 'link' && n.url) links.push(n.url);
    return n.type === 'inlineCode' || n.type.startsWith('mdx') ? SKIP : undefined;
  });
  return {text, links};
}

/**
 * The last parse of each file, by its text: the dev server runs this check after every page edit,
 * and only the edited page needs parsing again.
 */
const parsed = new Map<string, {readonly source: string; readonly blocks: ProseBlock[]}>();

function cachedProseBlocks(file: string, source: string): ProseBlock[] {
  const hit = parsed.get(file);
  if (hit?.source === source) return hit.blocks;
  const blocks = proseBlocks(source);
  parsed.set(file, {source, blocks});
  return blocks;
}

/**
 * Every status claim in the content folders that links no status operation. `uses` are the API
 * components of the pages (which operation each file shows), `permalinkOf` the route Docusaurus gave
 * a file (`docs/v1/...mdx`), `pages` the operation -> route map and `related` each operation's
 * `x-related`. A file no plugin built a page from is not prose a reader sees, and is skipped.
 */
export function proseStatusProblems(...args: Parameters<typeof problemsByFile>): string[] {
  return [...problemsByFile(...args)].flat();
}

/**
 * `proseStatusProblems`, letting the event loop run between files: the dev server checks every
 * page while a browser is loading its first page from the same thread, and a check of a few
 * seconds in one piece would hold up every file it serves meanwhile.
 */
export async function proseStatusProblemsYielding(...args: Parameters<typeof problemsByFile>): Promise<string[]> {
  const problems: string[] = [];
  for (const found of problemsByFile(...args)) {
    problems.push(...found);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return problems;
}

/** The problems of each page in turn (see proseStatusProblems). */
function* problemsByFile(
  uses: readonly Pick<PageUse, 'id' | 'file'>[],
  permalinkOf: (file: string) => string | undefined,
  pages: ReadonlyMap<string, string>,
  related: ReadonlyMap<string, readonly string[]>,
  dirs: readonly string[] = CONTENT_DIRS,
  siteDir = SITE_DIR,
): Generator<string[]> {
  const byRoute = new Map<string, string[]>();
  const clean = (route: string): string => (route.length > 1 ? route.replace(/\/$/, '') : route);
  for (const use of uses) {
    const route = permalinkOf(use.file);
    if (route) byRoute.set(clean(route), [...(byRoute.get(clean(route)) ?? []), use.id]);
  }
  const opsAtRoute = (route: string): readonly string[] => byRoute.get(clean(route)) ?? [];
  const routeOfFile = (file: string): string | undefined => permalinkOf(path.relative(siteDir, file));
  for (const dir of dirs) {
    for (const file of mdxFiles(dir)) {
      const route = routeOfFile(file);
      if (!route) continue;
      const source = fs.readFileSync(file, 'utf8');
      const shows = opsAtRoute(route);
      const page: PageProse = {
        file: path.relative(siteDir, file),
        blocks: cachedProseBlocks(file, source),
        shows,
        suggestions: suggestStatusPages(route, shows, related, pages),
      };
      const opsAt = (link: string): readonly string[] => {
        const target = decodeURI(link.replace(/[?#].*$/, ''));
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target === '') return [];
        if (target.startsWith('/')) return opsAtRoute(target);
        const linked = routeOfFile(path.resolve(path.dirname(file), target));
        return linked ? opsAtRoute(linked) : [];
      };
      yield statusClaimProblems(page, opsAt);
    }
  }
}
