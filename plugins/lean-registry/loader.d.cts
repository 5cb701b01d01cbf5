/** The loader: the registry source with each entry's module path string emptied. */
declare function leanRegistryLoader(source: string): string;
declare namespace leanRegistryLoader {
  /**
   * Empties the module path string of every entry of a generated `.docusaurus/registry.js`; with
   * `lazy`, drops each entry's weak module id too (see ./index.ts).
   */
  function emptyModulePaths(source: string, options?: {readonly lazy?: boolean}): string;
}
export = leanRegistryLoader;
