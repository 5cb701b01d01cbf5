/**
 * `require` as Node does it, for the ES module packages Redocly's openapi-core and the remark parser
 * (unified, remark-*, micromark: about 500 files).
 *
 * Written when Docusaurus loaded the config's modules through jiti, which compiled each of those
 * packages with Babel (9 s of CPU of a first `npm start`). The config is now bundled by esbuild with
 * every package left to Node (node/site-config.ts), so a plain import would be required by Node too;
 * this stays so that any other loader of these modules (jiti for a file Docusaurus loads itself, a
 * script runner) also leaves the packages to Node. What is imported so keeps the package's types
 * (`typeof import(...)`) and is the same module as an `import` of it elsewhere in the process.
 */
import {createRequire} from 'node:module';

export const nativeRequire = createRequire(__filename);
