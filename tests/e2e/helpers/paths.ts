/**
 * Where the end-to-end tests find things. Every location can be moved with an environment
 * variable, so the same harness runs against another build (a stock Docusaurus site, say).
 */
import {resolve} from 'node:path';

/**
 * The repository root (this file is tests/e2e/helpers/paths.ts). `__dirname`, not
 * import.meta: Playwright compiles the specs and their imports to CommonJS (package.json has no
 * "type": "module").
 */
export const repoRoot = resolve(__dirname, '../../..');

/** The static build to serve: `build/` unless E2E_BUILD_DIR says otherwise. */
export const buildDir = resolve(process.env.E2E_BUILD_DIR ?? resolve(repoRoot, 'build'));

/**
 * The site sources the build came from (for blog/authors.yml). Defaults to the repo; point it
 * at another site together with E2E_BUILD_DIR.
 */
export const siteDir = resolve(process.env.E2E_SITE_DIR ?? repoRoot);

/** The route list: the repository's own, complete one, unless E2E_ROUTES_FILE names another. */
export const routesFile = resolve(process.env.E2E_ROUTES_FILE ?? resolve(repoRoot, 'project-routes.txt'));

/** Port nginx listens on (127.0.0.1 only). */
export const port = Number(process.env.E2E_PORT ?? '4173');

/** Origin of the server under test, without a trailing slash: http://127.0.0.1:4173 */
export const baseUrl = `http://127.0.0.1:${port}`;
