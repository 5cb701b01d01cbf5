/**
 * `/docs` has no page of its own: it lands on the intro at `/docs/v1/`.
 * This adds an exact `/docs` route so that both a first load (a static HTML
 * page with a meta refresh, for plain static hosts with no redirect rules) and
 * a client-side navigation (history.replace) end on the intro.
 */
import type {Plugin} from '@docusaurus/types';

export default function docsRootRedirectPlugin(): Plugin {
  return {
    name: 'docs-root-redirect',
    contentLoaded({actions}) {
      actions.addRoute({
        path: '/docs',
        exact: true,
        component: '@site/src/components/DocsRootRedirect',
      });
    },
  };
}
