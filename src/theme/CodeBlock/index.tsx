/**
 * Replaced (written here, not copied from the theme): the theme's CodeBlock highlights in the
 * browser, which puts Prism and its grammars into every page's JavaScript and
 * tokenises every block while the page hydrates. Here every code block is highlighted at build
 * time instead: fenced blocks in MDX by plugins/static-code/remark.ts, the API reference's by
 * plugins/api-contract, both rendered by <StaticCode>. What is left for this component is code
 * that reaches it as a runtime string (a `<CodeBlock>` written in JSX); it is shown with the same
 * frame, title, copy button and line numbers, without highlighting. Prefer a fenced block in MDX.
 *
 * One more comes here by way of MDX's code element, which sends code with element children to
 * CodeBlock: inline code that plugins/code-breaks marks `breakable`, with a <wbr> where it may break
 * (after a space or a path's `/`, issue 34: a name never breaks). It stays inline code. Here,
 * not in a wrap of MDXComponents/Code: a new theme module cost every first visit 400 bytes.
 */
import {Children, isValidElement, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import StaticCode from '@site/src/components/StaticCode';
import {plainCodeHtml} from '#core/code/html';
import {parseCodeMeta} from '#core/code/meta';

/** plugins/code-breaks' BREAKABLE_CLASS (not imported: that module is build-time, remark and unified). */
const BREAKABLE = 'breakable';

/** The text of `children`, whether a string or the elements MDX makes of one. */
function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((c) =>
      typeof c === 'string' || typeof c === 'number'
        ? String(c)
        : isValidElement<{children?: ReactNode}>(c)
          ? textOf(c.props.children)
          : '',
    )
    .join('');
}

export default function CodeBlock({
  children,
  className,
  metastring,
  title,
  language,
  showLineNumbers,
}: Props): ReactNode {
  if (className === BREAKABLE) return <code className={className}>{children}</code>;
  const meta = parseCodeMeta(metastring);
  const lang = language ?? /language-(\S+)/.exec(className ?? '')?.[1] ?? 'text';
  const start = typeof showLineNumbers === 'number' ? showLineNumbers : showLineNumbers ? 1 : meta.lineNumbersStart;
  const heading = typeof title === 'string' ? title : meta.title;
  return (
    <StaticCode
      html={plainCodeHtml(textOf(children).replace(/\n$/, ''), meta.ranges)}
      language={lang}
      title={heading}
      lineNumbersStart={start}
    />
  );
}
