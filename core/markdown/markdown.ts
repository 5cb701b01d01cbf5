/**
 * Markdown for the AI-readable copies of the site: the `.md` twin of every page, /llms.txt and
 * /llms-full.txt (plugins/llms-txt). The reference of an operation or webhook is its section tree
 * (core/contract/tree.ts) turned block by block into an mdast tree: the same tree the page renders, so
 * the twin says what the page says, under the same headings. The site-wide components (the catalogues,
 * the family lists, /api, the changelog) are generic blocks, turned by `sectionsMarkdown`.
 *
 * Each block becomes mdast nodes; ./serialise.ts writes them (mdast-util-to-markdown with GFM), which
 * escapes what needs escaping. Nothing here escapes Markdown by hand.
 *
 * Pure: data in, strings out; no React, no Docusaurus, no file system. Tested word for word
 * in tests/unit/markdown.test.ts.
 */
import type {
  Code,
  Heading,
  Html,
  InlineCode,
  Link,
  List,
  ListItem as MdListItem,
  Paragraph,
  PhrasingContent,
  RootContent,
  Strong,
  Table,
  TableCell,
  Text,
} from 'mdast';
import {parseInline} from './inline';
import {serialise} from './serialise';
import type {Block, BlockKind, FieldRow, FieldWords, ReferenceTree} from '../contract/tree';
import type {Cell, ComponentTree, ListItem, SectionBlock, Span, TableRow} from '../contract/sections';
import type {CodeSample, Scalar} from '../contract/types';
import {choiceSeparator, FIELDS} from '../contract/required-choice';

/** Turns a site path ('/HeaderMarkdown', '/docs/v1/...#x') into the URL a reader can open. */
export type UrlOf = (sitePath: string) => string;

/** The URLs of one page's twin: a link within the page (`#anchor`) made a link to that anchor on it. */
export const onPage =
  (page: string, url: UrlOf): UrlOf =>
  (href) =>
    url(href.startsWith('#') ? `${page}${href}` : href);

/* ------------------------------------------------------------------ nodes */

type Phrasing = PhrasingContent;
type Flow = RootContent;

const text = (value: string): Text => ({type: 'text', value});
const inlineCode = (value: string): InlineCode => ({type: 'inlineCode', value});
const strong = (value: string): Strong => ({type: 'strong', children: [text(value)]});
const link = (label: string, url: string): Link => ({type: 'link', url, children: [text(label)]});
const html = (value: string): Html => ({type: 'html', value});
const heading = (depth: number, value: string): Heading => ({
  type: 'heading',
  depth: Math.min(6, Math.max(1, depth)) as Heading['depth'],
  children: [text(value)],
});

/** A paragraph, or nothing when it would be empty (an empty part is left out of the twin). */
const paragraph = (children: readonly Phrasing[]): Paragraph[] =>
  children.some((c) => c.type !== 'text' || c.value.trim() !== '')
    ? [{type: 'paragraph', children: [...children]}]
    : [];

/** A fenced block: the library makes the fence longer than any backtick run inside. */
const codeBlock = (body: string, lang?: string): Code => ({
  type: 'code',
  lang: lang || null,
  value: body.replace(/\n+$/, ''),
});

/** Phrasing joined by a separator, as `a, b and c` lists are joined in prose. */
function joined(parts: readonly (readonly Phrasing[])[], separator: string): Phrasing[] {
  return parts.flatMap((p, i) => (i === 0 ? [...p] : [text(separator), ...p]));
}

/** One GFM table cell: line breaks flattened (a cell is one line), the ends trimmed. */
function tableCell(children: readonly Phrasing[]): TableCell {
  const flat = children.map((c) => (c.type === 'text' ? text(c.value.replace(/\s*\n\s*/g, ' ')) : c));
  const first = flat[0];
  const last = flat.at(-1);
  if (first?.type === 'text') flat[0] = text(first.value.trimStart());
  if (last?.type === 'text') flat[flat.length - 1] = text(last.value.trimEnd());
  return {type: 'tableCell', children: flat};
}

function tableNode(head: readonly string[], rows: readonly (readonly (readonly Phrasing[])[])[]): Table {
  return {
    type: 'table',
    children: [head.map((h) => [text(h)]), ...rows].map((cells) => ({
      type: 'tableRow',
      children: cells.map(tableCell),
    })),
  };
}

const list = (items: readonly MdListItem[], ordered = false): List => ({
  type: 'list',
  ordered,
  ...(ordered ? {start: 1} : {}),
  spread: false,
  children: [...items],
});

const listItem = (children: readonly Flow[], checked?: boolean): MdListItem => ({
  type: 'listItem',
  spread: false,
  ...(checked === undefined ? {} : {checked}),
  children: children as MdListItem['children'],
});

