/**
 * Which routes get axe's rules that do not depend on colour (issue 35): a small set of pages that,
 * between them, show every element structure the site has, chosen from the built HTML, the way
 * `style-cover.ts` chooses the pages for the colour rules.
 *
 * Why a cover is enough. Each of these rules (names, roles, ARIA, lists, tables, language, page
 * title, landmarks) judges an element by its own tag, role and attributes, by its place under its
 * parent (a `li` outside a list, a `tr` outside a table), by whether it has a name (text, `alt`,
 * `aria-label`, `title`), by whether the ids it points to exist once, and by the CSS its classes
 * give it (hidden or not). The structure of an element is all of that, written
 * as a string: its tag, its role, the names of the attributes those rules read with their values
 * reduced to what the rules ask of them (`alt` empty or not, an `aria-labelledby` that resolves or
 * not, `tabindex` negative, zero or positive; the value itself for the few with a fixed set of
 * values, such as `aria-expanded`, `lang` or `scope`), its classes (the component it belongs to;
 * classes that only name the page, `docs-doc-id-*`, are left out), whether it has text where the
 * rules need a name, and the same of its parent's. The words themselves are not in it: no rule of
 * these reads them, except to know whether there are any. So two elements with one structure get
 * the same verdict from every rule, and checking each structure once, on a page that shows it,
 * checks it everywhere. The cover holds, for every structure on any page, one page that shows it
 * (greedily, by new structures per byte of HTML, so a structure is checked on a small page where
 * one has it), after the routes of the style cover, which get these rules anyway.
 *
 * What the built HTML does not show is checked on the routes that show it instead
 * (`markUncoveredScript`, axe's `include` context), each kind once in a run of routes:
 * - what hydration makes. It comes from the same components with the same props on every page that
 *   has them, so a page of the cover shows it too; but a structure no built page has is checked
 *   wherever it is, so that argument is not needed;
 * - layout. Whether a table or a code block scrolls sideways depends on how wide its content is,
 *   not only on its classes, and `scrollable-region-focusable` asks a region that scrolls to be
 *   reachable from the keyboard: every region that scrolls is checked on its own page.
 */
import {existsSync, readFileSync} from 'node:fs';
import {parse, type DefaultTreeAdapterMap} from 'parse5';

type HtmlNode = DefaultTreeAdapterMap['node'];

/**
 * One element's structure (see the module comment) from its tag, its attributes, whether it has
 * text, and how many elements of the page carry an id. Self-contained on purpose: its source also
 * runs in the page (`markUncoveredScript`), so the browser and the built HTML name a structure alike.
 */
export function elementStructure(
  tag: string,
  attributes: readonly (readonly [string, string])[],
  hasText: boolean,
  idCount: (id: string) => number,
): string {
  // Attributes a rule reads whose values are ids: does each resolve to exactly one element?
  const refs =
    /^(aria-(labelledby|describedby|controls|owns|activedescendant|details|errormessage|flowto)|for|headers|usemap)$/;
  // Attributes whose words make a name: empty or not.
  const texts = /^(alt|title|aria-(label|roledescription|valuetext|placeholder|description)|placeholder|value)$/;
  // The attributes the rules read (`type` for inputs and buttons, `content` for meta refresh and viewport).
  const read =
    /^(aria-.+|role|alt|title|tabindex|lang|xml:lang|for|headers|scope|href|disabled|hidden|inert|open|accesskey|autocomplete|type|src|usemap|ismap|colspan|rowspan|contenteditable|dir|name|http-equiv|placeholder|value|controls|autoplay|muted)$/;
  // The elements and roles a rule wants a name for: whether they have text is part of their structure.
  const named = /^(a|button|summary|h[1-6]|th|td|label|legend|caption|option|title|dt|dd|li)$/;
  const values = new Map(attributes);
  const parts = [tag];
  for (const [name, value] of [...attributes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!read.test(name)) continue;
    let shown: string;
    if (refs.test(name)) {
      const ids = value.trim().split(/\s+/);
      shown = ids.every((id) => id !== '' && idCount(id) === 1) ? 'resolves' : 'dangles';
    } else if (texts.test(name)) shown = value.trim() ? 'text' : 'empty';
    else if (name === 'href' || name === 'src')
      shown = value === '' ? 'empty' : value.startsWith('#') ? 'fragment' : 'url';
    else if (name === 'tabindex') shown = Number(value) < 0 ? 'negative' : Number(value) > 0 ? 'positive' : 'zero';
    else if (/^-?\d+(\.\d+)?$/.test(value)) shown = 'number';
    else shown = value;
    parts.push(`[${name}=${shown}]`);
  }
  if (tag === 'meta' && (values.get('name') === 'viewport' || values.has('http-equiv'))) {
    parts.push(`[content=${values.get('content') ?? ''}]`);
  }
  const classes = (values.get('class') ?? '')
    .split(/\s+/)
    .filter((name) => name && !/^(docs-doc-id-|blog-post-id-|plugin-id-)/.test(name))
    .sort();
  if (classes.length > 0) parts.push(`.${classes.join('.')}`);
  if (named.test(tag) || values.has('role')) parts.push(hasText ? '+text' : '-text');
  return parts.join('');
}

