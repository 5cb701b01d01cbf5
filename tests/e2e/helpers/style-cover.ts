/**
 * Which routes get axe's colour rules, and on which of their elements (issue 35): a small set of
 * pages that, between them, show every element style the site has, chosen from the built HTML.
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
 *
 * On a cover route the colour rules check only the elements that carry the styles the route was
 * chosen for (`markStyles`, axe's `include` context): a text's colours are those of its own style
 * and, through the background, its parent's, and a text element whose style alone and under its
 * parent's was seen on a route chosen earlier is checked there. An element without text of its own
 * (a wrapper) has no colour of its own to check: its fresh style reaches the text directly inside
 * it through their `parent > child` styles, which are then fresh too. Elements the browser adds
 * after hydration, whose styles no built page has, are checked on every cover route. Of the
 * elements of one style there, those that look alike to the colour rules (the same computed
 * colours, font, surrounding text, backgrounds and visibility: `lookOf`) get one verdict, so the
 * first of them is checked for all.
 */
import {existsSync, readFileSync} from 'node:fs';
import {parse, type DefaultTreeAdapterMap} from 'parse5';

type HtmlNode = DefaultTreeAdapterMap['childNode'];

/** Not rendered as text, or not styled by the page's colours. */
const SKIPPED = new Set(['script', 'style', 'svg', 'template', 'noscript']);

/**
 * An element's style from its tag, class and style attributes: the tag with its classes (those
 * that only name the page, `docs-doc-id-*`, left out), then any inline colour declarations (Prism
 * writes token colours inline). Self-contained on purpose: its source also runs in the page
 * (`markStyles`), so the browser and the built HTML name a style alike.
 */
export function styleKey(tag: string, classAttribute: string, styleAttribute: string): string {
  const classes = classAttribute
    .split(/\s+/)
    .filter((name) => name && !/^(docs-doc-id-|blog-post-id-|plugin-id-)/.test(name))
    .sort();
  const colours = styleAttribute.match(/(?:^|;)\s*(?:color|background(?:-color)?)\s*:[^;]+/g)?.join('') ?? '';
  return [tag, ...classes].join('.') + (colours ? `{${colours}}` : '');
}

function attribute(node: HtmlNode, name: string): string {
  return ('attrs' in node ? node.attrs.find((attr) => attr.name === name)?.value : undefined) ?? '';
}

