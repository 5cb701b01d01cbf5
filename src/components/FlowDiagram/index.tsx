import type {ReactNode} from 'react';
import Sections from '@site/src/components/Reference/Sections';
import {flowBlocks, type Step} from '#core/contract/sections';

interface Props {
  /** Steps in order; each may carry a one-line detail. */
  readonly steps: readonly Step[];
  /** Accessible name of the diagram, e.g. "AEPS integration flow". */
  readonly label: string;
}

/**
 * A flow of steps written in the page's own props: the same steps block the Markdown twin
 * serialises (core/contract/sections.ts `flowBlocks`), drawn by the section renderer.
 */
export default function FlowDiagram({steps, label}: Props): ReactNode {
  return <Sections blocks={flowBlocks(label, steps)} />;
}
