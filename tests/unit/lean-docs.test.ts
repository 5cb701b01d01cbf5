import {describe, expect, it} from 'vitest';
import type {RouteConfig} from '@docusaurus/types';
import {withoutDocDescriptions} from '../../plugins/lean-docs/strip';

const version = {
  pluginId: 'default',
  version: 'current',
  docsSidebars: {tutorialSidebar: [{type: 'link', label: 'Intro', href: '/docs/v1/', docId: 'v1/index'}]},
  docs: {
    'v1/index': {id: 'v1/index', title: 'Introduction', description: 'Long words', sidebar: 'tutorialSidebar'},
    'v1/aeps': {id: 'v1/aeps', title: 'AEPS', sidebar: 'tutorialSidebar'},
  },
};

describe('withoutDocDescriptions', () => {
  it('drops the description of every doc in a version prop nested below the route, and nothing else', () => {
    const route: RouteConfig = {
      path: '/docs',
      component: 'Root',
      routes: [
        {path: '/docs', component: 'Version', props: {version}, routes: [{path: '/docs/v1/', component: 'Doc'}]},
      ],
    };
    expect(withoutDocDescriptions(route)).toEqual({
      path: '/docs',
      component: 'Root',
      routes: [
        {
          path: '/docs',
          component: 'Version',
          props: {
            version: {
              ...version,
              docs: {
                'v1/index': {id: 'v1/index', title: 'Introduction', sidebar: 'tutorialSidebar'},
                'v1/aeps': {id: 'v1/aeps', title: 'AEPS', sidebar: 'tutorialSidebar'},
              },
            },
          },
          routes: [{path: '/docs/v1/', component: 'Doc'}],
        },
      ],
    });
    // The input is left as it was.
    expect(version.docs['v1/index'].description).toBe('Long words');
  });

  it('leaves a route without a version prop unchanged', () => {
    const route: RouteConfig = {path: '/docs/tags', component: 'Tags', props: {tags: []}, exact: true};
    expect(withoutDocDescriptions(route)).toEqual(route);
  });
});
