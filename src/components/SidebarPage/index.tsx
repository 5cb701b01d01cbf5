/**
 * An MDX page of src/pages that a docs sidebar links to (/HeaderMarkdown, /BodyParam, /ResponseCode,
 * /PanStatusResponse, /api), rendered inside the docs layout: plugins/docs-pages puts its route
 * under DocsRoot > DocVersionRoot > DocRoot, which draw the sidebar with this page's item active;
 * this draws what DocItem draws for a doc (breadcrumbs, title and body, the table of contents beside
 * it on wide screens and folded above it on narrow ones) from the page's own MDX module.
 *
 * Why not DocItem: it reads a doc's metadata (version, tags, previous/next, sidebar position)
 * through useDoc(), which a page of the pages plugin does not have.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {HtmlClassNameProvider, PageMetadata, ThemeClassNames, useWindowSize} from '@docusaurus/theme-common';
import type {Props} from '@theme/MDXPage';
import DocBreadcrumbs from '@theme/DocBreadcrumbs';
import MDXContent from '@theme/MDXContent';
import TOC from '@theme/TOC';
import TOCCollapsible from '@theme/TOCCollapsible';
import styles from './styles.module.css';

export default function SidebarPage({content: Page}: Props): ReactNode {
  const {metadata, frontMatter, toc} = Page;
  const windowSize = useWindowSize();
  const hasToc = !frontMatter.hide_table_of_contents && toc.length > 0;
  const levels = {
    minHeadingLevel: frontMatter.toc_min_heading_level,
    maxHeadingLevel: frontMatter.toc_max_heading_level,
  };
  return (
    <HtmlClassNameProvider className={ThemeClassNames.page.mdxPage}>
      <PageMetadata title={metadata.title} description={metadata.description} keywords={frontMatter.keywords} />
      <div className="row">
        <div className={clsx('col', hasToc && styles.withToc)}>
          <article className={styles.article}>
            <DocBreadcrumbs />
            {hasToc && (
              <TOCCollapsible
                toc={toc}
                className={clsx(ThemeClassNames.docs.docTocMobile, styles.tocMobile)}
                {...levels}
              />
            )}
            <div className={clsx(ThemeClassNames.docs.docMarkdown, 'markdown')}>
              <MDXContent>
                <Page />
              </MDXContent>
            </div>
          </article>
        </div>
        {hasToc && (windowSize === 'desktop' || windowSize === 'ssr') && (
          <div className="col col--3">
            <TOC toc={toc} className={ThemeClassNames.docs.docTocDesktop} {...levels} />
          </div>
        )}
      </div>
    </HtmlClassNameProvider>
  );
}
