/**
 * Pure helpers of plugins/docs-pages: which sidebar links a page, and the docs plugin's route tree
 * around a page's route. Tested in tests/unit/docs-pages.test.ts.
 */
import type {RouteConfig} from '@docusaurus/types';

/** A sidebar item as the docs plugin hands it to the browser (only what is read here). */
export interface SidebarItem {
  readonly type: string;
  readonly href?: string;
  readonly docId?: string;
  readonly items?: readonly SidebarItem[];
}

export type Sidebars = Readonly<Record<string, readonly SidebarItem[]>>;

/** The theme components of the docs plugin's own route tree, outermost first (its defaults). */
export const DOCS_ROUTE_COMPONENTS = {
  root: '@theme/DocsRoot',
  version: '@theme/DocVersionRoot',
  doc: '@theme/DocRoot',
} as const;

/** The page component that renders an MDX page of src/pages inside that tree. */
export const SIDEBAR_PAGE_COMPONENT = '@site/src/components/SidebarPage';

const trimSlash = (p: string): string => (p.length > 1 ? p.replace(/\/+$/, '') : p);

function links(items: readonly SidebarItem[], permalink: string): boolean {
  return items.some(
    (item) =>
      (item.href !== undefined && trimSlash(item.href) === permalink) ||
      (item.items !== undefined && links(item.items, permalink)),
  );
}

/** The first sidebar (in the order given) with a link to this page, or undefined when none links it. */
export function sidebarLinking(permalink: string, sidebars: Sidebars): string | undefined {
  const page = trimSlash(permalink);
  return Object.keys(sidebars).find((name) => links(sidebars[name] ?? [], page));
}

/**
 * The sidebars with each link to one of these pages given a `docId` (`page:<path>`). The theme's
 * breadcrumbs follow only links that carry one (a link to a doc), so without it a page would show
 * the home icon alone, not "Getting started > Headers and tokens". Only the copy the pages get is
 * changed; nothing in the browser looks that id up (DocCard would, and this site uses none).
 */
export function withPageDocIds(sidebars: Sidebars, permalinks: readonly string[]): Sidebars {
  const pages = new Set(permalinks.map(trimSlash));
  const mark = (item: SidebarItem): SidebarItem => ({
    ...item,
    ...(item.type === 'link' &&
      item.href &&
      pages.has(trimSlash(item.href)) && {docId: `page:${trimSlash(item.href)}`}),
    ...(item.items && {items: item.items.map(mark)}),
  });
  return Object.fromEntries(Object.entries(sidebars).map(([name, items]) => [name, items.map(mark)]));
}

/**
 * The page's route inside DocsRoot > DocVersionRoot > DocRoot, as the docs plugin nests its own
 * pages: the `sidebar` attribute on the leaf is how DocRoot picks the sidebar, and `version` is one
 * module shared by every such page (the version's sidebars and doc titles), not a prop per route.
 * The leaf keeps the page's modules and metadata (its source file for the broken-link report).
 */
export function inDocsLayout(page: RouteConfig, sidebar: string, versionModule: string): RouteConfig {
  const {path} = page;
  const leaf: RouteConfig = {...page, component: SIDEBAR_PAGE_COMPONENT, exact: true, sidebar};
  const docRoot: RouteConfig = {path, exact: false, component: DOCS_ROUTE_COMPONENTS.doc, routes: [leaf]};
  const versionRoot: RouteConfig = {
    path,
    exact: false,
    component: DOCS_ROUTE_COMPONENTS.version,
    modules: {version: versionModule},
    routes: [docRoot],
  };
  return {path, exact: false, component: DOCS_ROUTE_COMPONENTS.root, routes: [versionRoot]};
}
