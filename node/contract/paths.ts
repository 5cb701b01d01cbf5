import path from 'node:path';

/** Repository root (this file lives in node/contract/). */
export const SITE_DIR = path.resolve(__dirname, '..', '..');
export const CONTRACT_DIR = path.join(SITE_DIR, 'openapi');
export const CONTRACT_ROOT = path.join(CONTRACT_DIR, 'openapi.yaml');
export const RESPONSE_CODES_FILE = path.join(CONTRACT_DIR, 'response-codes.yaml');
export const SAMPLES_DIR = path.join(SITE_DIR, 'samples');
export const REDOCLY_CONFIG = path.join(SITE_DIR, 'redocly.yaml');
// Where the plugin's generated files go, and every other generated file: node/generated.ts.

/** Folders whose MDX may embed reference blocks. */
export const CONTENT_DIRS = ['docs', 'src/pages', 'blog'].map((d) => path.join(SITE_DIR, d));
