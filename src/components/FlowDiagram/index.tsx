import type {ReactNode} from 'react';
import Steps from '@site/src/components/Reference/Steps';
import {flowSteps, type Step} from '#core/contract/sections';

interface Props {
  /** Steps in order; each may carry a one-line detail. */
  readonly steps: readonly Step[];
  /** Accessible name of the diagram, e.g. "AEPS integration flow". */
  readonly label: string;
}

/**
 * A flow of steps written in the page's own props: the same steps block the Markdown twin
 * serialises (core/contract/sections.ts `flowSteps`), drawn by its block's component.
 */
export default function FlowDiagram({steps, label}: Props): ReactNode {
  return <Steps block={flowSteps(label, steps)} />;
}
