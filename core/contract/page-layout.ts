/**
 * An API page's wide-screen layout, named before any of its content (issue 24). The remark plugin
 * (plugins/api-contract/lib/expand.ts) exports it from the page's MDX; Docusaurus puts a page
 * module's named exports on the content it hands DocItem, whose wrapper (src/theme/DocItem) puts
 * the class on an element around the whole doc. src/css/served/reference.css keys the columns on
 * that class: a browser may paint the start of a long page (title, call) before it has parsed the
 * column further down, so a rule keyed on the column itself (`:has(.api-reference__side)`) laid
 * them out in one column first and moved them when it arrived. Not a class on `<html>` through
 * Docusaurus' Head: react-helmet rewrites `<html>`'s classes while hydration is half done (from
 * the instances rendered so far), which dropped the class for a few frames on slow machines.
 */

/** `aside`: the call's code column beside the content; `columns`: webhook payloads beside their fields. */
export type PageLayout = 'aside' | 'columns';

/** The named export of the page's MDX module that carries its layout. */
export const PAGE_LAYOUT_EXPORT = 'apiPageLayout';

/** The class the layout puts around the doc. */
export const pageLayoutClass = (layout: PageLayout): string => `api-page--${layout}`;

/** The layout a page's content module exports, if it exports one. */
export function pageLayoutOf(content: object): PageLayout | undefined {
  const value: unknown = (content as Record<string, unknown>)[PAGE_LAYOUT_EXPORT];
  return value === 'aside' || value === 'columns' ? value : undefined;
}
