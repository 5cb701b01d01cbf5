/**
 * The generic blocks of a section tree, beside the reference's own (./tree.ts): a paragraph, a
 * heading, a table, a list, ordered steps, and the inline spans their cells are made of. The site-wide API components (the response-code
 * catalogue, the rate limits, a family's operations, the downloads, a flow ...) are built from
 * these by the pure builders of ./component-sections.ts, at build time; the page renders them
 * with src/components/Reference/Sections.tsx and the Markdown twin serialises them with
 * core/markdown/markdown.ts, so the two say the same words in the same order.
 *
 * Plain JSON; no words of its own (they come from ./labels.ts through the builders).
 */
import type {ResponseCodeView} from './types';

/** A method and a path: a badge and the path on the page, `POST /path` in Markdown. */
export interface CallSpan {
  readonly kind: 'call';
  readonly method: string;
  readonly path: string;
  /** Set for a webhook: the word shown instead of the method badge (`Webhook`). */
  readonly webhook?: string;
}

export interface LinkSpan {
  readonly kind: 'link';
  readonly text: string;
  /** Bold: the link is what the cell is about (a response code). */
  readonly strong?: true;
  /** A site path (a route, or a file when `file` is set). */
  readonly href: string;
  /** A static file the reader downloads, not a route of the client router. */
  readonly file?: true;
  /** With `file`: a file the browser opens rather than saves (a feed), so no `download`. */
  readonly open?: true;
  /** A page of another site (a regulator's circular): its URL as it is, opened in a new tab. */
  readonly external?: true;
}

/** A value in code type; `strong` where it is what the row is about (a response code). */
export interface CodeSpan {
  readonly kind: 'code';
  readonly text: string;
  readonly strong?: true;
}

/** Inline text on a line of its own under what precedes it in the cell. */
export interface LineSpan {
  readonly kind: 'line';
  readonly text: string;
  /** Set for a code's name (`IP_NOT_WHITELISTED`): small monospace type. */
  readonly name?: true;
}

/** A code's name in a narrow cell, `IP_NOT_WHITELISTED`, free to break after each underscore. */
export interface NameSpan {
  readonly kind: 'name';
  readonly text: string;
}

/** The retry advice of a response code, coloured by risk on the page. */
export interface RetrySpan {
  readonly kind: 'retry';
  readonly retry: NonNullable<ResponseCodeView['retry']>;
  readonly text: string;
}

/** An HTTP method alone, as a badge on the page (a changelog entry names its path after its title). */
export interface MethodSpan {
  readonly kind: 'method';
  readonly method: string;
}

/** Bold words that open a line (a change's class), in the colour of breaking changes where `breaking`. */
export interface StrongSpan {
  readonly kind: 'strong';
  readonly text: string;
  readonly breaking?: true;
}

/** The badge of an entry that can break a client, coloured as the operation pages' change badge. */
export interface BadgeSpan {
  readonly kind: 'badge';
  readonly text: string;
}

/** Several entries in one cell: a list on the page, `a; b` in Markdown. */
export interface ItemsSpan {
  readonly kind: 'items';
  readonly items: readonly Cell[];
}

/** Contract-style inline text (`code` spans and `[links](/site/path)`), or one of the spans above. */
export type Span =
  | string
  | CallSpan
  | LinkSpan
  | CodeSpan
  | LineSpan
  | NameSpan
  | RetrySpan
  | ItemsSpan
  | MethodSpan
  | StrongSpan
  | BadgeSpan;

export type Cell = readonly Span[];

export interface TableRow {
  /** Tells rows apart (React's key). */
  readonly key: string;
  /** Anchor of the row, when other pages link to it. */
  readonly id?: string;
  readonly cells: readonly Cell[];
}

/** Rows under a head that spans the table (an operation's sandbox scenarios under its title). */
export interface TableGroup {
  readonly key: string;
  readonly head: Cell;
  readonly rows: readonly TableRow[];
}

export interface TableBlock {
  readonly kind: 'table';
  readonly head: readonly string[];
  readonly rows: readonly TableRow[];
  /**
   * Rows in groups, in place of `rows` (left empty): on the page each group under its head row; in
   * Markdown each row with its group's head in a first column headed `label`.
   */
  readonly groups?: {readonly label: string; readonly list: readonly TableGroup[]};
  /**
   * `sandbox-scenarios`: cards on phones, values never broken (src/css/custom.css); `plain`: full
   * width; `states`: a behaviour model's states, columns sized for their prose (src/css/served/reference.css).
   */
  readonly look?: 'plain' | 'sandbox-scenarios' | 'states';
  /** Left out of the search index (values searched on the pages they belong to). */
  readonly searchIgnore?: true;
  /** Full width, scrolling sideways on narrow screens, the row an anchor names outlined (catalogues). */
  readonly wide?: true;
  /** On phones each row a card of labelled cells, instead of scrolling sideways (many columns, long words). */
  readonly stack?: true;
  /** Weight of the first column in the search index: where a code is explained, its number weighs more. */
  readonly searchWeight?: number;
}

