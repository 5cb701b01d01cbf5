/**
 * Where the end-to-end tests find things. Every location can be moved with an environment
 * variable, so the same harness runs against another build (a stock Docusaurus site, say).
 */
import {resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

/** The repository root (this file is tests/e2e/helpers/paths.ts). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The static build to serve: `build/` unless E2E_BUILD_DIR says otherwise. */
export const buildDir = resolve(process.env.E2E_BUILD_DIR ?? resolve(repoRoot, 'build'));

/**
 * The site sources the build came from (for blog/authors.yml). Defaults to the repo; point it
 * at another site together with E2E_BUILD_DIR.
 */
export const siteDir = resolve(process.env.E2E_SITE_DIR ?? repoRoot);

/** The route list. CI clones the repo with shared/ beside it, hence '../shared'. */
export const routesFile = resolve(process.env.E2E_ROUTES_FILE ?? resolve(repoRoot, '../shared/routes.txt'));

/** Port nginx listens on (127.0.0.1 only). */
export const port = Number(process.env.E2E_PORT ?? '4173');

export const serveScript = resolve(repoRoot, 'scripts/serve-build.sh');
export const systemDepsScript = resolve(repoRoot, 'scripts/ensure-system-deps.sh');