/**
 * Contract prose and labels (see core/markdown/inline.ts): site links made absolute, code spans kept,
 * also inside a link's text (`[The \`reqId\` rule](/HeaderMarkdown)`), as the twin always had them.
 */
function inlineNodes(value: string, url: UrlOf): Phrasing[] {
  const words = (label: string): (Text | InlineCode)[] =>
    parseInline(label).map((seg) => (seg.code ? inlineCode(seg.text) : text(seg.text)));
  return parseInline(value).map((seg) =>
    seg.href !== undefined
      ? {type: 'link', url: url(seg.href), children: words(seg.text)}
      : seg.code
        ? inlineCode(seg.text)
        : text(seg.text),
  );
}

/** Contract prose as Markdown (a sentence of the twin): see `inlineNodes`. */
export function inline(value: string, url: UrlOf): string {
  return serialise(paragraph(inlineNodes(value, url)));
}

/** A table whose head is plain text and whose cells are inline Markdown as the contract prose is (code spans, links). */
export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const asWritten: UrlOf = (href) => href;
  return serialise([
    tableNode(
      head,
      rows.map((r) => r.map((c) => inlineNodes(c, asWritten))),
    ),
  ]);
}

/* ------------------------------------------------------------------ field tables */

function scalar(value: Scalar): InlineCode {
  return inlineCode(JSON.stringify(value));
}

function fieldName(row: FieldRow): string {
  return 'path' in row ? row.path : row.name;
}

function fieldNotes(row: FieldRow, words: FieldWords, url: UrlOf): Phrasing[] {
  const notes: Phrasing[][] = [];
  const choice = 'choice' in row ? row.choice : undefined;
  if (choice) {
    const [before = '', after = ''] = words.choice[choice.kind].lead.split(FIELDS);
    notes.push([
      text(before),
      ...choice.names.flatMap((n, i) => [
        ...(i > 0 ? [text(choiceSeparator(i, choice.names.length, words.or))] : []),
        inlineCode(n),
      ]),
      text(after),
    ]);
  }
  if (row.description) notes.push(inlineNodes(row.description, url));
  if (row.enumValues?.length)
    notes.push([
      text(`${words.oneOf} `),
      ...joined(
        row.enumValues.map((v) => [scalar(v)]),
        ', ',
      ),
      text('.'),
    ]);
  if (row.constraints.length)
    notes.push([
      text(`${words.rules} `),
      ...joined(
        row.constraints.map((c) => [inlineCode(c)]),
        ', ',
      ),
      text('.'),
    ]);
  if ('defaultValue' in row && row.defaultValue !== undefined)
    notes.push([text(`${words.default} `), inlineCode(row.defaultValue), text('.')]);
  if (row.example !== undefined) notes.push([text(`${words.example} `), inlineCode(row.example), text('.')]);
  return joined(notes, ' ');
}

/** The Required column: blank on a branch's head, the rule's badge on a field of a required choice. */
function requiredCell(row: FieldRow, words: FieldWords): string {
  if ('variant' in row && row.variant) return '';
  if ('choice' in row && row.choice) return words.choice[row.choice.kind].badge;
  return row.required ? words.yes : words.no;
}

function paramTableNode(rows: readonly FieldRow[], words: FieldWords, url: UrlOf): Table {
  return tableNode(
    [words.name, words.type, words.required, words.description],
    rows.map((row) => [
      [inlineCode(fieldName(row))],
      [text(row.type)],
      [text(requiredCell(row, words))],
      fieldNotes(row, words, url),
    ]),
  );
}

/** Parameters or schema fields as a table; nested fields are named by their dotted path. */
export function paramTable(rows: readonly FieldRow[], words: FieldWords, url: UrlOf): string {
  return serialise([paramTableNode(rows, words, url)]);
}

export {listOf} from '../util/list';

const codeSampleNodes = (samples: readonly CodeSample[]): Flow[] =>
  samples.flatMap((s) => [...paragraph([strong(s.label)]), codeBlock(s.code, s.prism)]);

/** A group of code samples or examples: each under its bold label, in a fence named by its language. */
export function codeSamplesMarkdown(samples: readonly CodeSample[]): string {
  return serialise(codeSampleNodes(samples));
}

/* ------------------------------------------------------------------ generic blocks (core/contract/sections.ts) */

/** One span of a cell or list item: the counterpart of SPANS in src/components/Reference/Sections.tsx. */
function spanNodes(span: Span, url: UrlOf): Phrasing[] {
  if (typeof span === 'string') return inlineNodes(span, url);
  switch (span.kind) {
    case 'call':
      return span.webhook
        ? [text(`${span.webhook} `), inlineCode(span.path)]
        : [inlineCode(`${span.method} ${span.path}`)];
    case 'link':
      return [link(span.text, span.external ? span.href : url(span.href))];
    case 'code':
      return [inlineCode(span.text)];
    case 'line':
      return [text(' '), ...inlineNodes(span.text, url)];
    case 'name':
    case 'retry':
      return [text(span.text)];
    case 'items':
      return joined(
        span.items.map((item) => cellNodes(item, url)),
        '; ',
      );
    case 'method':
      return [inlineCode(span.method)];
    case 'strong':
    case 'badge':
      return [strong(span.text)];
  }
}

