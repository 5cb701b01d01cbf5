import {useEffect, type ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import blocks from '@generated/api-contract/default/sections/ApiChangelog.json';
import {rowAnchors} from '#core/contract/sections';
import ChangelogBlocks from './ChangelogBlocks';
import styles from './styles.module.css';

/**
 * The API changelog as release notes: every release's written summary and breaking-changes
 * checklist (openapi/releases/notes.yaml), then its changes from the diff between published
 * contracts (core/changelog/changelog.ts, api-smart-diff), docs-only ones folded away; as blocks
 * (core/contract/component-sections.ts `changelogBlocks`) that the Markdown twin serialises too
 * and whose headings are the page's table of contents (./toc.ts). Static HTML: the page reads in
 * full without JavaScript.
 */
export default function ApiChangelog(): ReactNode {
  const brokenLinks = useBrokenLinks();
  // Each entry has the anchor its operation page's badge and the feeds link: register them for the build's check.
  for (const id of rowAnchors(blocks)) brokenLinks.collectAnchor(id);
  // Arriving from a page's "Changed in" badge (a client-side navigation), the router scrolls to the
  // entry before the page's folded parts have laid out, and the entry then sits ~100 px lower
  // (issue 34, tests/e2e/landing.spec.ts): scroll to it again once the layout has settled.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
  }, []);
  // Out of the search index: every change repeats an operation's name and field names, which the
  // operation pages already hold; indexed twice they only grow the chunks each first search fetches.
  return (
    <section className={styles.changelog} data-pagefind-ignore="all">
      <ChangelogBlocks blocks={blocks} />
    </section>
  );
}
