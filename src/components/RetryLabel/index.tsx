import type {ReactNode} from 'react';
import type {ResponseCodeView} from '#core/contract/types';
import styles from './styles.module.css';

interface Props {
  readonly retry: NonNullable<ResponseCodeView['retry']>;
  /** The advice in words, from the build (core/contract/tree.ts `retryText`, shared with the Markdown twin). */
  readonly text: string;
}

/** Whether a retry is safe for a response code, coloured by risk. */
export default function RetryLabel({retry, text}: Props): ReactNode {
  return <span className={styles[retry === 'new-ref' ? 'newRef' : retry]}>{text}</span>;
}
