/* eslint-disable @docusaurus/no-html-links -- these are static files, not routes: <Link> would hand them to the client router */
import type {ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import downloads from '@generated/api-contract/default/downloads.json';
import styles from './styles.module.css';

function Download({label, path}: {readonly label: string; readonly path: string}): ReactNode {
  return (
    <li>
      <a href={useBaseUrl(path)} download>
        {label}
      </a>
    </li>
  );
}

/**
 * The contract and the Postman collection, emitted into the build by plugins/api-contract
 * (postBuild). Their paths (core/contract/downloads.ts) and names (the reference labels) come from the
 * build, as the Markdown twin's do. Plain anchors: these are files, not routes.
 */
export default function DownloadLinks(): ReactNode {
  return (
    <ul className={styles.downloads}>
      {downloads.map((d) => (
        <Download key={d.path} label={d.label} path={d.path} />
      ))}
    </ul>
  );
}
