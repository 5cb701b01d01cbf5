/**
 * Wraps the doc content (the theme's title + MDX body stay untouched) to put the page actions
 * above it: "Copy page as Markdown" and a "View as Markdown" link to the page's `.md` twin,
 * written next to the HTML by plugins/llms-txt (also announced as a `rel="alternate"` link).
 *
 * Why this component: DocItem/Content is the smallest one at the top of a doc that only docs
 * pages render, so the button lives in the docs chunks and adds nothing to the home page, the
 * blog or the extra pages. DocBreadcrumbs would also sit at the top, but generated-index
 * category pages render it outside a doc, where useDoc() throws. The CLI lists DocItem/Content
 * as "unsafe" to wrap only because it has no entry in the theme's swizzle config; its props are
 * just `children`, passed through as they are.
 */
import type {ReactNode} from 'react';
import type {WrapperProps} from '@docusaurus/types';
import Head from '@docusaurus/Head';
import type ContentType from '@theme/DocItem/Content';
import Content from '@theme-original/DocItem/Content';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import PageActions from '@site/src/components/PageActions';
import {markdownTwinPath} from '#core/markdown/twin';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  // permalink already starts with the site's base URL, and so does the twin's path.
  const markdownUrl = markdownTwinPath(metadata.permalink);
  return (
    <>
      <Head>
        {/* Lets tools that read the page find its Markdown without guessing. */}
        <link rel="alternate" type="text/markdown" href={markdownUrl} />
      </Head>
      {/* Keyed by page: a client-side navigation to another doc starts a fresh PageActions
          instead of carrying over the old page's text and "copied" state. */}
      <PageActions key={markdownUrl} markdownUrl={markdownUrl} />
      <Content {...props} />
    </>
  );
}
