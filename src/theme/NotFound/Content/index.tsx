/**
 * Replaces the theme's not-found text (which only says the page was not found)
 * with what a developer who followed an old link or mistyped one needs: the
 * closest page ("Did you mean"), a search box and the entry points of each
 * service family. Written here, not copied from the theme.
 */
import {useMemo, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import Translate from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
// The site's route tree, already in main.js for the router: reading it here costs no bytes.
// Coupled to Docusaurus's generated module (src/theme/README.md, "Upgrade checklist").
import routes from '@generated/routes';
import Heading from '@theme/Heading';
import SearchBar from '@theme/SearchBar';
import type {Props} from '@theme/NotFound/Content';
import {closestRoute, routePaths} from '#core/util/closest-route';
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

/**
 * The route nearest the address that was not found. Only in the browser: the server renders one
 * 404.html for every missing address, so it cannot know which one the reader typed.
 */
function useClosestRoute(): string | undefined {
  const isBrowser = useIsBrowser();
  const {pathname} = useLocation();
  return useMemo(() => (isBrowser ? closestRoute(pathname, routePaths(routes)) : undefined), [isBrowser, pathname]);
}

function DidYouMean({to}: {readonly to: string}): ReactNode {
  return (
    <p className={styles.didYouMean} data-testid="did-you-mean">
      <Translate id="notFound.didYouMean" values={{route: <Link to={to}>{to}</Link>}}>
        {'Did you mean {route}?'}
      </Translate>
    </p>
  );
}

export default function NotFoundContent({className}: Props): ReactNode {
  const suggestion = useClosestRoute();
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1" className="hero__title">
            <Translate id="theme.NotFound.title">Page Not Found</Translate>
          </Heading>
          {suggestion && <DidYouMean to={suggestion} />}
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
