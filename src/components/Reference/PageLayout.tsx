/**
 * Names the page's wide-screen layout in a class on `<html>` (`api-page--aside`: the call's code
 * column beside the content; `api-page--columns`: webhook payloads beside their fields), which
 * src/css/served/reference.css keys its columns on. On `<html>`, the class is in the server's HTML
 * before any of the page's content: the browser may paint the first part of a long page before it
 * has parsed the rest, and a rule keyed on an element further down (`:has(.api-reference__side)`)
 * would then lay out the title and the call in one column and move them when the column arrives.
 * Renders nothing in place.
 */
import type {ReactNode} from 'react';
import {HtmlClassNameProvider} from '@docusaurus/theme-common';

export type PageLayoutKind = 'aside' | 'columns';

export default function PageLayout({kind}: {readonly kind: PageLayoutKind}): ReactNode {
  return <HtmlClassNameProvider className={`api-page--${kind}`}>{null}</HtmlClassNameProvider>;
}
