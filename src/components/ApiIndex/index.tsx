import {useMemo, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import Translate, {translate} from '@docusaurus/Translate';
import index from '@generated/api-contract/default/index.json';
import MethodBadge from '@site/src/components/MethodBadge';
import {filterTags} from '#core/contract/filter';
import styles from './styles.module.css';

const TAGS = index.tags;

/**
 * Every operation and webhook, grouped by family, with a filter box. The full
 * list is in the static HTML; filtering only hides rows once hydrated.
 */
export default function ApiIndex(): ReactNode {
  const [query, setQuery] = useState('');
  const tags = useMemo(() => filterTags(TAGS, query), [query]);
  const total = tags.reduce((n, t) => n + t.entries.length, 0);
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
        <Translate id="apiIndex.count" values={{count: total}}>
          {'{count} operations and webhooks'}
        </Translate>
      </p>
      {tags.map((tag) => (
        <section key={tag.name} className={styles.family}>
          <Heading as="h2" id={tag.name}>
            {tag.label}
          </Heading>
          <p>
            {tag.description}
            {tag.overview && (
              <>
                {' '}
                <Link to={tag.overview}>
                  <Translate id="apiIndex.overview" values={{family: tag.label}}>
                    {'Overview of {family}'}
                  </Translate>
                </Link>
              </>
            )}
          </p>
          <ul className={styles.entries}>
            {tag.entries.map((e) => (
              <li key={e.id}>
                {e.kind === 'operation' ? (
                  <MethodBadge method={e.method} />
                ) : (
                  <span className={styles.hook}>WEBHOOK</span>
                )}
                <code className={styles.path}>{e.path}</code>
                {e.href ? <Link to={e.href}>{e.summary}</Link> : <span>{e.summary}</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
