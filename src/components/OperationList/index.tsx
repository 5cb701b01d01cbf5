import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import DataTable from '@site/src/components/DataTable';
import MethodBadge from '@site/src/components/MethodBadge';
import type {IndexEntry, TagView} from '#core/contract/types';
import styles from './styles.module.css';

interface Props {
  readonly data: TagView;
}

/** Every operation, then every webhook, of one family, generated from the contract. */
export default function OperationList({data}: Props): ReactNode {
  const ordered: IndexEntry[] = [
    ...data.entries.filter((e) => e.kind === 'operation'),
    ...data.entries.filter((e) => e.kind === 'webhook'),
  ];
  return (
    <DataTable
      className={styles.list}
      head={[translate({id: 'opList.call', message: 'Call'}), translate({id: 'opList.what', message: 'What it does'})]}
      rows={ordered.map((e) => ({
        key: e.id,
        cells: [
          <>
            {e.kind === 'operation' ? (
              <MethodBadge method={e.method} />
            ) : (
              <span className={styles.hook}>{translate({id: 'opList.webhook', message: 'WEBHOOK'})}</span>
            )}{' '}
            <code className={styles.path}>{e.path}</code>
          </>,
          e.href ? <Link to={e.href}>{e.summary}</Link> : e.summary,
        ],
      }))}
    />
  );
}
