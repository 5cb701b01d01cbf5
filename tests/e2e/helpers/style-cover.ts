/**
 * Which routes get axe's colour rules (issue 35): a small set of pages that, between them, show
 * every element style the site has, chosen from the built HTML.
 *
 * Contrast is about 90% of axe's time on an API page (9 of 10 s on the payout order page, 40 of
 * 52 s on the changelog) and depends on styles, not on words: the same table cell, code token or
 * badge has the same colours on every page that shows it. So every route gets axe's other rules
 * (names, roles, structure: they depend on content), and the colour rules run in both modes on
 * the routes of this cover, which contains, for every element style on any page, one page that
 * shows it. A style is an element's tag with its classes and inline colours, alone and under its
 * parent's (a background comes from the ancestors); classes that only name the page (`docs-doc-id-*`)
 * are left out. The cover is chosen greedily by new styles per byte of HTML, so a style on a small
 * page is checked there and not on the 260 KB changelog, unless only the changelog has it.
 */
import {existsSync, readFileSync} from 'node:fs';
import {parse, type DefaultTreeAdapterMap} from 'parse5';

type Node = DefaultTreeAdapterMap['childNode'];

/** Class names that say which page this is, not how anything looks. */
const PAGE_NAME_CLASS = /^(docs-doc-id-|blog-post-id-|plugin-id-)/;
/** Inline declarations that set a colour (Prism writes token colours inline). */
const INLINE_COLOUR = /(?:^|;)\s*(?:color|background(?:-color)?)\s*:[^;]+/g;
/** Not rendered as text, or not styled by the page's colours. */
const SKIPPED = new Set(['script', 'style', 'svg', 'template', 'noscript']);

function attribute(node: Node, name: string): string {
  return ('attrs' in node ? node.attrs.find((attr) => attr.name === name)?.value : undefined) ?? '';
}

/** Every element style on a page (see the module comment). */
export function stylesOf(html: string): Set<string> {
  const styles = new Set<string>();
  const walk = (node: Node, parent: string): void => {
    let own = parent;
    if ('tagName' in node) {
      if (SKIPPED.has(node.tagName)) return;
      const classes = attribute(node, 'class')
        .split(/\s+/)
        .filter((name) => name && !PAGE_NAME_CLASS.test(name))
        .sort();
      const colours = attribute(node, 'style').match(INLINE_COLOUR)?.join('') ?? '';
      own = [node.tagName, ...classes].join('.') + (colours ? `{${colours}}` : '');
      styles.add(own);
      const hasText = node.childNodes.some(
        (child) => child.nodeName === '#text' && 'value' in child && child.value.trim(),
      );
      if (hasText) styles.add(`${parent} > ${own}`);
    }
    if ('childNodes' in node) for (const child of node.childNodes) walk(child, own);
  };
  for (const child of parse(html).childNodes) walk(child, '');
  return styles;
}

/**
 * The routes whose pages between them show every style of `pages` (route -> built HTML), picked
 * greedily by new styles per byte. Deterministic: ties go to the earlier route.
 */
export function styleCover(pages: ReadonlyMap<string, string>): Set<string> {
  const styles = new Map([...pages].map(([route, html]) => [route, stylesOf(html)] as const));
  const left = new Set([...styles.values()].flatMap((set) => [...set]));
  const cover = new Set<string>();
  while (left.size > 0) {
    let best: string | undefined;
    let bestRate = 0;
    for (const [route, set] of styles) {
      let fresh = 0;
      for (const style of set) if (left.has(style)) fresh += 1;
      const rate = fresh / pages.get(route)!.length;
      if (rate > bestRate) [best, bestRate] = [route, rate];
    }
    if (best === undefined) break;
    cover.add(best);
    for (const style of styles.get(best)!) left.delete(style);
  }
  return cover;
}

/**
 * styleCover over the built files of `routes` (`htmlFile` maps a route to its file). A route
 * without a file is left out here: its own test fails on the 404.
 */
export function styleCoverOfBuild(routes: readonly string[], htmlFile: (route: string) => string): Set<string> {
  const built = routes.filter((route) => existsSync(htmlFile(route)));
  return styleCover(new Map(built.map((route) => [route, readFileSync(htmlFile(route), 'utf8')])));
}
