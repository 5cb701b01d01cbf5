/**
 * Replaced (written here, not copied from the theme): the same sentence and translation ids as
 * the theme's "Last updated on <date> by <author>", with the date formatted by core/util/date.ts
 * instead of Intl.DateTimeFormat, whose first use on a page costs more than the rest of this
 * footer's hydration (see that file). The site is English-only; a second locale would need its
 * own month names there.
 */
import type {ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import {ThemeClassNames} from '@docusaurus/theme-common';
import type {Props} from '@theme/LastUpdated';
import {formatUtcDate} from '#core/util/date';

export default function LastUpdated({lastUpdatedAt, lastUpdatedBy}: Props): ReactNode {
  const at = lastUpdatedAt ? new Date(lastUpdatedAt) : undefined;
  return (
    <span className={ThemeClassNames.common.lastUpdated}>
      <Translate
        id="theme.lastUpdated.lastUpdatedAtBy"
        description="The sentence used to display when a page has been last updated, and by who"
        values={{
          atDate: at ? (
            <Translate
              id="theme.lastUpdated.atDate"
              description="The words used to describe on which date a page has been last updated"
              values={{
                date: (
                  <b>
                    <time dateTime={at.toISOString()} itemProp="dateModified">
                      {formatUtcDate(at)}
                    </time>
                  </b>
                ),
              }}>
              {' on {date}'}
            </Translate>
          ) : (
            ''
          ),
          byUser: lastUpdatedBy ? (
            <Translate
              id="theme.lastUpdated.byUser"
              description="The words used to describe by who the page has been last updated"
              values={{user: <b>{lastUpdatedBy}</b>}}>
              {' by {user}'}
            </Translate>
          ) : (
            ''
          ),
        }}>
        {'Last updated{atDate}{byUser}'}
      </Translate>
    </span>
  );
}
