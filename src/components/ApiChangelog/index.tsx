import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import Heading from '@theme/Heading';
import release from '@generated/api-contract/default/changelog.json';
import InlineText from '@site/src/components/InlineText';
import MethodBadge from '@site/src/components/MethodBadge';
import {
  changeAnchor,
  releaseParts,
  releaseSummary,
  type ChangedItem,
  type ChangeLine,
  type ChangeType,
} from '#core/changelog/changelog';
import {CHANGELOG_FEEDS, releaseAnchor} from '#core/changelog/feed';
// The badge's colour for breaking changes, so the page and the operation pages mark them alike.
import badge from '@site/src/components/ChangeBadge/styles.module.css';

const LABELS: Readonly<Record<ChangeType, ReactNode>> = {
  breaking: <Translate id="changelog.type.breaking">Breaking</Translate>,
  deprecated: <Translate id="changelog.type.deprecated">Deprecated</Translate>,
  'non-breaking': <Translate id="changelog.type.nonBreaking">Non-breaking</Translate>,
  annotation: <Translate id="changelog.type.annotation">Docs only</Translate>,
};

function Lines({lines}: {readonly lines: readonly ChangeLine[]}): ReactNode {
  return (
    <ul>
      {lines.map((l) => (
        <li key={`${l.type}${l.text}`}>
          <strong className={clsx(l.type === 'breaking' && badge.breaking)}>{LABELS[l.type]}</strong>:{' '}
          <InlineText text={l.text} />
        </li>
      ))}
    </ul>
  );
}

/* eslint-disable @docusaurus/no-html-links -- the feeds are files, not routes: <Link> would hand them to the client router */
function Feeds(): ReactNode {
  const rss = useBaseUrl(CHANGELOG_FEEDS.rss);
  const atom = useBaseUrl(CHANGELOG_FEEDS.atom);
  return (
    <p>
      <Translate
        id="changelog.feeds"
        values={{
          rss: <a href={rss}>{translate({id: 'changelog.rss', message: 'RSS'})}</a>,
          atom: <a href={atom}>{translate({id: 'changelog.atom', message: 'Atom'})}</a>,
        }}>
        {'Follow the changes in a feed reader: {rss}, {atom}.'}
      </Translate>
    </p>
  );
}
/* eslint-enable @docusaurus/no-html-links */

function Title({item}: {readonly item: ChangedItem}): ReactNode {
  return (
    <>
      <MethodBadge method={item.method} /> {item.href ? <Link to={item.href}>{item.summary}</Link> : item.summary}{' '}
      <code>{item.path}</code>
      {item.kind === 'webhook' && (
        <>
          {' '}
          <Translate id="changelog.webhook">(webhook)</Translate>
        </>
      )}
    </>
  );
}

function Item({item}: {readonly item: ChangedItem}): ReactNode {
  return (
    <li id={changeAnchor(item.id)}>
      <p>
        <Title item={item} />
        {item.breaking && (
          <>
            {' '}
            <span className={clsx(badge.badge, badge.breaking)}>
              <Translate id="changelog.breakingItem">Breaking</Translate>
            </span>
          </>
        )}
      </p>
      {item.changes.length > 0 && <Lines lines={item.changes} />}
    </li>
  );
}

/**
 * The API changelog of the current version, generated at build time from the diff between the last
 * published contract and this one (core/changelog/changelog.ts, api-smart-diff). Static HTML: the page
 * reads in full without JavaScript. Each entry has the anchor its operation page's badge links.
 */
/** One section of the release, left out when it would be empty. */
function Part({
  id,
  title,
  show,
  children,
}: {
  readonly id: string;
  readonly title: ReactNode;
  readonly show: boolean;
  readonly children: ReactNode;
}): ReactNode {
  if (!show) return null;
  return (
    <>
      <Heading as="h3" id={id}>
        {title}
      </Heading>
      {children}
    </>
  );
}

function Items({items}: {readonly items: readonly ChangedItem[]}): ReactNode {
  return (
    <ul className="clean-list">
      {items.map((i) => (
        <Item key={i.id} item={i} />
      ))}
    </ul>
  );
}

export default function ApiChangelog(): ReactNode {
  const brokenLinks = useBrokenLinks();
  const parts = releaseParts(release);
  for (const i of release.items) brokenLinks.collectAnchor(changeAnchor(i.id));
  return (
    <section>
      <Heading as="h2" id={releaseAnchor(release.version)}>
        {release.version} <small>{release.date}</small>
      </Heading>
      <p>{releaseSummary(release)}</p>
      <Feeds />
      <Part
        id="breaking"
        title={<Translate id="changelog.breaking">Breaking changes</Translate>}
        show={parts.breaking.length + parts.breakingEveryOperation.length > 0}>
        <ul>
          {parts.breakingEveryOperation.map((l) => (
            <li key={l.text}>
              <Link to="#every-operation">
                <Translate id="changelog.everyOperationShort">Every operation</Translate>
              </Link>
              {': '}
              <InlineText text={l.text} />
            </li>
          ))}
          {parts.breaking.map((i) => (
            <li key={i.id}>
              <Link to={`#${changeAnchor(i.id)}`}>{i.summary}</Link> <code>{i.id}</code>
            </li>
          ))}
        </ul>
      </Part>
      <Part
        id="added"
        title={<Translate id="changelog.added">New operations and webhooks</Translate>}
        show={parts.added.length > 0}>
        <Items items={parts.added} />
      </Part>
      <Part
        id="every-operation"
        title={<Translate id="changelog.everyOperation">Changes to every operation</Translate>}
        show={release.everyOperation.length > 0}>
        <Lines lines={release.everyOperation} />
      </Part>
      <Part
        id="changed"
        title={<Translate id="changelog.changed">Changed operations and webhooks</Translate>}
        show={parts.changed.length > 0}>
        <Items items={parts.changed} />
      </Part>
      <Part
        id="removed"
        title={<Translate id="changelog.removed">Removed operations and webhooks</Translate>}
        show={parts.removed.length > 0}>
        <Items items={parts.removed} />
      </Part>
      <Part
        id="api-wide"
        title={<Translate id="changelog.api">Changes to the document as a whole</Translate>}
        show={release.api.length > 0}>
        <Lines lines={release.api} />
      </Part>
    </section>
  );
}
