import type {ReactNode} from 'react';
import clsx from 'clsx';
import type {BadgeSpan, StrongSpan} from '#core/contract/sections';
// The colour of breaking changes, so the changelog and the operation pages' badge mark them alike.
import badge from '@site/src/components/ChangeBadge/styles.module.css';

/** A change's class opening its line (`Breaking`), in the breaking colour when it is. */
export function StrongMark({span}: {readonly span: StrongSpan}): ReactNode {
  return <strong className={clsx(span.breaking && badge.breaking)}>{span.text}</strong>;
}

/** The badge of a changelog entry that can break a client. */
export function BadgeMark({span}: {readonly span: BadgeSpan}): ReactNode {
  return <span className={clsx(badge.badge, badge.breaking)}>{span.text}</span>;
}
