import type {ReactNode} from 'react';
import InlineText from '@site/src/components/InlineText';
import type {ParagraphBlock} from '#core/contract/sections';

/** A paragraph block, in an operation's reference (./index.tsx) and in a site-wide component (./Sections.tsx). */
export default function Paragraph({block}: {readonly block: ParagraphBlock}): ReactNode {
  return (
    <p>
      <InlineText text={block.text} />
    </p>
  );
}
