import {describe, expect, it} from 'vitest';
import type {RouteConfig} from '@docusaurus/types';
import {inDocsLayout, sidebarLinking, withPageDocIds} from '../../plugins/docs-pages/lib/routes';

const sidebars = {
  tutorialSidebar: [
    {type: 'link', href: '/docs/v1/'},
    {
      type: 'category',
      items: [
        {type: 'link', href: '/HeaderMarkdown'},
        {type: 'link', href: '/api/'},
      ],
    },
  ],
  other: [{type: 'link', href: '/BodyParam'}],
};

describe('sidebarLinking', () => {
  it('finds the sidebar that links a page, inside categories and whatever the trailing slash', () => {
    expect(sidebarLinking('/HeaderMarkdown', sidebars)).toBe('tutorialSidebar');
    expect(sidebarLinking('/api', sidebars)).toBe('tutorialSidebar');
    expect(sidebarLinking('/BodyParam/', sidebars)).toBe('other');
  });

  it('is undefined for a page no sidebar links', () => {
    expect(sidebarLinking('/about', sidebars)).toBeUndefined();
  });
});

describe('inDocsLayout', () => {
  it("nests the page's route as the docs plugin nests a doc, with the shared version module and the sidebar on the leaf", () => {
    const page: RouteConfig = {
      path: '/api',
      component: '@theme/MDXPage',
      exact: true,
      modules: {content: '@site/src/pages/api.mdx'},
      metadata: {sourceFilePath: 'src/pages/api.mdx'},
    };
    expect(inDocsLayout(page, 'tutorialSidebar', '/gen/docs-version.json')).toEqual({
      path: '/api',
      exact: false,
      component: '@theme/DocsRoot',
      routes: [
        {
          path: '/api',
          exact: false,
          component: '@theme/DocVersionRoot',
          modules: {version: '/gen/docs-version.json'},
          routes: [
            {
              path: '/api',
              exact: false,
              component: '@theme/DocRoot',
              routes: [
                {
                  path: '/api',
                  component: '@site/src/components/SidebarPage',
                  exact: true,
                  modules: {content: '@site/src/pages/api.mdx'},
                  metadata: {sourceFilePath: 'src/pages/api.mdx'},
                  sidebar: 'tutorialSidebar',
                },
              ],
            },
          ],
        },
      ],
    });
  });
});

describe('withPageDocIds', () => {
  it('gives the links to these pages an id, so the breadcrumbs follow them, and leaves every other item alone', () => {
    expect(withPageDocIds(sidebars, ['/HeaderMarkdown', '/api'])).toEqual({
      tutorialSidebar: [
        {type: 'link', href: '/docs/v1/'},
        {
          type: 'category',
          items: [
            {type: 'link', href: '/HeaderMarkdown', docId: 'page:/HeaderMarkdown'},
            {type: 'link', href: '/api/', docId: 'page:/api'},
          ],
        },
      ],
      other: [{type: 'link', href: '/BodyParam'}],
    });
  });
});
