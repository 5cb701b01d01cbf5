/**
 * Wraps the announcement bar's close button so it is seen: the theme draws it with Infima's
 * `.close` (black at half opacity), which on our deep green bar is about 1.4:1. It takes the bar's
 * own text colour instead (site.config.ts `announcement.textColor`), in light and dark mode alike,
 * well over the 3:1 WCAG asks of a control (issue 24).
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import CloseButton from '@theme-original/AnnouncementBar/CloseButton';
import type {Props} from '@theme/AnnouncementBar/CloseButton';
import styles from './styles.module.css';

export default function CloseButtonWrapper(props: Props): ReactNode {
  return <CloseButton {...props} className={clsx(props.className, styles.closeButton)} />;
}
