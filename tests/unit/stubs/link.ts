/**
 * Stands in for `@docusaurus/Link` in unit tests (see vitest.config.mts): the real one needs the
 * router and the site config of a running site; here a link only has to be a link to where it goes.
 */
import {createElement, type ReactNode} from 'react';

export default function LinkStub({to, children}: {readonly to: string; readonly children?: ReactNode}): ReactNode {
  return createElement('a', {href: to}, children);
}