export interface ListItem {
  /**
   * Tells items apart (React's key) where the order alone may not, the anchor where there is one;
   * the index filter matches it too (an operation id). Left out of a changelog's many lines, whose
   * page carries every byte of its blocks.
   */
  readonly key?: string;
  /** Anchor of the item, when other pages or feeds link to it (a changelog entry). */
  readonly id?: string;
  readonly cell: Cell;
  /** A list under the item (an entry's changes): nested on the page and in Markdown. */
  readonly items?: readonly ListItem[];
  /** A list under the item, after `items`, closed until the reader opens it (an entry's docs-only changes). */
  readonly more?: Collapsed;
}

/** Items behind a disclosure: `<details>` with its label as the summary, on the page and in Markdown. */
export interface Collapsed {
  readonly label: string;
  readonly items: readonly ListItem[];
}

export interface ListBlock {
  readonly kind: 'list';
  readonly items: readonly ListItem[];
  /**
   * Shown as a row of buttons (downloads), as rows of method, path and title (the API index), or
   * (`detailed`) without bullets, each item a paragraph over its own list (changelog entries), or
   * (`checklist`) each item after a checkbox a reader ticks (a release's breaking changes).
   */
  readonly look?: 'buttons' | 'entries' | 'detailed' | 'checklist';
  /** The whole list behind a disclosure labelled so, closed until the reader opens it. */
  readonly collapsed?: string;
  /** Numbered, as the steps of a journey are: `<ol>` on the page, `1.` items in Markdown. */
  readonly ordered?: true;
}

/** A heading inside a component (a family of the API index), with the anchor pages link. */
export interface HeadingBlock {
  readonly kind: 'heading';
  readonly depth: 2 | 3 | 4;
  readonly text: string;
  readonly id: string;
  /** Small print after the text (a release's date): `<small>` on the page, in brackets in Markdown. */
  readonly note?: string;
}

export interface Step {
  readonly title: string;
  readonly detail?: string;
}

/** Steps in order under a label: a flow diagram on the page, a numbered list in Markdown. */
export interface StepsBlock {
  readonly kind: 'steps';
  readonly label: string;
  readonly steps: readonly Step[];
}

/** Contract prose or one of the labels: text with `code` spans and `[links](/site/path)`. */
export interface ParagraphBlock {
  readonly kind: 'paragraph';
  readonly text: string;
}

/** A paragraph of spans, where inline text cannot say it (a sentence with links to files). */
export interface TextBlock {
  readonly kind: 'text';
  readonly cell: Cell;
}

/** The blocks a site-wide component is made of. */
export type SectionBlock = HeadingBlock | ParagraphBlock | TextBlock | TableBlock | ListBlock | StepsBlock;

/** The generated blocks of every site-wide component, by key (`ResponseCodeTable`, `OperationList/aeps`). */
export type ComponentSections = Readonly<Record<string, readonly SectionBlock[]>>;

/** A part of a component shown under its own heading, which the remark plugin puts in the page. */
export interface ComponentSection {
  readonly key: string;
  readonly heading: {readonly depth: 2; readonly text: string};
  readonly blocks: readonly SectionBlock[];
}

/** A component shown section by section (the Sandbox page): what its generated file holds. */
export interface ComponentTree {
  readonly sections: readonly ComponentSection[];
}

/** The key of a family's operation list among the component sections. */
export const operationListKey = (tag: string): string => `OperationList/${tag}`;

const itemAnchors = (items: readonly ListItem[]): string[] =>
  items.flatMap((i) => [...(i.id ? [i.id] : []), ...itemAnchors(i.items ?? [])]);

/**
 * Every anchor a component gives its table rows and list items: registered with the build's link
 * check (headings register their own).
 */
export function rowAnchors(blocks: readonly SectionBlock[]): string[] {
  return blocks.flatMap((b) => {
    if (b.kind === 'table') return b.rows.flatMap((r) => (r.id ? [r.id] : []));
    return b.kind === 'list' ? itemAnchors(b.items) : [];
  });
}

/**
 * <FlowDiagram label steps>: the steps as the page's author wrote them in its props. Built where
 * it is shown (the page and its twin alike), so it lives here, beside the types, with nothing to
 * import: the page's bundle gets these few lines, not the builders.
 */
export function flowSteps(label: string, steps: readonly Step[]): StepsBlock {
  return {kind: 'steps', label, steps};
}
