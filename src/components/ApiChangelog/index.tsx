import type {ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import blocks from '@generated/api-contract/default/sections/ApiChangelog.json';
import Sections from '@site/src/components/Reference/Sections';
import {rowAnchors} from '#core/contract/sections';

/**
 * The API changelog of the current version, generated at build time from the diff between the last
 * published contract and this one (core/changelog/changelog.ts, api-smart-diff), as blocks
 * (core/contract/component-sections.ts `changelogBlocks`) that the Markdown twin serialises too.
 * Static HTML: the page reads in full without JavaScript.
 */
export default function ApiChangelog(): ReactNode {
  const brokenLinks = useBrokenLinks();
  // Each entry has the anchor its operation page's badge and the feeds link: register them for the build's check.
  for (const id of rowAnchors(blocks)) brokenLinks.collectAnchor(id);
  // Out of the search index: every change repeats an operation's name and field names, which the
  // operation pages already hold; indexed twice they only grow the chunks each first search fetches.
  return (
    <section data-pagefind-ignore="all">
      <Sections blocks={blocks} />
    </section>
  );
}