/** Not part of the page axe reads (`svg`'s own children are drawing, not structure). */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);

function attributesOf(node: HtmlNode): [string, string][] {
  return 'attrs' in node ? node.attrs.map((attr) => [attr.name, attr.value]) : [];
}

/**
 * Every structure on a page, each as `<parent's structure> > <own>`: see the module comment. Two
 * walks, so the page is read in linear time: which elements have text (from the leaves up), then
 * the structures (from the root down).
 */
export function structuresOf(html: string): Set<string> {
  const document = parse(html);
  const ids = new Map<string, number>();
  const withText = new Set<HtmlNode>();
  const read = (node: HtmlNode): boolean => {
    if (node.nodeName === '#text' && 'value' in node) return node.value.trim() !== '';
    if ('tagName' in node && SKIPPED.has(node.tagName)) return false;
    const id = attributesOf(node).find(([name]) => name === 'id')?.[1];
    if (id) ids.set(id, (ids.get(id) ?? 0) + 1);
    let text = false;
    if ('childNodes' in node) for (const child of node.childNodes) text = read(child) || text;
    if (text) withText.add(node);
    return text;
  };
  read(document);
  const idCount = (id: string): number => ids.get(id) ?? 0;
  const structures = new Set<string>();
  const walk = (node: HtmlNode, parent: string): void => {
    let own = parent;
    if ('tagName' in node) {
      if (SKIPPED.has(node.tagName)) return;
      own = elementStructure(node.tagName, attributesOf(node), withText.has(node), idCount);
      structures.add(`${parent} > ${own}`);
      if (node.tagName === 'svg') return;
    }
    if ('childNodes' in node) for (const child of node.childNodes) walk(child, own);
  };
  walk(document, '');
  return structures;
}

