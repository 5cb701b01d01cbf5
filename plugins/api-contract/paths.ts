import path from 'node:path';

/** Repository root (this file lives in plugins/api-contract/). */
export const SITE_DIR = path.resolve(__dirname, '..', '..');
export const CONTRACT_DIR = path.join(SITE_DIR, 'openapi');
export const CONTRACT_ROOT = path.join(CONTRACT_DIR, 'openapi.yaml');
export const RESPONSE_CODES_FILE = path.join(CONTRACT_DIR, 'response-codes.yaml');
export const SAMPLES_DIR = path.join(SITE_DIR, 'samples');
export const REDOCLY_CONFIG = path.join(SITE_DIR, 'redocly.yaml');
/**
 * Where `createData` puts the plugin's files (`<generatedFilesDir>/<plugin name>/<plugin id>/`): read
 * by the remark plugins and plugins/llms-txt, imported by pages as `@generated/api-contract/default/...`.
 */
export const GENERATED_DIR = path.join(SITE_DIR, '.docusaurus', 'api-contract', 'default');
/**
 * The generated files the site serves as they are, under the same paths (`/sandbox/aeps.json`),
 * copied into the client build by the plugin (../api-contract/index.ts `configureWebpack`), so the
 * browser fetches them on first use without the bundler knowing them: a bundled chunk per file
 * would add an entry to the runtime every page loads (see src/components/TryIt/load.ts).
 */
export const PUBLIC_DIR = 'public';
export const GENERATED_PUBLIC_DIR = path.join(GENERATED_DIR, PUBLIC_DIR);
/** The module path pages import a generated file by. */
export const generatedModule = (name: string): string => `@generated/api-contract/default/${name}`;
/** Folders whose MDX may embed reference blocks. */
export const CONTENT_DIRS = ['docs', 'src/pages', 'blog'].map((d) => path.join(SITE_DIR, d));
