/**
 * Replaces the announcement text, which the theme injects as a raw HTML
 * string, with a translatable React message whose links route client-side.
 * The bar itself (colours, close button, dismissal per id) stays the theme's;
 * `announcementBar.content` in docusaurus.site.ts is kept as the plain-text
 * fallback the theme requires. Phones get a one-line form of it: the full one
 * took 84 of a 390 x 844 screen's pixels on every page (issue 34).
 */
import type {ComponentProps, ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import {site} from '@site/site.config';
import styles from './styles.module.css';

function Dashboard(): ReactNode {
  return (
    // eslint-disable-next-line @docusaurus/no-html-links -- another site: nothing to route client-side
    <a href={site.dashboardUrl}>
      <Translate id="announcement.dashboard">partner dashboard</Translate>
    </a>
  );
}

export default function AnnouncementBarContent(props: ComponentProps<'div'>): ReactNode {
  return (
    <div {...props} className={clsx(styles.content, props.className)}>
      <span className={styles.wide}>
        <Translate
          id="announcement.sandboxKeys"
          values={{
            dashboard: <Dashboard />,
            guide: (
              <Link to="/docs/v1/">
                <Translate id="announcement.guide">getting-started guide</Translate>
              </Link>
            ),
          }}>
          {'Sandbox keys are issued instantly from the {dashboard}. New here? Start with the {guide}.'}
        </Translate>
      </span>
      <span className={styles.narrow}>
        <Translate id="announcement.sandboxKeys.short" values={{dashboard: <Dashboard />}}>
          {'Sandbox keys: {dashboard}'}
        </Translate>
      </span>
    </div>
  );
}
