// Rspack/webpack loader for the client build's .docusaurus/registry.js: see ./index.ts.
// `"id": [() => import(/* webpackChunkName: "id" */ "P"), "P", require.resolveWeak("P")],`
// becomes `"id": [() => import(/* webpackChunkName: "id" */ "P"), "", require.resolveWeak("P")],`,
// or with the option `lazy` (the dev server's lazy compilation)
// `"id": [() => import(/* webpackChunkName: "id" */ "P"), "", undefined],`.
const ENTRY = /(\bimport\(\/\* webpackChunkName: "[^"]*" \*\/ ("[^"]*")\), )\2(, require\.resolveWeak\(\2\))/g;

function emptyModulePaths(source, {lazy = false} = {}) {
  const out = source.replace(ENTRY, lazy ? '$1"", undefined' : '$1""$3');
  // A registry Docusaurus writes in another format would silently keep its strings: say so.
  if (out === source && source.includes('require.resolveWeak(')) {
    throw new Error(
      'plugins/lean-registry: .docusaurus/registry.js no longer has the entry format this plugin rewrites; update loader.cjs to the new format or remove the plugin from docusaurus.site.ts.',
    );
  }
  return out;
}

module.exports = function leanRegistryLoader(source) {
  return emptyModulePaths(source, this.getOptions());
};
module.exports.emptyModulePaths = emptyModulePaths;
