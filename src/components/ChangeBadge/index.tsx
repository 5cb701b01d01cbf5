import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import type {ChangeBadge as Badge} from '@site/src/lib/changelog';
import styles from './styles.module.css';

interface Props {
  readonly badge: Badge;
}

/**
 * "Changed in 1.1.0" (or "New in 1.1.0") on an operation or webhook page, linking its entry on the
 * API changelog; marked when the change can break a client. The same words as `badgeText` in
 * src/lib/changelog.ts, which the Markdown twin prints.
 */
export default function ChangeBadge({badge}: Props): ReactNode {
  return (
    <Link to={badge.href} className={clsx(styles.badge, badge.breaking && styles.breaking)}>
      {badge.status === 'added' ? (
        <Translate id="api.change.added" values={{version: badge.version}}>
          {'New in {version}'}
        </Translate>
      ) : (
        <Translate id="api.change.changed" values={{version: badge.version}}>
          {'Changed in {version}'}
        </Translate>
      )}
      {badge.breaking && <Translate id="api.change.breaking">, breaking</Translate>}
    </Link>
  );
}
