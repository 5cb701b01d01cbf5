/**
 * Wraps the footer copyright line to add the machine-readable downloads
 * (OpenAPI contract and Postman collection) on every page, where integrators
 * look for them, with the contract version they belong to.
 */
import type {ReactNode} from 'react';
import type {Props} from '@theme/Footer/Copyright';
import Copyright from '@theme-original/Footer/Copyright';
import Translate from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {site} from '@site/site.config';
import {DOWNLOADS} from '#core/contract/downloads';
import styles from './styles.module.css';

export default function FooterCopyrightWrapper(props: Props): ReactNode {
  const yaml = useBaseUrl(DOWNLOADS.yaml);
  const postman = useBaseUrl(DOWNLOADS.postman);
  return (
    <>
      <p className={styles.downloads}>
        <Translate id="footer.contract" values={{version: site.apiVersion}}>
          {'API contract v{version}:'}
        </Translate>{' '}
        {/* eslint-disable-next-line @docusaurus/no-html-links -- a file to download, not a route */}
        <a href={yaml} download>
          OpenAPI
        </a>
        {' · '}
        {/* eslint-disable-next-line @docusaurus/no-html-links -- a file to download, not a route */}
        <a href={postman} download>
          Postman
        </a>
      </p>
      <Copyright {...props} />
    </>
  );
}
