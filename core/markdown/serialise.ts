/**
 * The one place the Markdown of the twins, /llms.txt and /llms-full.txt is serialised: an mdast
 * tree written by `mdast-util-to-markdown` with GFM (tables, task items), the library the MDX stack
 * of Docusaurus uses. It escapes what would otherwise read as Markdown (`*`, `[`, `<`, a `|` in a
 * table cell, a backtick in a code span, a fence inside a fence), so the writers build trees and
 * never escape by hand.
 *
 * The options make the output read like the hand-written Markdown of the repository: `-` bullets,
 * `**strong**`, backtick fences, one space after a list marker, compact tables (`| - |`: aligned
 * columns would pad every cell to the widest, which costs an assistant's context and says nothing).
 */
import type {Html, Nodes, Parents, Root, RootContent} from 'mdast';
import {gfmToMarkdown} from 'mdast-util-gfm';
import {toMarkdown, type Join, type Options} from 'mdast-util-to-markdown';

/** `<details>` (core/markdown/markdown.ts): a blank line after its opening tag and before its end, so that what is inside is Markdown again. */
const detailsApart: Join = (left: Nodes, right: Nodes, _parent: Parents): number | undefined => {
  const html = (node: Nodes): node is Html => node.type === 'html';
  if (html(left) && left.value.startsWith('<details>')) return 1;
  if (html(right) && right.value === '</details>') return 1;
  return undefined;
};

export const MARKDOWN_OPTIONS: Options = {
  bullet: '-',
  listItemIndent: 'one',
  strong: '*',
  emphasis: '_',
  fence: '`',
  fences: true,
  rule: '-',
  join: [detailsApart],
  extensions: [gfmToMarkdown({tablePipeAlign: false})],
};

/** A tree, or blocks in order, as Markdown without a final newline (callers join pieces). */
export function serialise(tree: Root | readonly RootContent[]): string {
  const root: Root = 'type' in tree ? tree : {type: 'root', children: [...tree]};
  return toMarkdown(root, MARKDOWN_OPTIONS).replace(/\n$/, '');
}
