import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import BreakableName from '@site/src/components/BreakableName';
import {parseInline} from '#core/markdown/inline';

interface Props {
  readonly text: string;
}

/** Contract prose and reference labels: plain text with `code` spans and links to site pages. */
export default function InlineText({text}: Props): ReactNode {
  return parseInline(text).map((seg, i) =>
    seg.href !== undefined ? (
      <Link key={i} to={seg.href}>
        {seg.text}
      </Link>
    ) : seg.code ? (
      <code key={i}>
        <BreakableName name={seg.text} />
      </code>
    ) : (
      seg.text
    ),
  );
}
