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
/** The module path pages import a generated file by. */
export const generatedModule = (name: string): string => `@generated/api-contract/default/${name}`;
/** Folders whose MDX may embed reference blocks. */
export const CONTENT_DIRS = ['docs', 'src/pages', 'blog'].map((d) => path.join(SITE_DIR, d));
