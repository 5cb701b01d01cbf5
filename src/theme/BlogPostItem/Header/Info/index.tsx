/**
 * Replaced (written here, not copied from the theme): a blog post's date and reading time, as
 * the theme shows them ("March 17, 2025 · 9 min read", same translation ids and class names),
 * without Intl.DateTimeFormat and Intl.PluralRules, whose first use on a page loads locale data
 * during hydration (see core/util/date.ts). The site is English-only.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import type {Props} from '@theme/BlogPostItem/Header/Info';
import {englishPlural, formatUtcDate} from '#core/util/date';
import styles from './styles.module.css';

function readingTimeLabel(minutes: number): string {
  const rounded = Math.ceil(minutes);
  return englishPlural(
    translate(
      {
        id: 'theme.blog.post.readingTime.plurals',
        description: 'Pluralized label for "{readingTime} min read"',
        message: 'One min read|{readingTime} min read',
      },
      {readingTime: rounded},
    ),
    rounded,
  );
}

export default function BlogPostItemHeaderInfo({className}: Props): ReactNode {
  const {date, readingTime} = useBlogPost().metadata;
  return (
    <div className={clsx(styles.info, 'margin-vert--md', className)}>
      <time dateTime={date}>{formatUtcDate(new Date(date), 'long')}</time>
      {readingTime !== undefined && <>{` · ${readingTimeLabel(readingTime)}`}</>}
    </div>
  );
}
