import {Fragment, type ReactNode} from 'react';
import {nameRuns} from '#core/util/name-breaks';

/**
 * A name, path or URL with a <wbr> after each separator, the rule of Markdown tables
 * (core/util/name-breaks): it breaks there or not at all, never inside a word (`servi|ce`, issue 34).
 */
export default function BreakableName({name}: {readonly name: string}): ReactNode {
  const runs = nameRuns(name);
  return runs.map((run, i) => (
    <Fragment key={i}>
      {run}
      {i < runs.length - 1 && <wbr />}
    </Fragment>
  ));
}
