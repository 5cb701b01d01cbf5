import {useMemo, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

interface Props {
  /** Highlighted HTML from the build (core/code/highlight.ts); trusted: it is our contract, escaped. */
  readonly html: string;
  /** Prism language, for the `language-*` class the token colours can key on. */
  readonly language: string;
  readonly title?: string;
  /** Numbers the lines from this value (fences with `showLineNumbers`); a string when it comes from MDX. */
  readonly lineNumbersStart?: number | string;
}

/**
 * A code block whose highlighting was done at build time: the page hydrates
 * without running Prism, and the grammars never reach the browser. Every code block of the
 * site is one: the reference's (plugins/api-contract) and the fenced blocks of MDX pages
 * (plugins/static-code). Looks like the theme's CodeBlock (same Prism themes, light and dark,
 * same class names for highlighted lines) and has a copy button.
 */
export default function StaticCode({html, language, title, lineNumbersStart}: Props): ReactNode {
  const pre = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  // The same object while the HTML is the same: React 19 compares it by identity and would otherwise
  // set innerHTML again on every render (the copy button's), dropping the reader's text selection.
  const code = useMemo(() => ({__html: html}), [html]);
  const copy = () => {
    const text = pre.current?.textContent ?? '';
    void navigator.clipboard.writeText(text.replace(/\n$/, '')).then(() => {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1200);
    });
  };
  const numbered = lineNumbersStart !== undefined;
  return (
    <div className={clsx('theme-code-block', 'rr-code', `language-${language}`, styles.block)}>
      {title && <div className={styles.title}>{title}</div>}
      <div className={styles.content}>
        <pre ref={pre} className={clsx(styles.pre, numbered && styles.numbered)} tabIndex={0}>
          <code
            dangerouslySetInnerHTML={code}
            style={numbered ? {counterReset: `line ${Number(lineNumbersStart) - 1}`} : undefined}
          />
        </pre>
        <button
          type="button"
          className={clsx(styles.copy, copied && styles.copied)}
          onClick={copy}
          aria-label={
            copied
              ? translate({id: 'theme.CodeBlock.copied', message: 'Copied'})
              : translate({id: 'theme.CodeBlock.copyButtonAriaLabel', message: 'Copy code to clipboard'})
          }
          title={translate({id: 'theme.CodeBlock.copy', message: 'Copy'})}>
          {copied
            ? translate({id: 'theme.CodeBlock.copied', message: 'Copied'})
            : translate({id: 'theme.CodeBlock.copy', message: 'Copy'})}
        </button>
      </div>
    </div>
  );
}
