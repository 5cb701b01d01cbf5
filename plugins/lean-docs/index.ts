/**
 * The classic preset's docs plugin, with one thing less in every docs page's first visit.
 *
 * The docs plugin passes each version's metadata to its root route as a prop, and Docusaurus
 * ships that prop as one chunk that every docs page loads: the sidebar plus a map of every doc
 * (id, title, description, sidebar). That map is most of the chunk and grows with every page, yet
 * the only reader of it in the browser is the theme's DocCard (generated-index category pages and
 * <DocCardList>, through `useDocById`, for a doc's description), which this site does not use.
 * Each page's own title and description still reach its <meta> tags from the page's own data.
 *
 * This wraps the plugin the way Docusaurus' plugin docs show for extending one: same name, same
 * options and validation, with `addRoute` filtered to empty each entry of that map, keys kept
 * (strip.ts). The descriptions were most of it; the ids, titles and sidebar names left after them
 * were 1.6 KB gzip more (issue 34). tests/unit/lean-docs.test.ts checks the filter;
 * tests/e2e/budget.spec.ts holds the bytes. If a page ever needs DocCard, delete this wrapper and set `docs:` in the
 * preset again.
 */
import docsPlugin, {validateOptions} from '@docusaurus/plugin-content-docs/lib/index.js';
import type {PluginOptions} from '@docusaurus/plugin-content-docs';
import type {LoadContext, Plugin, RouteConfig} from '@docusaurus/types';
import {withLeanVersion} from './strip';

export default async function leanDocsPlugin(context: LoadContext, options: PluginOptions): Promise<Plugin<unknown>> {
  const plugin = (await docsPlugin(context, options)) as Plugin<unknown>;
  const contentLoaded = plugin.contentLoaded;
  if (!contentLoaded) return plugin;
  return {
    ...plugin,
    contentLoaded(args) {
      const addRoute = (route: RouteConfig) => args.actions.addRoute(withLeanVersion(route));
      return contentLoaded({...args, actions: {...args.actions, addRoute}});
    },
  };
}

leanDocsPlugin.validateOptions = validateOptions;
