/**
 * Wraps DocItem for two things:
 * - the dev server (src/client/doc-hot.ts, plugins/mdx-hot): after an edit of the open doc's MDX,
 *   the doc renders with the module's new exports (body, TOC, front matter) in place, without the
 *   whole app being remounted. In a build `useHotContent` hands back the content it was given;
 * - an API page's wide-screen layout (core/contract/page-layout.ts): a class on an element around
 *   the doc, which src/css/served/reference.css keys its columns on.
 */
import type {ReactNode} from 'react';
import type {WrapperProps} from '@docusaurus/types';
import type DocItemType from '@theme/DocItem';
import DocItem from '@theme-original/DocItem';
import {useHotContent} from '@site/src/client/doc-hot';
import {pageLayoutClass, pageLayoutOf} from '#core/contract/page-layout';

type Props = WrapperProps<typeof DocItemType>;

export default function DocItemWrapper(props: Props): ReactNode {
  const content = useHotContent(props.content);
  const item = <DocItem {...props} content={content} />;
  // An API page's layout, on an element before all of the doc (core/contract/page-layout.ts says why).
  const layout = pageLayoutOf(content);
  return layout ? <div className={pageLayoutClass(layout)}>{item}</div> : item;
}
