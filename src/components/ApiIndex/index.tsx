import {useMemo, useState, type ReactNode} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import blocks from '@generated/api-contract/default/sections/ApiIndex.json';
import Sections from '@site/src/components/Reference/Sections';
import {filterIndex, indexCount, indexFamilies} from '#core/contract/filter';
import styles from './styles.module.css';

const FAMILIES = indexFamilies(blocks);

/**
 * Every operation and webhook, grouped by family (core/contract/component-sections.ts
 * `apiIndexBlocks`, as the Markdown twin has them), with a filter box. The full list is in the
 * static HTML; filtering only hides rows once hydrated. The box and the count are the page's
 * own: the twin has no filter.
 */
export default function ApiIndex(): ReactNode {
  const [query, setQuery] = useState('');
  const families = useMemo(() => filterIndex(FAMILIES, query), [query]);
  return (
    <div>
      <label className={styles.filter}>
        <span>
          <Translate id="apiIndex.filter">Filter by name, path or family</Translate>
        </span>
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={translate({id: 'apiIndex.placeholder', message: 'e.g. withdrawal, /bbps, webhook'})}
        />
      </label>
      <p className={styles.count} aria-live="polite">
        <Translate id="apiIndex.count" values={{count: indexCount(families)}}>
          {'{count} operations and webhooks'}
        </Translate>
      </p>
      {families.map((f) => (
        <section key={f.heading.id} className={styles.family}>
          <Sections blocks={f.blocks} />
        </section>
      ))}
    </div>
  );
}
