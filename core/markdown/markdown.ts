/**
 * Markdown for the AI-readable copies of the site: the `.md` twin of every page, /llms.txt and
 * /llms-full.txt (plugins/llms-txt). The reference of an operation or webhook is its section tree
 * (core/contract/tree.ts) serialised block by block: the same tree the page renders, so the
 * twin says what the page says, under the same headings. The site-wide components (the catalogues,
 * the family lists, /api, the changelog) are generic blocks, serialised by `sectionsMarkdown`.
 *
 * Pure: strings in, strings out; no React, no Docusaurus, no file system. Tested word for word
 * in tests/unit/markdown.test.ts.
 */
import {parseInline} from './inline';
import type {Block, BlockKind, FieldRow, FieldWords, ReferenceTree} from '../contract/tree';
import type {Cell, ComponentTree, ListItem, SectionBlock, Span, TableRow} from '../contract/sections';
import type {CodeSample, Scalar} from '../contract/types';

/** Turns a site path ('/HeaderMarkdown', '/docs/v1/...#x') into the URL a reader can open. */
export type UrlOf = (sitePath: string) => string;

/** The URLs of one page's twin: a link within the page (`#anchor`) made a link to that anchor on it. */
export const onPage =
  (page: string, url: UrlOf): UrlOf =>
  (href) =>
    url(href.startsWith('#') ? `${page}${href}` : href);

/* ------------------------------------------------------------------ primitives */

