/**
 * The classic preset's pages plugin, with each MDX page that a docs sidebar links to
 * (/HeaderMarkdown, /BodyParam, /ResponseCode, /PanStatusResponse, /api) rendered inside the docs
 * layout: the sidebar with the page's item active, and breadcrumbs (issue 24, "The extra pages").
 * Their routes stay where they are; the tree around them is the docs plugin's own
 * (`DocsRoot` > `DocVersionRoot` > `DocRoot`), so the theme's sidebar, breadcrumbs and mobile menu
 * work unchanged.
 *
 * It wraps the plugin as plugins/lean-docs wraps the docs plugin: same name, options and
 * validation. The pages plugin still compiles the MDX and writes each page's metadata; its MDX
 * routes are held back in `contentLoaded` and added in `allContentLoaded`, once the docs plugin's
 * versions are loaded, with the version's data written once through `createData`.
 * Coupled to the docs plugin's internals: its loaded content (`loadedVersions`) and
 * `toVersionMetadataProp` (lib/props.js), the prop its own version route gets; the e2e test
 * tests/e2e/navbar.spec.ts ("extra pages") fails if the sidebar or breadcrumbs go missing.
 */
import pagesPlugin, {validateOptions} from '@docusaurus/plugin-content-pages/lib/index.js';
import type {PluginOptions} from '@docusaurus/plugin-content-pages';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import {toVersionMetadataProp} from '@docusaurus/plugin-content-docs/lib/props.js';
import type {AllContent, LoadContext, Plugin, PluginContentLoadedActions, RouteConfig} from '@docusaurus/types';
import {leanVersion} from '../lean-docs/strip';
import {inDocsLayout, sidebarLinking, withPageDocIds} from './lib/routes';
import {fileName} from '#node/generated';

const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';

/** The held routes, each wrapped in the docs layout when a sidebar of the docs' first version links it. */
async function addInDocsLayout(
  held: readonly RouteConfig[],
  allContent: AllContent,
  actions: PluginContentLoadedActions,
): Promise<void> {
  const docs = allContent[DOCS_PLUGIN]?.default as DocsContent | undefined;
  const version = docs?.loadedVersions[0];
  if (!version) {
    held.forEach(actions.addRoute);
    return;
  }
  // Made lean as plugins/lean-docs makes the docs' own copy of this data.
  const prop = leanVersion(toVersionMetadataProp('default', version));
  const sidebars = withPageDocIds(
    prop.docsSidebars,
    held.map((route) => route.path),
  );
  const versionModule = await actions.createData(
    fileName('docsVersion'),
    JSON.stringify({...prop, docsSidebars: sidebars}),
  );
  for (const route of held) {
    const sidebar = sidebarLinking(route.path, sidebars);
    actions.addRoute(sidebar ? inDocsLayout(route, sidebar, versionModule) : route);
  }
}

export default async function docsPagesPlugin(context: LoadContext, options: PluginOptions): Promise<Plugin<unknown>> {
  const plugin = (await pagesPlugin(context, options)) as Plugin<unknown>;
  const contentLoaded = plugin.contentLoaded;
  if (!contentLoaded) return plugin;
  const held: RouteConfig[] = [];
  return {
    ...plugin,
    async contentLoaded(args) {
      held.length = 0;
      const addRoute = (route: RouteConfig) =>
        route.component === options.mdxPageComponent ? held.push(route) : args.actions.addRoute(route);
      await contentLoaded({...args, actions: {...args.actions, addRoute}});
    },
    allContentLoaded: ({allContent, actions}) => addInDocsLayout(held, allContent, actions),
  };
}

docsPagesPlugin.validateOptions = validateOptions;
