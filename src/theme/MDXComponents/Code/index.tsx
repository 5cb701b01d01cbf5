/**
 * Wraps MDX's code element. The theme's own shows code as a block (a framed CodeBlock) unless all its
 * children are plain strings; code in a Markdown table that plugins/table-code marks `breakable`
 * carries a <wbr> after each separator (`NETWORK_<wbr>UNCONFIRMED`, issue 24: names break there,
 * never inside a word), and must stay inline code all the same. tests/e2e/tables.spec.ts fails if it
 * does not (the base URLs of /docs/v1/, breakable, looked for as inline code in their table).
 */
import type {ReactNode} from 'react';
import MDXCode from '@theme-original/MDXComponents/Code';
import type {Props} from '@theme/MDXComponents/Code';
import CodeInline from '@theme/CodeInline';

/** plugins/table-code's BREAKABLE_CLASS (not imported: that module is build-time, remark and unified). */
const BREAKABLE = 'breakable';

export default function MDXCodeWrapper(props: Props): ReactNode {
  return props.className?.split(' ').includes(BREAKABLE) ? <CodeInline {...props} /> : <MDXCode {...props} />;
}
