/**
 * Wraps the navbar logo to show which API version these docs describe, so a
 * reader arriving from a search engine knows at once; the version is the
 * contract's `info.version`, kept in site.config.ts.
 */
import type {ReactNode} from 'react';
import Logo from '@theme-original/Navbar/Logo';
import {translate} from '@docusaurus/Translate';
import {site} from '@site/site.config';
import styles from './styles.module.css';

export default function NavbarLogoWrapper(): ReactNode {
  return (
    <>
      <Logo />
      <span
        className={styles.version}
        title={translate({id: 'navbar.apiVersion.title', message: 'Version of the API these pages describe'})}>
        {`API v${site.apiVersion}`}
      </span>
    </>
  );
}
