import type {ReactNode} from 'react';

/**
 * A response code's name (`IP_NOT_WHITELISTED`), free to break after each underscore and nowhere
 * else (issue 24: never inside a word), at any width. The words are kept whole by the class the
 * caller gives (`word-break: normal`).
 */
export default function CodeName({text, className}: {readonly text: string; readonly className?: string}): ReactNode {
  return (
    <span className={className}>
      {text.split(/(?<=_)/).map((part, i) => (
        <span key={i}>
          {part}
          <wbr />
        </span>
      ))}
    </span>
  );
}
