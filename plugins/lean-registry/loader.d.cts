/** The loader: the registry source with each entry's module path string emptied. */
declare function leanRegistryLoader(source: string): string;
declare namespace leanRegistryLoader {
  /** Empties the module path string of every entry of a generated `.docusaurus/registry.js`. */
  function emptyModulePaths(source: string): string;
}
export = leanRegistryLoader;
