import type {ReactNode} from 'react';
import clsx from 'clsx';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import StaticCode from '@site/src/components/StaticCode';
import {LANGUAGE_GROUP_ID} from '#core/code/languages';
import type {RenderedSample} from '#core/contract/types';
import styles from './styles.module.css';

interface Props {
  readonly samples: readonly RenderedSample[];
  /** Shown as the code block title, e.g. the request line. */
  readonly title?: string;
}

/**
 * One tab per language of the registry, every tab in view (wrapping to a second row where the
 * column is too narrow for one). All groups share `groupId="lang"`, so a
 * reader's choice applies to every group on the page and is remembered (the
 * theme stores it in localStorage) across pages and visits. On paper there are no tabs:
 * the print stylesheet shows every panel, labelled from `data-lang` (nothing extra on screen,
 * for screen readers or in the search index).
 */
export default function CodeSamples({samples, title}: Props): ReactNode {
  return (
    <div className={clsx('api-code-samples', styles.samples)}>
      <Tabs groupId={LANGUAGE_GROUP_ID} lazy={false}>
        {samples.map((s) => (
          <TabItem key={s.lang} value={s.lang} label={s.label}>
            {/* data-lang: src/css/print.css prints every panel, each under its language. */}
            <div className="api-code-sample" data-lang={s.label}>
              <StaticCode html={s.html} language={s.prism} title={title} />
            </div>
          </TabItem>
        ))}
      </Tabs>
    </div>
  );
}
