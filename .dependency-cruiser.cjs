/**
 * Import rules for the code folders, checked by `npm run lint:deps` (part of `npm run lint`).
 * core/ is the contract and sandbox core: pure TypeScript that plugins, scripts, mcp and src import
 * through `#core/*`; it never imports them, nor React or Docusaurus. Nothing imports in a cycle, type
 * imports included. node/ is the Node-side code beside the core (the contract library in node/contract/,
 * the manifest of generated data, the MDX parser): it may read files, and src/ never imports it.
 * What ships to the browser: .dependency-cruiser.browser.cjs.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: split the shared part into a module both sides import.',
      from: {},
      to: {circular: true},
    },
    {
      name: 'core-stays-core',
      severity: 'error',
      comment:
        'core/ is pure TypeScript: move what it needs from src/, plugins/, scripts/ or mcp/ into core/ (what reads files goes to node/, which may import core/).',
      from: {path: '^core/'},
      to: {path: '^(node|src|plugins|scripts|mcp|tests)/'},
    },
    {
      name: 'core-without-framework',
      severity: 'error',
      comment: 'core/ has no React and no Docusaurus: render in src/, hook into the build in plugins/.',
      from: {path: '^core/'},
      to: {path: '(^|/)node_modules/(react|react-dom|@docusaurus)/'},
    },
    {
      name: 'browser-code-stays-out-of-build-code',
      severity: 'error',
      comment: 'src/ ships to the browser: it may import core/, never node/, plugins/, scripts/ or mcp/.',
      from: {path: '^src/'},
      to: {path: '^(node|plugins|scripts|mcp)/'},
    },
    {
      name: 'node-side-below-the-plugins',
      severity: 'error',
      comment:
        'node/ is the library the plugins, scripts, mcp and certify share: move what it needs from plugins/, scripts/ or mcp/ into node/.',
      from: {path: '^node/'},
      to: {path: '^(plugins|scripts|mcp|certify)/'},
    },
  ],
  options: {
    doNotFollow: {path: 'node_modules'},
    exclude: {path: '^(build|\\.docusaurus|\\.docusaurus-build|mcp/dist|\\.tmp)/'},
    tsConfig: {fileName: 'tsconfig.json'},
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.d.ts'],
    },
  },
};
