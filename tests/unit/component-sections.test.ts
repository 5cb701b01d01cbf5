/**
 * The site-wide API components (core/contract/component-sections.ts) from the real contract: each
 * component's blocks rendered to HTML by the page's renderer (src/components/Reference/Sections.tsx)
 * and to Markdown (core/markdown/markdown.ts `sectionsMarkdown`), both read back into the same
 * facts (paragraphs, column heads, the text of every cell, every link, every step) and compared.
 */
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {parseFragment} from 'parse5';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import {describe, expect, it} from 'vitest';
import {contractSite} from '#node/contract/load';
import {loadedContract} from '../helpers/contract';
import {componentSections, downloads, panStatuses} from '#node/contract/data';
import {spansOf} from '#core/contract/component-sections';
import {changeBadges, releaseParts} from '#core/changelog/changelog';
import {contractDeprecations} from '#core/contract/deprecations';
import {defaultLabels} from '#core/contract/labels';
import {flowSteps, rowAnchors, type SectionBlock} from '#core/contract/sections';
import {onPage, sectionsMarkdown} from '#core/markdown/markdown';
import {sandboxPageTree, sandboxPageView} from '#core/sandbox/page';
import Sections from '../../src/components/Reference/Sections';
import ChangelogBlocks from '../../src/components/ApiChangelog/ChangelogBlocks';

// <Link>, useBaseUrl and <Heading> are the unit tests' stubs (vitest.config.mts): a plain link to `to`,
// the path as written, the heading element with its id.

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

interface Facts {
  readonly headings: string[];
  readonly paragraphs: string[];
  readonly heads: string[];
  /** `cell | cell | ...` of every row; list items as `item; item`. */
  readonly rows: string[];
  readonly links: string[];
  readonly steps: string[];
}

const emptyFacts = (): Facts => ({headings: [], paragraphs: [], heads: [], rows: [], links: [], steps: []});

/* ------------------------------------------------------------------ HTML */

interface HtmlNode {
  readonly nodeName: string;
  readonly value?: string;
  readonly attrs?: readonly {readonly name: string; readonly value: string}[];
  readonly childNodes?: readonly HtmlNode[];
}

const kids = (n: HtmlNode): HtmlNode[] => (n.childNodes ?? []).filter((c) => !c.nodeName.startsWith('#'));
const attr = (n: HtmlNode, name: string): string | undefined => n.attrs?.find((a) => a.name === name)?.value;

/**
 * The text of a node as the twin words it: a line of its own after a space, list items joined by
 * `; `, small print (a release's date) in brackets.
 */
function htmlText(n: HtmlNode): string {
  if (n.nodeName === '#text') return n.value ?? '';
  if (n.attrs && attr(n, 'aria-hidden') === 'true') return '';
  // A disclosure's label (`3 docs-only changes`) is the twin's <details> HTML, which its Markdown reader skips.
  if (n.nodeName === 'summary') return '';
  if (n.nodeName === 'ul') return kids(n).map(htmlText).join('; ');
  // A numbered list's item (a journey's step): its lines after its text, a space apart in the twin.
  if (n.nodeName === 'ol')
    return kids(n)
      .map((li) =>
        (li.childNodes ?? []).map((c, i) => (c.nodeName === 'ul' && i > 0 ? ' ' : '') + htmlText(c)).join(''),
      )
      .join('; ');
  // In a table cell a list after text starts on a line of its own; the twin's cell puts a space there.
  const apart = (c: HtmlNode, i: number): string => (n.nodeName === 'td' && c.nodeName === 'ul' && i > 0 ? ' ' : '');
  const inner = (n.childNodes ?? []).map((c, i) => apart(c, i) + htmlText(c)).join('');
  if (n.nodeName === 'small') return `(${inner})`;
  return n.nodeName === 'div' ? ` ${inner}` : inner;
}

