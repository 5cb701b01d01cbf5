import type {ReactNode} from 'react';
import Sections from '@site/src/components/Reference/Sections';
import type {SectionBlock} from '#core/contract/sections';

interface Props {
  /** The family's list, built at build time (core/contract/component-sections.ts `operationListBlocks`). */
  readonly data: readonly SectionBlock[];
}

/** Every operation, then every webhook, of one family, generated from the contract. */
export default function OperationList({data}: Props): ReactNode {
  return <Sections blocks={data} />;
}
