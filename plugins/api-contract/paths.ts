import path from 'node:path';

/** Repository root (this file lives in plugins/api-contract/). */
export const SITE_DIR = path.resolve(__dirname, '..', '..');
export const CONTRACT_DIR = path.join(SITE_DIR, 'openapi');
export const CONTRACT_ROOT = path.join(CONTRACT_DIR, 'openapi.yaml');
export const RESPONSE_CODES_FILE = path.join(CONTRACT_DIR, 'response-codes.yaml');
export const SAMPLES_DIR = path.join(SITE_DIR, 'samples');
export const REDOCLY_CONFIG = path.join(SITE_DIR, 'redocly.yaml');
/** Written by the plugin, read by the remark plugin and imported by pages as `@generated/api-contract/...`. */
export const GENERATED_DIR = path.join(SITE_DIR, '.docusaurus', 'api-contract');
/** Folders whose MDX may embed reference blocks. */
export const CONTENT_DIRS = ['docs', 'src/pages', 'blog'].map((d) => path.join(SITE_DIR, d));
