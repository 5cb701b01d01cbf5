import type {ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import type {ResponseCodeView} from '@site/src/lib/contract/types';
import styles from './styles.module.css';

interface Props {
  readonly retry: ResponseCodeView['retry'];
}

function text(retry: Props['retry']): string {
  switch (retry) {
    case 'safe':
      return translate({id: 'codes.retry.safe', message: 'Safe to resend as is'});
    case 'new-ref':
      return translate({id: 'codes.retry.newRef', message: 'Only with a new referenceid'});
    case 'status':
      return translate({id: 'codes.retry.status', message: 'Never: check status first'});
    default:
      return translate({id: 'codes.retry.no', message: 'Fix the request first'});
  }
}

/** Whether a retry is safe for a response code, coloured by risk. */
export default function RetryLabel({retry}: Props): ReactNode {
  return <span className={styles[retry === 'new-ref' ? 'newRef' : retry]}>{text(retry)}</span>;
}
