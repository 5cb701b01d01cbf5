import type {ReactNode} from 'react';
import {parseInline} from '@site/src/lib/inline';

interface Props {
  readonly text: string;
}

/** Contract prose: plain text with `code` spans. */
export default function InlineText({text}: Props): ReactNode {
  return parseInline(text).map((seg, i) => (seg.code ? <code key={i}>{seg.text}</code> : seg.text));
}
