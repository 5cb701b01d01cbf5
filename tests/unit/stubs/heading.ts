/**
 * Stands in for `@theme/Heading` in unit tests (see vitest.config.mts): the heading element with its id,
 * without the theme's anchor link (which needs the site's context), so a rendered section keeps its
 * headings where the page has them.
 */
import {createElement, type ReactNode} from 'react';

interface Props {
  readonly as: string;
  readonly id?: string;
  readonly children?: ReactNode;
}

export default function HeadingStub({as, id, children}: Props): ReactNode {
  return createElement(as, {id}, children);
}
