/* eslint-disable @docusaurus/no-html-links -- these are static files, not routes: <Link> would hand them to the client router */
import type {ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import styles from './styles.module.css';

/**
 * The contract and the Postman collection, emitted into the build by
 * plugins/api-contract (postBuild). Plain anchors: these are files, not routes.
 */
export default function DownloadLinks(): ReactNode {
  const yaml = useBaseUrl('/downloads/openapi.yaml');
  const json = useBaseUrl('/downloads/openapi.json');
  const postman = useBaseUrl('/downloads/rupeerail.postman_collection.json');
  return (
    <ul className={styles.downloads}>
      <li>
        <a href={yaml} download>
          <Translate id="downloads.yaml">OpenAPI 3.1 (YAML)</Translate>
        </a>
      </li>
      <li>
        <a href={json} download>
          <Translate id="downloads.json">OpenAPI 3.1 (JSON)</Translate>
        </a>
      </li>
      <li>
        <a href={postman} download>
          <Translate id="downloads.postman">Postman collection</Translate>
        </a>
      </li>
    </ul>
  );
}
