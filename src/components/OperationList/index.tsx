import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import MethodBadge from '@site/src/components/MethodBadge';
import type {TagView} from '@site/src/lib/contract/types';
import styles from './styles.module.css';

interface Props {
  readonly data: TagView;
}

/** Every operation and webhook of one family, generated from the contract. */
export default function OperationList({data}: Props): ReactNode {
  const ops = data.entries.filter((e) => e.kind === 'operation');
  const hooks = data.entries.filter((e) => e.kind === 'webhook');
  return (
    <div className={styles.list}>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <Translate id="opList.call">Call</Translate>
            </th>
            <th scope="col">
              <Translate id="opList.what">What it does</Translate>
            </th>
          </tr>
        </thead>
        <tbody>
          {ops.map((e) => (
            <tr key={e.id}>
              <td>
                <MethodBadge method={e.method} /> <code className={styles.path}>{e.path}</code>
              </td>
              <td>{e.href ? <Link to={e.href}>{e.summary}</Link> : e.summary}</td>
            </tr>
          ))}
          {hooks.map((e) => (
            <tr key={e.id}>
              <td>
                <span className={styles.hook}>
                  <Translate id="opList.webhook">WEBHOOK</Translate>
                </span>{' '}
                <code className={styles.path}>{e.path}</code>
              </td>
              <td>{e.href ? <Link to={e.href}>{e.summary}</Link> : e.summary}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