function cellNodes(cell: Cell, url: UrlOf): Phrasing[] {
  // A list follows text on a new line on the page; in a table cell of the twin, a space stands for that break.
  return cell.reduce<Phrasing[]>((out, span) => {
    const last = out.at(-1);
    const apart =
      typeof span !== 'string' &&
      span.kind === 'items' &&
      last !== undefined &&
      !(last.type === 'text' && /\s$/.test(last.value));
    return [...out, ...(apart ? [text(' ')] : []), ...spanNodes(span, url)];
  }, []);
}

/**
 * Items behind a disclosure, as on the page: `<details>` with its summary, the list after a blank
 * line so that it is Markdown again (./serialise.ts keeps the blank lines).
 */
function collapsedNodes(label: string, inner: List): Flow[] {
  return [
    html(`<details><summary>${label.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</summary>`),
    inner,
    html('</details>'),
  ];
}

/** A list, each item's own list under it; a checklist's items as GFM task items. */
function listNode(items: readonly ListItem[], url: UrlOf, checklist = false, ordered = false): List {
  return list(
    items.map((item) =>
      listItem(
        [
          ...paragraph(cellNodes(item.cell, url)),
          ...(item.items?.length ? [listNode(item.items, url)] : []),
          ...(item.more ? collapsedNodes(item.more.label, listNode(item.more.items, url)) : []),
        ],
        checklist ? false : undefined,
      ),
    ),
    ordered,
  );
}

const SECTION_NODES: {
  readonly [K in SectionBlock['kind']]: (block: Extract<SectionBlock, {readonly kind: K}>, url: UrlOf) => Flow[];
} = {
  paragraph: (b, url) => paragraph(inlineNodes(b.text, url)),
  text: (b, url) => paragraph(cellNodes(b.cell, url)),
  table: (b, url) => {
    const row = (r: TableRow): Phrasing[][] => r.cells.map((c) => cellNodes(c, url));
    if (!b.groups) return [tableNode(b.head, b.rows.map(row))];
    const grouped = b.groups.list.flatMap((g) => g.rows.map((r) => [cellNodes(g.head, url), ...row(r)]));
    return [tableNode([b.groups.label, ...b.head], grouped)];
  },
  heading: (b) => [heading(b.depth, `${b.text}${b.note ? ` (${b.note})` : ''}`)],
  list: (b, url) => {
    const inner = listNode(b.items, url, b.look === 'checklist', b.ordered);
    return b.collapsed ? collapsedNodes(b.collapsed, inner) : [inner];
  },
  steps: (b) => [
    ...paragraph([text(`${b.label}:`)]),
    list(
      b.steps.map((s) => listItem(paragraph([strong(s.title), ...(s.detail ? [text(`: ${s.detail}`)] : [])]))),
      true,
    ),
  ],
};

const sectionNodes = (list: readonly SectionBlock[], url: UrlOf): Flow[] =>
  list.flatMap((b) => (SECTION_NODES[b.kind] as (block: SectionBlock, u: UrlOf) => Flow[])(b, url));

/** The blocks of a site-wide component (core/contract/component-sections.ts), as the page shows them. */
export function sectionsMarkdown(list: readonly SectionBlock[], url: UrlOf): string {
  return serialise(sectionNodes(list, url));
}

/** A component shown section by section (the Sandbox page): each section under its heading. */
export function componentTreeMarkdown(tree: ComponentTree, url: UrlOf): string {
  return serialise(tree.sections.flatMap((s) => [heading(2, s.heading.text), ...sectionNodes(s.blocks, url)]));
}

/* ------------------------------------------------------------------ the section tree */

interface BlockContext {
  readonly url: UrlOf;
  readonly words: FieldWords;
}

type BlockOf<K extends BlockKind> = Extract<Block, {readonly kind: K}>;

