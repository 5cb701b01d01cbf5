/**
 * `require` as Node does it, for the ES module packages that the config's imports reach (issue 35,
 * a writer's first page).
 *
 * Docusaurus loads docusaurus.config.ts, and every module it imports, through jiti, which compiles
 * each ES module package it meets with Babel (and keeps the result under the system's temporary
 * folder). Redocly's openapi-core (238 files) and the remark parser (unified, remark-*, micromark:
 * 266 files) were 4.8 s and 4.2 s of CPU of the first `npm start` on a machine (jiti's cache empty)
 * and 0.6 s and 0.3 s of every later one; Node loads each as it is in under 0.4 s (Node 20.19 and
 * later `require` an ES module). What is imported so keeps the package's types
 * (`typeof import(...)`) and is the same module as an `import` of it elsewhere in the process.
 */
import {createRequire} from 'node:module';

export const nativeRequire = createRequire(__filename);
