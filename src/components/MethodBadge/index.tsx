import type {ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

interface Props {
  readonly method: string;
}

export default function MethodBadge({method}: Props): ReactNode {
  const m = method.toLowerCase();
  return <span className={clsx(styles.badge, styles[m])}>{method.toUpperCase()}</span>;
}
