/**
 * Wraps DocItem for the dev server only (src/client/doc-hot.ts, plugins/mdx-hot): after an edit of
 * the open doc's MDX, the doc renders with the module's new exports (body, TOC, front matter) in
 * place, without the whole app being remounted. In a build `useHotContent` hands back the content
 * it was given, and this adds nothing but the wrapper.
 */
import type {ReactNode} from 'react';
import type {WrapperProps} from '@docusaurus/types';
import type DocItemType from '@theme/DocItem';
import DocItem from '@theme-original/DocItem';
import {useHotContent} from '@site/src/client/doc-hot';

type Props = WrapperProps<typeof DocItemType>;

export default function DocItemWrapper(props: Props): ReactNode {
  const content = useHotContent(props.content);
  return <DocItem {...props} content={content} />;
}
