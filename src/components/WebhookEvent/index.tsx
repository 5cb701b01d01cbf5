import type {ReactNode} from 'react';
import Reference, {type PageTree} from '@site/src/components/Reference';
import styles from './styles.module.css';

interface Props {
  /** The webhook's section tree (plugins/api-contract), imported by the page the remark plugin wires. */
  readonly data: PageTree;
  readonly section?: string;
}

/**
 * `<WebhookEvent op="..." />`: one webhook event, under the heading the remark plugin adds. The
 * signature verification code is shown once per page, by <VerifySignature />.
 */
export default function WebhookEvent({data, section}: Props): ReactNode {
  return (
    <section className={styles.event} aria-label={data.title}>
      <Reference tree={data} section={section} columns />
    </section>
  );
}
