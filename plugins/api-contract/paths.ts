import path from 'node:path';

/** Repository root (this file lives in plugins/api-contract/). */
export const SITE_DIR = path.resolve(__dirname, '..', '..');
export const CONTRACT_DIR = path.join(SITE_DIR, 'openapi');
export const CONTRACT_ROOT = path.join(CONTRACT_DIR, 'openapi.yaml');
export const RESPONSE_CODES_FILE = path.join(CONTRACT_DIR, 'response-codes.yaml');
export const SAMPLES_DIR = path.join(SITE_DIR, 'samples');
export const REDOCLY_CONFIG = path.join(SITE_DIR, 'redocly.yaml');
/** The plugin's name, and so the folder of its generated files under `generatedFilesDir`. */
export const PLUGIN_NAME = 'api-contract';
/**
 * Where `createData` puts the plugin's files: `<generatedFilesDir>/<plugin name>/<plugin id>/`
 * (the plugin has one instance, id `default`). `generatedFilesDir` comes from Docusaurus'
 * `LoadContext` (`.docusaurus/` unless DOCUSAURUS_GENERATED_FILES_DIR_NAME says otherwise), so
 * nothing here knows where that is.
 */
export const contractDataDir = (generatedFilesDir: string): string =>
  path.join(generatedFilesDir, PLUGIN_NAME, 'default');
/**
 * The generated files the site serves as they are, under the same paths (`/sandbox/aeps.json`),
 * copied into the client build by the plugin (../api-contract/index.ts `configureWebpack`), so the
 * browser fetches them on first use without the bundler knowing them: a bundled chunk per file
 * would add an entry to the runtime every page loads (see src/components/TryIt/load.ts).
 */
export const PUBLIC_DIR = 'public';
/** The module path pages import a generated file by. */
export const generatedModule = (name: string): string => `@generated/${PLUGIN_NAME}/default/${name}`;

/**
 * The folder of the build's artefacts for tools that run after it (`npm run mcp:build`): beside
 * the build output (`build/` -> `build-artefacts/`), not in it, so no deployment uploads it and no
 * server serves it, and `docusaurus clear` of the cache leaves it alone.
 */
export const buildArtefactsDir = (outDir: string): string =>
  path.join(path.dirname(outDir), `${path.basename(outDir)}-artefacts`);
/** The contract data the MCP server is built from, in the build's artefacts (mcp/src/bundle.ts). */
export const MCP_CONTRACT_DIR = 'mcp-contract';

/**
 * Where the plugin's generated data is, for the remark plugins: Docusaurus hands remark plugins
 * only the options written in the config, which cannot know `generatedFilesDir`, so the config
 * gives the same object to the api-contract plugin, which sets it from its `LoadContext` when
 * Docusaurus creates it (before any MDX is compiled), and to the remark plugins, which read it.
 */
export class ContractDataLocation {
  private dir: string | undefined;

  constructor(dir?: string) {
    this.dir = dir;
  }

  set(dir: string): void {
    this.dir = dir;
  }

  /** The folder, or an error with the fix when no api-contract plugin has set it. */
  get(): string {
    if (!this.dir)
      throw new Error(
        "API reference data has no folder: the api-contract plugin sets it when Docusaurus loads it. Give the same ContractDataLocation to './plugins/api-contract' and to the remark plugins in docusaurus.config.ts.",
      );
    return this.dir;
  }
}

/** Folders whose MDX may embed reference blocks. */
export const CONTENT_DIRS = ['docs', 'src/pages', 'blog'].map((d) => path.join(SITE_DIR, d));
