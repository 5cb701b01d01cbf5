/**
 * Replaces the theme's not-found text (which only says the page was not found)
 * with what a developer who followed an old link needs: a search box and the
 * entry points of each service family. Written here, not copied from the theme.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import SearchBar from '@theme/SearchBar';
import type {Props} from '@theme/NotFound/Content';
import styles from './styles.module.css';

const ENTRY_POINTS: readonly {readonly to: string; readonly label: string}[] = [
  {to: '/docs/v1/', label: 'Getting started'},
  {to: '/api', label: 'API reference index'},
  {to: '/docs/v1/aeps', label: 'Aadhaar banking (AEPS)'},
  {to: '/docs/v1/service/bbps', label: 'Bill payments (BBPS)'},
  {to: '/docs/v1/service/dmt', label: 'Money transfer (DMT)'},
  {to: '/docs/v1/service/payout', label: 'Payouts'},
  {to: '/docs/v1/service/upicollect', label: 'UPI static VPA and QR'},
  {to: '/ResponseCode', label: 'Response codes'},
];

export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1" className="hero__title">
            <Translate id="theme.NotFound.title">Page Not Found</Translate>
          </Heading>
          <p>
            <Translate id="notFound.lead">
              There is no page at this address. It may have moved when the docs were reorganised by service family.
              Search for it, or start from one of the sections below.
            </Translate>
          </p>
          <div className={styles.search}>
            <SearchBar />
          </div>
          <ul className={styles.links}>
            {ENTRY_POINTS.map((e) => (
              <li key={e.to}>
                <Link to={e.to}>{e.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </main>
  );
}
