/**
 * A table of contents from a component's headings. Apart from ./sections.ts, whose module every
 * page that renders blocks loads: only the page that exports such a contents (the changelog) pays
 * for this.
 */
import type {SectionBlock} from './sections';

/** An entry of a page's table of contents, as Docusaurus' `toc` export holds it (`value` is HTML). */
export interface TocEntry {
  readonly value: string;
  readonly id: string;
  readonly level: number;
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The table of contents of a component's headings (the changelog's releases and their parts): a
 * page whose headings a component renders exports it as its `toc`, since the MDX loader collects
 * only the page's own Markdown headings. Worded as the twin's headings.
 */
export function headingToc(blocks: readonly SectionBlock[]): TocEntry[] {
  return blocks.flatMap((b) =>
    b.kind === 'heading'
      ? [{value: escapeHtml(b.note ? `${b.text} (${b.note})` : b.text), id: b.id, level: b.depth}]
      : [],
  );
}
