/**
 * The classic preset's docs plugin, with one thing less in every docs page's first visit.
 *
 * The docs plugin passes each version's metadata to its root route as a prop, and Docusaurus
 * ships that prop as one chunk that every docs page loads: the sidebar plus a map of every doc
 * (id, title, description, sidebar). The descriptions are most of that chunk and grow with every
 * page, yet the only reader of them in the browser is
 * the theme's DocCard (generated-index category pages and <DocCardList>), which this site does
 * not use. Each page's own description still reaches its <meta> tags from the page's own data.
 *
 * This wraps the plugin the way Docusaurus' plugin docs show for extending one: same name, same
 * options and validation, with `addRoute` filtered to drop `description` from that map.
 * tests/unit/lean-docs.test.ts checks the filter; tests/e2e/budget.spec.ts holds the bytes.
 * If a page ever needs DocCard, delete this wrapper and set `docs:` in the preset again.
 */
import docsPlugin, {validateOptions} from '@docusaurus/plugin-content-docs/lib/index.js';
import type {PluginOptions} from '@docusaurus/plugin-content-docs';
import type {LoadContext, Plugin, RouteConfig} from '@docusaurus/types';
import {withoutDocDescriptions} from './strip';

export default async function leanDocsPlugin(context: LoadContext, options: PluginOptions): Promise<Plugin<unknown>> {
  const plugin = (await docsPlugin(context, options)) as Plugin<unknown>;
  const contentLoaded = plugin.contentLoaded;
  if (!contentLoaded) return plugin;
  return {
    ...plugin,
    contentLoaded(args) {
      const addRoute = (route: RouteConfig) => args.actions.addRoute(withoutDocDescriptions(route));
      return contentLoaded({...args, actions: {...args.actions, addRoute}});
    },
  };
}

leanDocsPlugin.validateOptions = validateOptions;