function htmlFacts(html: string): Facts {
  const facts = emptyFacts();
  let group: string | undefined;
  const visit = (n: HtmlNode): void => {
    if (n.nodeName === 'a') facts.links.push(`${squash(htmlText(n))} -> ${attr(n, 'href')}`);
    // An item's paragraph (a changelog entry) is its text, as in the twin's list.
    if (n.nodeName === 'p' && !insideList.has(n)) facts.paragraphs.push(squash(htmlText(n)));
    if (/^h\d$/.test(n.nodeName)) facts.headings.push(`${n.nodeName.slice(1)} ${squash(htmlText(n))}`);
    if (n.nodeName === 'th' && attr(n, 'scope') === 'col') facts.heads.push(squash(htmlText(n)));
    if (n.nodeName === 'tbody') group = undefined;
    if (n.nodeName === 'th' && attr(n, 'scope') === 'rowgroup') group = squash(htmlText(n));
    if (n.nodeName === 'tr' && kids(n).every((c) => c.nodeName === 'td'))
      facts.rows.push([...(group ? [group] : []), ...kids(n).map((c) => squash(htmlText(c)))].join(' | '));
    // A numbered list (a journey's steps) is one row, its items' own lists inside it, as in the twin.
    if (n.nodeName === 'ol') {
      facts.rows.push(squash(htmlText(n)));
      const links = (m: HtmlNode): void => {
        if (m.nodeName === 'a') facts.links.push(`${squash(htmlText(m))} -> ${attr(m, 'href')}`);
        kids(m).forEach(links);
      };
      return kids(n).forEach(links);
    }
    if (n.nodeName === 'ul' && !insideTable.has(n)) facts.rows.push(squash(htmlText(n)));
    if (n.nodeName === 'figure') {
      const [ol, caption] = kids(n) as [HtmlNode, HtmlNode];
      facts.steps.push(squash(htmlText(caption)));
      for (const li of kids(ol))
        facts.steps.push(
          kids(li)
            .map((c) => squash(htmlText(c)))
            .filter(Boolean)
            .join(': '),
        );
      return;
    }
    for (const c of kids(n)) visit(c);
  };
  const insideTable = new Set<HtmlNode>();
  const insideList = new Set<HtmlNode>();
  const mark = (n: HtmlNode, inTable: boolean, inList: boolean): void => {
    if (inTable) insideTable.add(n);
    if (inList) insideList.add(n);
    for (const c of kids(n)) mark(c, inTable || n.nodeName === 'table', inList || n.nodeName === 'li');
  };
  const root = parseFragment(html) as HtmlNode;
  mark(root, false, false);
  visit(root);
  return facts;
}

/* ------------------------------------------------------------------ Markdown */

interface MdNode {
  readonly type: string;
  readonly value?: string;
  readonly url?: string;
  readonly children?: readonly MdNode[];
}

/** As htmlText: the items of a list (an entry's changes) joined by `; `. */
const mdText = (n: MdNode): string =>
  n.type === 'html'
    ? ''
    : (n.value ?? (n.children ?? []).map((c) => (c.type === 'list' ? listText(c) : mdText(c))).join(''));
const listText = (list: MdNode): string => (list.children ?? []).map((li) => squash(mdText(li))).join('; ');

/** A list and, after it, the lists in its items, in the order the page's renderer visits them. */
const listRows = (list: MdNode): string[] => [
  listText(list),
  ...(list.children ?? []).flatMap((li) => (li.children ?? []).filter((c) => c.type === 'list').flatMap(listRows)),
];

function mdFacts(markdown: string): Facts {
  const facts = emptyFacts();
  const visit = (n: MdNode): void => {
    if (n.type === 'link') facts.links.push(`${squash(mdText(n))} -> ${n.url}`);
    for (const c of n.children ?? []) visit(c);
  };
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as MdNode;
  for (const block of tree.children ?? []) {
    if (block.type === 'paragraph') facts.paragraphs.push(squash(mdText(block)));
    if (block.type === 'heading') facts.headings.push(`${(block as {depth?: number}).depth} ${squash(mdText(block))}`);
    if (block.type === 'table') {
      const [head, ...rows] = block.children ?? [];
      facts.heads.push(...(head?.children ?? []).map((c) => squash(mdText(c))));
      facts.rows.push(...rows.map((r) => (r.children ?? []).map((c) => squash(mdText(c))).join(' | ')));
    }
    // A steps block's numbered list follows its label (`Label:`); a numbered list block has none.
    const label = facts.paragraphs.at(-1)?.endsWith(':');
    if (block.type === 'list' && (block as {ordered?: boolean}).ordered && label) {
      facts.steps.push(squash(facts.paragraphs.pop()?.replace(/:$/, '') ?? ''));
      facts.steps.push(...(block.children ?? []).map((li) => squash(mdText(li))));
    } else if (block.type === 'list') {
      facts.rows.push(...listRows(block));
    }
    visit(block);
  }
  return facts;
}

/* ------------------------------------------------------------------ the contract */

const loaded = await loadedContract();
const site = contractSite(loaded, (file) => `/${file}`);
const labels = defaultLabels();
const sections = componentSections({
  views: site.views,
  labels,
  responseCodes: loaded.responseCodes,
  panStatuses: panStatuses(loaded.deref),
  rateLimits: site.rateLimits,
  releases: site.releases,
  notes: loaded.notes,
  deprecations: contractDeprecations(loaded.deref),
  bodies: {},
  samples: {},
  sandboxPage: sandboxPageView(loaded.sandbox, site.views.tags),
  stylesheets: {},
  sandbox: [],
  behaviour: loaded.behaviour,
  journeys: loaded.journeys,
});
const flow = [flowSteps('Demo flow', [{title: 'Keys', detail: 'Get them'}, {title: 'Call'}])];

