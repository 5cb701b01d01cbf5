/**
 * The changelog page's table of contents: every release and its parts, from the headings of the
 * same blocks <ApiChangelog> renders. The MDX loader collects only a page's own Markdown headings,
 * and these are the component's, so docs/v1/changelog.mdx exports this as its `toc` (the loader
 * keeps a page's own `toc` export as it is).
 */
import blocks from '@generated/api-contract/default/sections/ApiChangelog.json';
import {headingToc} from '#core/contract/toc';

export const changelogToc = headingToc(blocks);