/** Every element style on a page (see the module comment). */
export function stylesOf(html: string): Set<string> {
  const styles = new Set<string>();
  const walk = (node: HtmlNode, parent: string): void => {
    let own = parent;
    if ('tagName' in node) {
      if (SKIPPED.has(node.tagName)) return;
      own = styleKey(node.tagName, attribute(node, 'class'), attribute(node, 'style'));
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

/** The cover: each of its routes with the styles it was chosen for (no other route before it shows them). */
export interface StyleCover {
  readonly routes: ReadonlyMap<string, ReadonlySet<string>>;
  /** Every style of every page. */
  readonly all: ReadonlySet<string>;
}

/**
 * The routes whose pages between them show every style of `pages` (route -> built HTML), picked
 * greedily by new styles per byte. Deterministic: ties go to the earlier route.
 */
export function styleCover(pages: ReadonlyMap<string, string>): StyleCover {
  const styles = new Map([...pages].map(([route, html]) => [route, stylesOf(html)] as const));
  const all = new Set([...styles.values()].flatMap((set) => [...set]));
  const left = new Set(all);
  const routes = new Map<string, Set<string>>();
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
    const fresh = new Set([...styles.get(best)!].filter((style) => left.has(style)));
    routes.set(best, fresh);
    for (const style of fresh) left.delete(style);
  }
  return {routes, all};
}

/**
 * styleCover over the built files of `routes` (`htmlFile` maps a route to its file). A route
 * without a file is left out here: its own test fails on the 404.
 */
export function styleCoverOfBuild(routes: readonly string[], htmlFile: (route: string) => string): StyleCover {
  const built = routes.filter((route) => existsSync(htmlFile(route)));
  return styleCover(new Map(built.map((route) => [route, readFileSync(htmlFile(route), 'utf8')])));
}

/**
 * What the colour rules read of a text element, as the browser computed it: its colours, font
 * size and weight, shadow and decorations, the colour and weight of the text around it (a link
 * told apart from it), whether its text has letters or digits, is seen at all and is cut off by
 * a scrolling ancestor (axe judges a text it cannot see whole otherwise), and the
 * backgrounds under it, from its own up to the first opaque one (with their images, opacity,
 * blending, positioning and pseudo-elements' backgrounds).
 */
function lookOf(element: Element): string {
  /** Whether an ancestor that clips its overflow (a scrolling table, the sidebar) cuts `element` off, wholly or in part. */
  const cutOff = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    for (let clip = element.parentElement; clip; clip = clip.parentElement) {
      const {overflowX, overflowY} = getComputedStyle(clip);
      if (overflowX === 'visible' && overflowY === 'visible') continue;
      const frame = clip.getBoundingClientRect();
      if (box.left < frame.left || box.right > frame.right || box.top < frame.top || box.bottom > frame.bottom)
        return true;
    }
    return false;
  };
  const style = getComputedStyle(element);
  const around = element.parentElement ? getComputedStyle(element.parentElement) : style;
  const parts = [
    style.color,
    style.fontSize,
    style.fontWeight,
    style.fontStyle,
    style.textShadow,
    style.textDecorationLine,
    style.textDecorationColor,
    style.borderBottom,
    around.color,
    around.fontWeight,
    String(/[\p{L}\p{N}]/u.test(element.textContent ?? '')),
    String(element.checkVisibility({opacityProperty: true, visibilityProperty: true})),
    String(cutOff(element)),
    style.clip,
    style.clipPath,
  ];
  for (let layer: Element | null = element; layer; layer = layer.parentElement) {
    const current = layer;
    const under = getComputedStyle(current);
    const pseudo = ['::before', '::after'].map((name) => getComputedStyle(current, name).backgroundColor);
    parts.push(under.backgroundColor, under.backgroundImage, under.opacity, under.filter, under.mixBlendMode);
    parts.push(under.position, ...pseudo);
    if (under.backgroundImage === 'none' && /^rgb\(/.test(under.backgroundColor)) break;
  }
  return parts.join('|');
}

/**
 * Runs in the page (its source is sent there with `styleKey`'s and `lookOf`'s, see
 * `markStylesScript`): gives `attribute` to the elements in the body that have text of their own
 * and carry one of `styles`, alone or under its parent's, or a style that `known` (every built
 * page's) lacks, one for each look they have (the first of those that share a style and everything the colour rules read of
 * an element, as the browser computed it: `lookOf`), and removes it from every other element;
 * returns how many it marked. A table of 400 rows is one look, not 400 checks of the same colours
 * (issue 35's e2e budget: most of axe's time on the cover routes was the same cells again). Inline
 * colours are left out of the style comparison (Prism writes the current mode's, and the built
 * HTML has the light mode's); the look compares the colours the page shows.
 *
 * It fails safe: an element whose style hydration changed (the `details` the theme marks as
 * running in a browser), or any element if the page named styles otherwise than the build's HTML
 * is read, carries a style no built page has, so it is marked and checked. A style only the HTML
 * has (a redirect's page, the light and dark logos of which the theme keeps one) is one no reader
 * sees after hydration, when axe runs; it was never checked.
 */
function markStyles(
  key: typeof styleKey,
  look: typeof lookOf,
  {styles, known, attribute: mark}: {styles: string[]; known: string[]; attribute: string},
): number {
  const withoutColours = (style: string): string => style.replace(/\{[^}]*\}/g, '');
  const wanted = new Set(styles.map(withoutColours));
  const built = new Set(known.map(withoutColours));
  const skipped = new Set(['script', 'style', 'svg', 'template', 'noscript']);
  const looks = new Set<string>();
  let marked = 0;
  const walk = (element: Element, parent: string, inBody: boolean): void => {
    if (skipped.has(element.localName)) return;
    const own = key(element.localName, element.getAttribute('class') ?? '', '');
    const pair = `${parent} > ${own}`;
    const hasText = Array.from(element.childNodes).some(
      (child) => child.nodeType === Node.TEXT_NODE && (child.textContent ?? '').trim(),
    );
    const body = inBody || element.localName === 'body';
    const carries = wanted.has(own) || wanted.has(pair) || !built.has(own) || !built.has(pair);
    // Of the elements with one style that look alike (`lookOf`), the colour rules judge the first
    // for all: they read nothing else.
    const seen = body && hasText && carries ? `${pair} ${look(element)}` : undefined;
    if (seen !== undefined && !looks.has(seen)) {
      looks.add(seen);
      element.setAttribute(mark, '');
      marked += 1;
    } else {
      element.removeAttribute(mark);
    }
    for (const child of Array.from(element.children)) walk(child, own, body);
  };
  walk(document.documentElement, '', false);
  return marked;
}

/** The script that runs `markStyles` in a page, for `page.evaluate`. */
export function markStylesScript(styles: Iterable<string>, known: Iterable<string>, attribute: string): string {
  const args = {styles: [...styles], known: [...known], attribute};
  return `(${markStyles.toString()})(${styleKey.toString()}, ${lookOf.toString()}, ${JSON.stringify(args)})`;
}
