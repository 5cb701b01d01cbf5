/**
 * What ships to the browser, checked by `npm run lint:deps` after .dependency-cruiser.cjs: nothing
 * src/ imports may reach a library only the build runs (snippet generation, contract bundling and
 * diffing, YAML, schema compilers, Markdown parsers and serialisers, the feed writer, Prism).
 * Type-only imports are left out here, as the bundler leaves them out.
 */
const base = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'build-only-libraries-stay-out-of-the-browser',
      severity: 'error',
      comment:
        'src/ reaches a library that only the build may run (it would ship to every reader or fail to bundle): import the value from a core/ module that does not import the library.',
      from: {path: '^src/'},
      to: {
        path: 'node_modules/(@readme/httpsnippet|@redocly|api-smart-diff|openapi-to-postmanv2|ajv|yaml|unified|remark-|mdast-util-|feed|prismjs|prism-react-renderer)',
        reachable: true,
      },
    },
  ],
  options: {...base.options, tsPreCompilationDeps: false},
};