/** The cover: each of its routes with the structures it was chosen for. */
export interface StructureCover {
  /** The routes added for their structures (`checked` ones not among them), in the order chosen. */
  readonly routes: ReadonlyMap<string, ReadonlySet<string>>;
  /** Every structure of every page. */
  readonly all: ReadonlySet<string>;
  /** Each page's structures. */
  readonly byRoute: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * The routes whose pages, with those of `checked` (routes that get these rules anyway), show every
 * structure of `pages` (route -> built HTML); picked greedily by new structures per byte.
 * Deterministic: ties go to the earlier route.
 */
export function structureCover(pages: ReadonlyMap<string, string>, checked: Iterable<string> = []): StructureCover {
  const byRoute = new Map([...pages].map(([route, html]) => [route, structuresOf(html)] as const));
  const all = new Set([...byRoute.values()].flatMap((set) => [...set]));
  const left = new Set(all);
  for (const route of checked) for (const structure of byRoute.get(route) ?? []) left.delete(structure);
  const routes = new Map<string, Set<string>>();
  while (left.size > 0) {
    let best: string | undefined;
    let bestRate = 0;
    for (const [route, set] of byRoute) {
      let fresh = 0;
      for (const structure of set) if (left.has(structure)) fresh += 1;
      const rate = fresh / pages.get(route)!.length;
      if (rate > bestRate) [best, bestRate] = [route, rate];
    }
    if (best === undefined) break;
    const fresh = new Set([...byRoute.get(best)!].filter((structure) => left.has(structure)));
    routes.set(best, fresh);
    for (const structure of fresh) left.delete(structure);
  }
  return {routes, all, byRoute};
}

/**
 * For each route of `cover.byRoute`, the structures of its page that no route of `checked` shows,
 * as `route: structure` lines; empty when every structure is checked somewhere.
 */
export function uncoveredStructures(cover: StructureCover, checked: Iterable<string>): string[] {
  const seen = new Set<string>();
  for (const route of checked) for (const structure of cover.byRoute.get(route) ?? []) seen.add(structure);
  return [...cover.byRoute].flatMap(([route, set]) =>
    [...set].filter((structure) => !seen.has(structure)).map((structure) => `${route}: ${structure}`),
  );
}

/**
 * structureCover over the built files of `routes` (`htmlFile` maps a route to its file). A route
 * without a file is left out here: its own test fails on the 404.
 */
export function structureCoverOfBuild(
  routes: readonly string[],
  htmlFile: (route: string) => string,
  checked: Iterable<string> = [],
): StructureCover {
  const built = routes.filter((route) => existsSync(htmlFile(route)));
  return structureCover(new Map(built.map((route) => [route, readFileSync(htmlFile(route), 'utf8')])), checked);
}

/**
 * Runs in the page (its source is sent there with `elementStructure`'s, see `markUncoveredScript`):
 * gives `attribute` to every element that the cover does not vouch for (see the module comment),
 * unless its key is in `checked`: whose structure, under its parent's, no built page has (the key:
 * that structure), or that scrolls (the key: its structure, and whether it holds something
 * focusable, which is what `scrollable-region-focusable` asks of it); removes it from every other
 * element, and returns the keys of those it marked. Its walk is `structuresOf`'s over the live
 * document.
 */
function markUncovered(
  structure: typeof elementStructure,
  {known, checked, attribute: mark}: {known: string[]; checked: string[]; attribute: string},
): string[] {
  const built = new Set(known);
  const done = new Set(checked);
  const skipped = new Set(['script', 'style', 'template', 'noscript']);
  const ids = new Map<string, number>();
  for (const element of Array.from(document.querySelectorAll('[id]'))) {
    ids.set(element.id, (ids.get(element.id) ?? 0) + 1);
  }
  const idCount = (id: string): number => ids.get(id) ?? 0;
  const withText = new Set<Node>();
  const read = (node: Node): boolean => {
    if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').trim() !== '';
    if (node instanceof Element && skipped.has(node.localName)) return false;
    let text = false;
    for (const child of Array.from(node.childNodes)) text = read(child) || text;
    if (text) withText.add(node);
    return text;
  };
  read(document.documentElement);
  const marked = new Set<string>();
  const walk = (element: Element, parent: string): void => {
    if (skipped.has(element.localName)) return;
    const attributes = Array.from(element.attributes)
      .filter((attr) => attr.name !== mark)
      .map((attr) => [attr.name, attr.value] as const);
    const own = structure(element.localName, attributes, withText.has(element), idCount);
    const pair = `${parent} > ${own}`;
    const overflows = element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight;
    const scrolls =
      overflows && /auto|scroll/.test(`${getComputedStyle(element).overflowX} ${getComputedStyle(element).overflowY}`);
    const focusable =
      scrolls && element.querySelector('a[href], button, input, select, textarea, summary, [tabindex]') !== null;
    const key = !built.has(pair) ? pair : scrolls ? `${pair} (scrolls${focusable ? ', holds a focusable' : ''})` : '';
    if (key && !done.has(key)) {
      element.setAttribute(mark, '');
      marked.add(key);
    } else {
      element.removeAttribute(mark);
    }
    if (element.localName === 'svg') return;
    for (const child of Array.from(element.children)) walk(child, own);
  };
  walk(document.documentElement, '');
  return [...marked];
}

/**
 * The script that runs `markUncovered` in a page, for `page.evaluate`: `known`, every built
 * structure; `checked`, the keys of elements already checked elsewhere.
 */
export function markUncoveredScript(known: Iterable<string>, checked: Iterable<string>, attribute: string): string {
  const args = {known: [...known], checked: [...checked], attribute};
  return `(${markUncovered.toString()})(${elementStructure.toString()}, ${JSON.stringify(args)})`;
}
