import type {ReactNode} from 'react';

/**
 * A response code's, state's or webhook event's name (`IP_NOT_WHITELISTED`,
 * `AEPS_TRANSACTION_UPDATE`): never broken, neither inside a word nor after an underscore (issue
 * 34: `AEPS_TRANSACTION_|UPDATE` at 1440 px). The caller's class keeps it on one line
 * (`white-space: nowrap`), as inline code is (core/util/name-breaks).
 */
export default function CodeName({text, className}: {readonly text: string; readonly className?: string}): ReactNode {
  return <span className={className}>{text}</span>;
}
