import {describe, expect, it} from 'vitest';
import type {RouteConfig} from '@docusaurus/types';
import {leanVersion, withLeanVersion} from '../../plugins/lean-docs/strip';

const version = {
  pluginId: 'default',
  version: 'current',
  docsSidebars: {tutorialSidebar: [{type: 'link', label: 'Intro', href: '/docs/v1/', docId: 'v1/index'}]},
  docs: {
    'v1/index': {id: 'v1/index', title: 'Introduction', description: 'Long words', sidebar: 'tutorialSidebar'},
    'v1/aeps': {id: 'v1/aeps', title: 'AEPS', sidebar: 'tutorialSidebar'},
  },
};

/** The version as it ships: every doc id still a key (the theme's useDocById finds it), nothing in it. */
const lean = {...version, docs: {'v1/index': {}, 'v1/aeps': {}}};

describe('withLeanVersion', () => {
  it('empties every doc entry of a version prop nested below the route, keeps its keys, and nothing else changes', () => {
    const route: RouteConfig = {
      path: '/docs',
      component: 'Root',
      routes: [
        {path: '/docs', component: 'Version', props: {version}, routes: [{path: '/docs/v1/', component: 'Doc'}]},
      ],
    };
    expect(withLeanVersion(route)).toEqual({
      path: '/docs',
      component: 'Root',
      routes: [
        {path: '/docs', component: 'Version', props: {version: lean}, routes: [{path: '/docs/v1/', component: 'Doc'}]},
      ],
    });
    // The input is left as it was.
    expect(version.docs['v1/index']).toEqual({
      id: 'v1/index',
      title: 'Introduction',
      description: 'Long words',
      sidebar: 'tutorialSidebar',
    });
  });

  it('leaves a route without a version prop unchanged', () => {
    const route: RouteConfig = {path: '/docs/tags', component: 'Tags', props: {tags: []}, exact: true};
    expect(withLeanVersion(route)).toEqual(route);
  });
});

describe('leanVersion', () => {
  it('is the same filter for the copy of the version the extra pages ship (plugins/docs-pages)', () => {
    expect(leanVersion(version)).toEqual(lean);
    expect(leanVersion({version: 'current'})).toEqual({version: 'current'});
  });
});