/** Each kind of block as mdast: the counterpart of BLOCKS in src/components/Reference. */
const BLOCK_NODES: {readonly [K in BlockKind]: (block: BlockOf<K>, ctx: BlockContext) => Flow[]} = {
  'request-line': (b, {url}) =>
    paragraph([
      ...(b.via
        ? [inlineCode(b.method), text(` ${b.via} `), inlineCode(b.path)]
        : [inlineCode(`${b.method} ${b.path}`)]),
      ...(b.change ? [text(' '), link(b.change.text, url(b.change.href))] : []),
    ]),
  paragraph: (b, {url}) => SECTION_NODES.paragraph(b, url),
  servers: (b, {url}) => [
    ...paragraph([strong(b.caption)]),
    list([
      ...b.rows.map((r) => listItem(paragraph([text(`${r.label}: `), inlineCode(r.request)]))),
      ...b.facts.map((f) => listItem(paragraph([text(`${f.label}: `), link(f.text, url(f.href))]))),
    ]),
  ],
  fields: (b, {words, url}) => [...paragraph([strong(b.caption)]), paramTableNode(b.rows, words, url)],
  examples: (b) => b.examples.flatMap((ex) => [...paragraph([strong(ex.title)]), codeBlock(ex.json, 'json')]),
  samples: (b) => codeSampleNodes(b.samples),
  codes: (b, {url}) => [
    tableNode(
      [b.head.code, b.head.name, b.head.meaning, b.head.retry],
      b.codes.map((c) => [
        [link(String(c.code), url(c.href))],
        [text(c.name)],
        inlineNodes(c.meaning, url),
        [text(c.retryText)],
      ]),
    ),
  ],
  'sandbox-scenarios': (b, {url}) => [
    tableNode(
      [b.head.send, b.head.answer, b.head.then],
      b.rows.map((r) => [
        inlineNodes(r.input, url),
        [link(`${r.code} ${r.name}`, url(r.href)), text(': '), ...inlineNodes(r.label, url)],
        inlineNodes(r.then, url),
      ]),
    ),
  ],
  // The panel is the page's interactive copy of the samples and the sandbox scenarios, both written above.
  'try-it': () => [],
  links: (b, {url}) => {
    const items = b.links.map((l): Phrasing[] => [link(l.label, url(l.href)), ...(l.note ? [text(` ${l.note}`)] : [])]);
    return b.lead
      ? paragraph([text(`${b.lead} `), ...joined(items, ', ')])
      : [list(items.map((i) => listItem(paragraph(i))))];
  },
  notice: (b, ctx) => [...paragraph([strong(b.title)]), ...b.blocks.flatMap((inner) => blockNodes(inner, ctx))],
};

function blockNodes(block: Block, ctx: BlockContext): Flow[] {
  const write = BLOCK_NODES[block.kind] as (b: Block, c: BlockContext) => Flow[];
  return write(block, ctx);
}

/**
 * One operation's or webhook's reference: every section under its heading (the headings the
 * remark plugin puts on the page), every block as the page shows it.
 */
export function treeMarkdown(tree: ReferenceTree, url: UrlOf): string {
  const ctx: BlockContext = {url, words: tree.words};
  return serialise(
    tree.sections.flatMap((s) => [
      ...(s.heading ? [heading(s.heading.depth, s.heading.text)] : []),
      ...s.blocks.flatMap((b) => blockNodes(b, ctx)),
    ]),
  );
}

/* ------------------------------------------------------------------ llms.txt */

export interface LlmsLink {
  readonly title: string;
  readonly url: string;
  readonly description?: string;
}

export interface LlmsSection {
  readonly title: string;
  readonly links: readonly LlmsLink[];
}

export interface LlmsTxt {
  readonly title: string;
  readonly summary: string;
  /** Free Markdown between the summary and the first section (no headings). */
  readonly details?: string;
  /** Sections of prose, each starting with its own `## ` heading, before the link sections. */
  readonly notes?: readonly string[];
  readonly sections: readonly LlmsSection[];
}

/** Markdown already written (the details and notes of /llms.txt), one blank line between, empty ones left out. */
const apart = (parts: readonly (string | undefined)[]): string =>
  parts.filter((p): p is string => p !== undefined && p.trim() !== '').join('\n\n');

/** One line of text: the summary and the descriptions of /llms.txt are single lines. */
const oneLine = (value: string): string => value.replace(/\s*\n\s*/g, ' ').trim();

/**
 * The llmstxt.org format: `# title`, `> summary`, details, then `## section` link lists. The
 * details and notes are Markdown as their writers made it; everything else is a tree.
 */
export function llmsTxtMarkdown(doc: LlmsTxt): string {
  const head = serialise([
    heading(1, doc.title),
    {type: 'blockquote', children: paragraph([text(oneLine(doc.summary))])},
  ]);
  const sections = serialise(
    doc.sections
      .filter((s) => s.links.length > 0)
      .flatMap((s) => [
        heading(2, s.title),
        list(
          s.links.map((l) =>
            listItem(
              paragraph([link(l.title, l.url), ...(l.description ? [text(`: ${oneLine(l.description)}`)] : [])]),
            ),
          ),
        ),
      ]),
  );
  return `${apart([head, doc.details, ...(doc.notes ?? []), sections])}\n`;
}
