import type {ReactNode} from 'react';
import blocks from '@generated/api-contract/default/sections/Deprecations.json';
import Sections from '@site/src/components/Reference/Sections';

/**
 * The deprecations open now, on the versioning policy page: every property the contract marks
 * deprecated with its replacement, where it is and its sunset (`x-replaced-by`, `x-sunset`), and the
 * old webhook signature form (core/contract/component-sections.ts `deprecationBlocks`).
 */
export default function Deprecations(): ReactNode {
  return <Sections blocks={blocks} />;
}
