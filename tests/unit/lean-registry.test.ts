import {describe, expect, it} from 'vitest';
import leanRegistryLoader from '../../plugins/lean-registry/loader.cjs';

const {emptyModulePaths} = leanRegistryLoader;

const entry = (id: string, p: string) =>
  `  "${id}": [() => import(/* webpackChunkName: "${id}" */ "${p}"), "${p}", require.resolveWeak("${p}")],`;

describe('emptyModulePaths', () => {
  it('empties the module path string of every registry entry and keeps the loader and the module id', () => {
    const source = [
      'export default {',
      entry('0058b4c6', '@generated/p/docs-175.json'),
      entry('03f5d215', '@site/docs/v1/a.mdx'),
      '};',
    ].join('\n');
    expect(emptyModulePaths(source)).toBe(
      [
        'export default {',
        '  "0058b4c6": [() => import(/* webpackChunkName: "0058b4c6" */ "@generated/p/docs-175.json"), "", require.resolveWeak("@generated/p/docs-175.json")],',
        '  "03f5d215": [() => import(/* webpackChunkName: "03f5d215" */ "@site/docs/v1/a.mdx"), "", require.resolveWeak("@site/docs/v1/a.mdx")],',
        '};',
      ].join('\n'),
    );
  });

  it("with lazy (the dev server's lazy compilation) drops the weak module ids too, so no route's module is built before its first use", () => {
    const source = ['export default {', entry('03f5d215', '@site/docs/v1/a.mdx'), '};'].join('\n');
    expect(emptyModulePaths(source, {lazy: true})).toBe(
      [
        'export default {',
        '  "03f5d215": [() => import(/* webpackChunkName: "03f5d215" */ "@site/docs/v1/a.mdx"), "", undefined],',
        '};',
      ].join('\n'),
    );
  });

  it('fails with the file to change when the generated format is no longer the one it rewrites', () => {
    expect(() => emptyModulePaths('export default {"a": [() => import("x"), require.resolveWeak("x")]};')).toThrow(
      'plugins/lean-registry: .docusaurus/registry.js no longer has the entry format this plugin rewrites; update loader.cjs to the new format or remove the plugin from docusaurus.site.ts.',
    );
  });
});
