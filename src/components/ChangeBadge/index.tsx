import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import type {ChangeMark} from '#core/contract/tree';
import styles from './styles.module.css';

interface Props {
  readonly mark: ChangeMark;
}

/**
 * "Changed in 1.1.0" (or "New in 1.1.0") on an operation or webhook page, linking its entry on the
 * API changelog; marked when the change can break a client. The words come from the section tree
 * (core/contract/tree.ts `changeMark`), which the Markdown twin prints too.
 */
export default function ChangeBadge({mark}: Props): ReactNode {
  return (
    <Link to={mark.href} className={clsx(styles.badge, mark.breaking && styles.breaking)}>
      {mark.text}
    </Link>
  );
}
