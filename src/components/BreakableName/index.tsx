import {Fragment, type ReactNode} from 'react';
import {codeRuns, isValue, VALUE_CLASS} from '#core/util/name-breaks';

/**
 * The text of inline code with the places it may break (core/util/name-breaks, the rule of the MDX
 * pages' code, plugins/code-breaks): a <wbr> after a space and after a path's `/`, a value longer
 * than any name in a span that may break anywhere. A name has neither: inline code is `nowrap`
 * (src/css/custom.css), so it never breaks (`Content-|Digest`, `servi|ce`, issue 34).
 */
export default function BreakableName({name}: {readonly name: string}): ReactNode {
  const runs = codeRuns(name);
  return runs.map((run, i) => (
    <Fragment key={i}>
      {isValue(run) ? <span className={VALUE_CLASS}>{run}</span> : run}
      {i < runs.length - 1 && <wbr />}
    </Fragment>
  ));
}