const url = (sitePath: string): string => sitePath;
const pageOf = (blocks: readonly SectionBlock[], render = Sections): string =>
  renderToStaticMarkup(createElement(render, {blocks}));

describe('site-wide components: page and Markdown twin, from one list of blocks', () => {
  it.each([...Object.entries(sections), ['FlowDiagram', flow] as const])(
    '%s: same facts',
    (key, blocks) => {
      // The changelog renders its lists itself (checklists, disclosures): src/components/ApiChangelog.
      const page = htmlFacts(pageOf(blocks, key === 'ApiChangelog' ? ChangelogBlocks : Sections));
      const twin = mdFacts(sectionsMarkdown(blocks, url));
      expect(page.rows.length + page.steps.length, 'not vacuous').toBeGreaterThan(0);
      expect(twin).toEqual(page);
      // The changelog renders every release's section: seconds on a loaded machine, not milliseconds.
    },
    30_000,
  );

  it('has every component the site shows, with the anchors pages link', () => {
    // A family's operation list, its behaviour table and its journeys (one per file) come and go with the families.
    const perFamily = (k: string): boolean =>
      k.startsWith('OperationList/') || k.startsWith('BehaviourTable/') || k.startsWith('Journeys/');
    expect(Object.keys(sections).filter((k) => !perFamily(k))).toEqual([
      'ResponseCodeTable',
      'RateLimitTable',
      'PanStatusTable',
      'DownloadLinks',
      'ApiIndex',
      'ApiChangelog',
      'Deprecations',
    ]);
    expect(Object.keys(sections).filter((k) => k.startsWith('OperationList/'))).toHaveLength(site.views.tags.length);
    expect(rowAnchors(sections.ResponseCodeTable ?? [])).toContain('code-2');
    expect(rowAnchors(sections.PanStatusTable ?? [])).toContain('status-dispatched');
    // The operation pages' change badges and the feeds link the changelog's entries, and the changes
    // several entries share, listed once. An entry whose changes are all shared (with every operation or
    // with some) has no entry of its own: its badge links where they are (changeBadges).
    expect(rowAnchors(sections.ApiChangelog ?? []).sort()).toEqual(
      site.releases
        .flatMap((r) => {
          const parts = releaseParts(r);
          const entries = [...parts.added, ...parts.changed, ...parts.removed];
          return [...entries.map((i) => `change-${r.version}-${i.id}`), ...parts.repeated.map((g) => g.anchor)];
        })
        .sort(),
    );
    const headings = (sections.ApiChangelog ?? []).flatMap((b) => (b.kind === 'heading' ? [b.id] : []));
    const targets = new Set([...rowAnchors(sections.ApiChangelog ?? []), ...headings]);
    for (const badge of changeBadges(site.releases).values())
      expect(targets, badge.href).toContain(badge.href.split('#')[1]);
    expect(downloads(labels).length).toBe(4);
  });
});

describe('the Sandbox page: page and Markdown twin, from one tree', () => {
  const tree = sandboxPageTree(sandboxPageView(loaded.sandbox, site.views.tags), labels);
  // The twin names each row's operation in a first column; the page puts it in a head row over the rows.
  const operation = labels['api.sandbox.operation'];

  it.each(tree.sections.map((s) => [s.key, s] as const))('%s: same facts', (_key, section) => {
    const page = htmlFacts(pageOf(section.blocks));
    const twin = mdFacts(sectionsMarkdown(section.blocks, url));
    expect(page.rows.length, 'not vacuous').toBeGreaterThan(0);
    // ... and so links it once per row: compare the links each output has, in order of first use.
    const once = (f: Facts): Facts => ({...f, links: [...new Set(f.links)]});
    expect(once({...twin, heads: twin.heads.filter((h) => h !== operation)})).toEqual(once(page));
  });

  it('has the sections the remark plugin puts headings for', () => {
    expect(tree.sections.slice(0, 3).map((s) => s.heading.text)).toEqual([
      'Credentials',
      'Any operation',
      'Any family',
    ]);
    expect(tree.sections.length).toBeGreaterThan(3);
  });
});

describe('helpers of the changelog blocks', () => {
  it("puts spans in the place of a label's placeholders and keeps unknown ones", () => {
    const rss = {kind: 'link', text: 'RSS', href: '/rss.xml', file: true, open: true} as const;
    expect(spansOf('Feeds: {rss}, {atom}.', {rss})).toEqual(['Feeds: ', rss, ', ', '{atom}', '.']);
    expect(spansOf('{rss}', {rss})).toEqual([rss]);
  });

  it("makes the twin's links within the page links to the page", () => {
    const url = onPage('/docs/v1/changelog', (p) => `https://x${p}`);
    expect(url('#change-a')).toBe('https://x/docs/v1/changelog#change-a');
    expect(url('/docs/v1/other#b')).toBe('https://x/docs/v1/other#b');
  });
});
