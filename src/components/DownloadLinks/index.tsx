import type {ReactNode} from 'react';
import blocks from '@generated/api-contract/default/sections/DownloadLinks.json';
import Sections from '@site/src/components/Reference/Sections';

/**
 * The contract and the Postman collection, emitted into the build by plugins/api-contract
 * (postBuild). Their paths (core/contract/downloads.ts) and names (the reference labels) come from the
 * build (core/contract/component-sections.ts `downloadBlocks`), as the Markdown twin's do.
 */
export default function DownloadLinks(): ReactNode {
  return <Sections blocks={blocks} />;
}