/** A code span that survives backticks inside the value. */
export function code(value: string): string {
  const longest = Math.max(0, ...[...value.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${value}${pad}${ticks}`;
}

/** A fenced block whose fence is longer than any backtick run inside. */
export function fence(body: string, lang = ''): string {
  const longest = Math.max(0, ...[...body.matchAll(/`{3,}/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  return `${ticks}${lang}\n${body.replace(/\n+$/, '')}\n${ticks}`;
}

/** One GFM table cell: pipes escaped, line breaks flattened. */
export function cell(text: string): string {
  return text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(cell).join(' | ')} |`;
  return [line(head), `| ${head.map(() => '---').join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** Paragraphs and blocks, one blank line between, empty parts left out. */
export function blocks(...parts: readonly (string | false | undefined | null)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join('\n\n');
}

function link(label: string, href: string): string {
  return `[${label.replace(/([[\]])/g, '\\$1')}](${href})`;
}

/** Contract prose and labels (see core/markdown/inline.ts): site links made absolute, the rest as written. */
export function inline(text: string, url: UrlOf): string {
  return parseInline(text)
    .map((seg) => (seg.href !== undefined ? link(seg.text, url(seg.href)) : seg.code ? code(seg.text) : seg.text))
    .join('');
}

/* ------------------------------------------------------------------ field tables */

function scalar(value: Scalar): string {
  return code(JSON.stringify(value));
}

function fieldName(row: FieldRow): string {
  return 'path' in row ? row.path : row.name;
}

function fieldNotes(row: FieldRow, words: FieldWords, url: UrlOf): string {
  const notes: string[] = [];
  if (row.description) notes.push(inline(row.description, url));
  if (row.enumValues?.length) notes.push(`${words.oneOf} ${row.enumValues.map(scalar).join(', ')}.`);
  if (row.constraints.length) notes.push(`${words.rules} ${row.constraints.map(code).join(', ')}.`);
  if ('defaultValue' in row && row.defaultValue !== undefined)
    notes.push(`${words.default} ${code(row.defaultValue)}.`);
  if (row.example !== undefined) notes.push(`${words.example} ${code(row.example)}.`);
  return notes.join(' ');
}

/** Parameters or schema fields as a table; nested fields are named by their dotted path. */
export function paramTable(rows: readonly FieldRow[], words: FieldWords, url: UrlOf): string {
  return table(
    [words.name, words.type, words.required, words.description],
    rows.map((row) => [
      code(fieldName(row)),
      row.type,
      'variant' in row && row.variant ? '' : row.required ? words.yes : words.no,
      fieldNotes(row, words, url),
    ]),
  );
}

export {listOf} from '../util/list';

/** A group of code samples or examples: each under its bold label, in a fence named by its language. */
export function codeSamplesMarkdown(samples: readonly CodeSample[]): string {
  return blocks(...samples.map((s) => `**${s.label}**\n\n${fence(s.code, s.prism)}`));
}

/* ------------------------------------------------------------------ generic blocks (core/contract/sections.ts) */

/** One span of a cell or list item: the counterpart of SPANS in src/components/Reference/Sections.tsx. */
export function spanMarkdown(span: Span, url: UrlOf): string {
  if (typeof span === 'string') return inline(span, url);
  switch (span.kind) {
    case 'call':
      return span.webhook ? `${span.webhook} ${code(span.path)}` : code(`${span.method} ${span.path}`);
    case 'link':
      return link(span.text, span.external ? span.href : url(span.href));
    case 'code':
      return code(span.text);
    case 'line':
      return ` ${inline(span.text, url)}`;
    case 'name':
      return span.text;
    case 'retry':
      return span.text;
    case 'items':
      return span.items.map((item) => cellMarkdown(item, url)).join('; ');
    case 'method':
      return code(span.method);
    case 'strong':
    case 'badge':
      return `**${span.text}**`;
  }
}

export function cellMarkdown(cell: Cell, url: UrlOf): string {
  // A list follows text on a new line on the page; in a table cell of the twin, a space stands for that break.
  return cell.reduce<string>((out, span) => {
    const text = spanMarkdown(span, url);
    const apart = typeof span !== 'string' && span.kind === 'items' && out !== '' && !/\s$/.test(out);
    return out + (apart ? ' ' : '') + text;
  }, '');
}

/**
 * Items behind a disclosure, as on the page: `<details>` with its summary, the list after a blank
 * line so that it is Markdown again, indented under the item it belongs to.
 */
function collapsedMarkdown(label: string, list: string, indent: string): string {
  return [
    `${indent}<details><summary>${label.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</summary>`,
    '',
    list,
    '',
    `${indent}</details>`,
  ].join('\n');
}

/** A list, each item's own list indented under it; a checklist's items as GFM task items. */
function listMarkdown(items: readonly ListItem[], url: UrlOf, indent = '', checklist = false): string {
  const under = `${indent}  `;
  return items
    .map((item) =>
      [
        `${indent}- ${checklist ? '[ ] ' : ''}${cellMarkdown(item.cell, url)}`,
        item.items?.length && listMarkdown(item.items, url, under),
        item.more && collapsedMarkdown(item.more.label, listMarkdown(item.more.items, url, under), under),
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n');
}

const SECTION_MARKDOWN: {
  readonly [K in SectionBlock['kind']]: (block: Extract<SectionBlock, {readonly kind: K}>, url: UrlOf) => string;
} = {
  paragraph: (b, url) => inline(b.text, url),
  text: (b, url) => cellMarkdown(b.cell, url),
  table: (b, url) => {
    const row = (r: TableRow): string[] => r.cells.map((c) => cellMarkdown(c, url));
    const grouped = (b.groups?.list ?? []).flatMap((g) => g.rows.map((r) => [cellMarkdown(g.head, url), ...row(r)]));
    return b.groups ? table([b.groups.label, ...b.head], grouped) : table(b.head, b.rows.map(row));
  },
  heading: (b) => `${'#'.repeat(b.depth)} ${b.text}${b.note ? ` (${b.note})` : ''}`,
  list: (b, url) => {
    const list = listMarkdown(b.items, url, '', b.look === 'checklist');
    return b.collapsed ? collapsedMarkdown(b.collapsed, list, '') : list;
  },
  steps: (b) =>
    blocks(
      `${b.label}:`,
      b.steps.map((s, i) => `${i + 1}. **${s.title}**${s.detail ? `: ${s.detail}` : ''}`).join('\n'),
    ),
};

/** The blocks of a site-wide component (core/contract/component-sections.ts), as the page shows them. */
export function sectionsMarkdown(list: readonly SectionBlock[], url: UrlOf): string {
  return blocks(...list.map((b) => (SECTION_MARKDOWN[b.kind] as (block: SectionBlock, u: UrlOf) => string)(b, url)));
}

/** A component shown section by section (the Sandbox page): each section under its heading. */
export function componentTreeMarkdown(tree: ComponentTree, url: UrlOf): string {
  return blocks(...tree.sections.map((s) => blocks(`## ${s.heading.text}`, sectionsMarkdown(s.blocks, url))));
}

/* ------------------------------------------------------------------ the section tree */

interface BlockContext {
  readonly url: UrlOf;
  readonly words: FieldWords;
}

type BlockOf<K extends BlockKind> = Extract<Block, {readonly kind: K}>;

/** Each kind of block in Markdown: the counterpart of BLOCKS in src/components/Reference. */
const BLOCK_MARKDOWN: {readonly [K in BlockKind]: (block: BlockOf<K>, ctx: BlockContext) => string} = {
  'request-line': (b, {url}) =>
    [
      b.via ? `${code(b.method)} ${b.via} ${code(b.path)}` : code(`${b.method} ${b.path}`),
      b.change && link(b.change.text, url(b.change.href)),
    ]
      .filter(Boolean)
      .join(' '),
  paragraph: (b, {url}) => SECTION_MARKDOWN.paragraph(b, url),
  servers: (b, {url}) =>
    blocks(
      `**${b.caption}**`,
      [
        ...b.rows.map((r) => `- ${r.label}: ${code(r.request)}`),
        ...b.facts.map((f) => `- ${f.label}: ${link(f.text, url(f.href))}`),
      ].join('\n'),
    ),
  fields: (b, {words, url}) => blocks(`**${b.caption}**`, paramTable(b.rows, words, url)),
  examples: (b) => blocks(...b.examples.map((ex) => blocks(`**${ex.title}**`, fence(ex.json, 'json')))),
  samples: (b) => codeSamplesMarkdown(b.samples),
  codes: (b, {url}) =>
    table(
      [b.head.code, b.head.name, b.head.meaning, b.head.retry],
      b.codes.map((c) => [link(String(c.code), url(c.href)), c.name, inline(c.meaning, url), c.retryText]),
    ),
  'sandbox-scenarios': (b, {url}) =>
    table(
      [b.head.send, b.head.answer, b.head.then],
      b.rows.map((r) => [
        inline(r.input, url),
        `${link(`${r.code} ${r.name}`, url(r.href))}: ${inline(r.label, url)}`,
        inline(r.then, url),
      ]),
    ),
  // The panel is the page's interactive copy of the samples and the sandbox scenarios, both written above.
  'try-it': () => '',
  links: (b, {url}) => {
    const items = b.links.map((l) => `${link(l.label, url(l.href))}${l.note ? ` ${l.note}` : ''}`);
    return b.lead ? `${b.lead} ${items.join(', ')}` : items.map((i) => `- ${i}`).join('\n');
  },
  notice: (b, ctx) => blocks(`**${b.title}**`, ...b.blocks.map((inner) => blockMarkdown(inner, ctx))),
};

export function blockMarkdown(block: Block, ctx: BlockContext): string {
  const write = BLOCK_MARKDOWN[block.kind] as (b: Block, c: BlockContext) => string;
  return write(block, ctx);
}

/**
 * One operation's or webhook's reference: every section under its heading (the headings the
 * remark plugin puts on the page), every block as the page shows it.
 */
export function treeMarkdown(tree: ReferenceTree, url: UrlOf): string {
  const ctx: BlockContext = {url, words: tree.words};
  return blocks(
    ...tree.sections.map((s) =>
      blocks(
        s.heading && `${'#'.repeat(s.heading.depth)} ${s.heading.text}`,
        ...s.blocks.map((b) => blockMarkdown(b, ctx)),
      ),
    ),
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

/** The llmstxt.org format: `# title`, `> summary`, details, then `## section` link lists. */
export function llmsTxtMarkdown(doc: LlmsTxt): string {
  return `${blocks(
    `# ${doc.title}`,
    `> ${cell(doc.summary)}`,
    doc.details,
    ...(doc.notes ?? []),
    ...doc.sections
      .filter((s) => s.links.length > 0)
      .map((s) =>
        blocks(
          `## ${s.title}`,
          s.links.map((l) => `- ${link(l.title, l.url)}${l.description ? `: ${cell(l.description)}` : ''}`).join('\n'),
        ),
      ),
  )}\n`;
}
