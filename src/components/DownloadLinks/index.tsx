/* eslint-disable @docusaurus/no-html-links -- these are static files, not routes: <Link> would hand them to the client router */
import type {ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import blocks from '@generated/api-contract/default/sections/DownloadLinks.json';
import type {LinkSpan, SectionBlock} from '#core/contract/sections';
import styles from './styles.module.css';

function Download({span}: {readonly span: LinkSpan}): ReactNode {
  return (
    <li>
      <a href={useBaseUrl(span.href)} download>
        {span.text}
      </a>
    </li>
  );
}

/** The file links of the downloads' blocks (each list item is one link). */
const fileLinks = (list: readonly SectionBlock[]): LinkSpan[] =>
  list.flatMap((b) =>
    b.kind === 'list'
      ? b.items.flatMap((item) => item.cell.filter((s): s is LinkSpan => typeof s !== 'string' && s.kind === 'link'))
      : [],
  );

/**
 * The contract and the Postman collection, emitted into the build by plugins/api-contract
 * (postBuild). Their paths (core/contract/downloads.ts) and names (the reference labels) come from the
 * build (core/contract/component-sections.ts `downloadBlocks`), as the Markdown twin's do, which
 * serialises the same blocks. Rendered here rather than by Reference/Sections: the home page shows
 * the downloads, and the shared renderer would add its chunk to the home page's first visit.
 */
export default function DownloadLinks(): ReactNode {
  return (
    <ul className={styles.buttons}>
      {fileLinks(blocks).map((span) => (
        <Download key={span.href} span={span} />
      ))}
    </ul>
  );
}
