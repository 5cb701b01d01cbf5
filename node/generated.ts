/**
 * The manifest of generated data: every file the build writes for another part of the site to read,
 * declared once with its name, the folder it is written to, its TypeScript type, who writes it and
 * who reads it. Writers name their files through it and readers find them through it, so no path of
 * a generated file is spelt anywhere else; types/generated.d.ts, which types the browser's
 * `@generated/...` imports, is generated from it (`npm run generated:types`, also run by
 * `npm run build`; tests/unit/generated.test.ts holds the committed file to it).
 *
 * The folders:
 *   data       `<generatedFilesDir>/api-contract/default/`: what the api-contract plugin hands
 *              Docusaurus' `createData`; pages import it as `@generated/api-contract/default/<name>`,
 *              the remark plugins and llms-txt read it from disk, and its `public/` part is copied
 *              into the site as it is (the sandbox's files under /sandbox/). A file another plugin
 *              hands `createData` names that plugin (`plugin`), and is in that plugin's folder,
 *              `<generatedFilesDir>/<plugin name>/<plugin id>/`.
 *   generated  `<generatedFilesDir>/`: build-time notes for scripts/build.mjs.
 *   artefacts  `<outDir>-artefacts/mcp-contract/`: what `npm run mcp:build` reads after the build,
 *              beside the output (never uploaded with it, kept by `docusaurus clear`).
 *   build      `<outDir>/`: files the site serves that come from a tool of ours, not from Docusaurus.
 *
 * `generatedFilesDir` is computed as Docusaurus computes it (@docusaurus/utils GENERATED_FILES_DIR_NAME:
 * DOCUSAURUS_GENERATED_FILES_DIR_NAME, else `.docusaurus`, under the site), so a remark plugin, which
 * gets only the options written in docusaurus.site.ts, knows the folder without being told; the
 * api-contract plugin checks that Docusaurus agrees. Imports little at run time (node:path, one
 * constant of the core), so scripts/build.mjs loads it cheaply.
 */
import path from 'node:path';
import type {ReferenceTree} from '#core/contract/tree';
import type {ComponentSections, ComponentTree, SectionBlock} from '#core/contract/sections';
import type {BodySchemas} from '#core/contract/fences';
import type {Family} from '#core/contract/families';
import type {CatalogueCode, CodeSample, OperationCodeWords, RenderedSample, TagView} from '#core/contract/types';
import type {PageTree} from '@site/src/components/Reference';
import {SANDBOX_URL_DIR} from '#core/sandbox/try-it';

/** Repository root (this file lives in node/). */
export const SITE_DIR = path.resolve(__dirname, '..');

/** Where a generated file is written (see the file's comment). */
export type Folder = 'data' | 'generated' | 'artefacts' | 'build';

/**
 * One generated file, or one family of files when its name holds a `*` (one file per key: an
 * operation id, a component key, a sample group). `T` is what the file holds (for a module, its
 * default export); it exists only for the type checker.
 */
export interface GeneratedFile<T = unknown> {
  /** Its path under its folder, `/`-separated. */
  readonly name: string;
  readonly folder: Folder;
  /** The code that writes it. */
  readonly writer: string;
  /** The code that reads it; `src/` means a page or component imports it as a `@generated/` module. */
  readonly readers: readonly string[];
  /** Declared in types/generated.d.ts: components import it by this name. */
  readonly declared?: boolean;
  /** Also written to the MCP server's artefact folder (`artefacts`), under the same name. */
  readonly mcp?: boolean;
  /** The plugin whose `createData` writes this `data` file, when it is not the api-contract plugin. */
  readonly plugin?: PluginId;
  /** What the file holds, for the type checker only (never set). */
  readonly type?: T;
}

/** A plugin instance, as Docusaurus names its folder of generated data: `<name>/<id>/`. */
export interface PluginId {
  readonly name: string;
  readonly id: string;
}

/** The part of the `data` folder the site serves as it is, at its root (copied into the client build). */
export const SERVED = 'public';

const file = <T>(entry: Omit<GeneratedFile<T>, 'type'>): GeneratedFile<T> => entry;

const CONTRACT_PLUGIN = 'plugins/api-contract (allContentLoaded, createData)';
const REMARK_API = 'plugins/api-contract/remark.ts';
const LLMS = 'plugins/llms-txt';
const MCP = 'mcp/src/bundle.ts (from the artefact folder)';

/** The ids a page may name, by kind (node/contract/components.ts `IdKind`). */
export interface KnownIdLists {
  readonly operation: readonly string[];
  readonly webhook: readonly string[];
  readonly tag: readonly string[];
}

/** The manifest. Keys are how code names a file; `name` is where it is. */
export const GENERATED = {
  operationTree: file<PageTree>({
    name: 'ops/*.js',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    // Imported by the pages remarkApiReference wires (by module name, not by a component), so no declaration.
    readers: ['src/ (pages with <Endpoint>)'],
  }),
  webhookTree: file<PageTree>({
    name: 'webhooks/*.js',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: ['src/ (pages with <Webhook>)'],
  }),
  operationSource: file<ReferenceTree>({
    name: 'source/ops/*.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: [REMARK_API, LLMS],
  }),
  webhookSource: file<ReferenceTree>({
    name: 'source/webhooks/*.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: [REMARK_API, LLMS],
  }),
  sharedAnswers: file<PageTree>({
    name: 'shared/answers.js',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: ['src/components/SharedAnswers'],
    declared: true,
  }),
  sharedAnswersSource: file<ReferenceTree>({
    name: 'source/shared/answers.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: [REMARK_API, LLMS],
  }),
  componentSections: file<readonly SectionBlock[]>({
    name: 'sections/*.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: ['src/components (ResponseCodeTable, ApiIndex, ApiChangelog ...)'],
    declared: true,
  }),
  allSections: file<ComponentSections>({
    name: 'sections.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: [LLMS],
  }),
  index: file<{readonly tags: readonly TagView[]}>({
    name: 'index.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: [LLMS, MCP],
    declared: true,
    mcp: true,
  }),
  families: file<readonly Pick<Family, 'label' | 'description' | 'href'>[]>({
    name: 'families.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: ['src/pages/index.tsx'],
    declared: true,
  }),
  responseCodes: file<readonly CatalogueCode[]>({
    name: 'response-codes.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: ['src/components/TryIt', MCP],
    declared: true,
    mcp: true,
  }),
  sandboxPage: file<ComponentTree>({
    name: 'sandbox-page.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: ['src/components/SandboxPage', REMARK_API, LLMS],
    declared: true,
  }),
  /** Hand-written samples (samples/jwt/, samples/verify/, samples/client/), one per sample language, highlighted. */
  samples: file<readonly RenderedSample[]>({
    name: '*-samples.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: ['src/components (JwtSamples, VerifySignature, ClientSamples)'],
    declared: true,
  }),
  sampleSources: file<readonly CodeSample[]>({
    name: 'source/*-samples.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: [LLMS],
  }),
  /** The sandbox engine's files and the Try it panel's data, served under /sandbox/ (copied by Rspack; the dev server serves them from disk). */
  sandboxFiles: file<unknown>({
    name: `${SERVED}/${SANDBOX_URL_DIR}/*`,
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: ['src/components/TryIt (fetched from /sandbox/)', MCP],
    mcp: true,
  }),
  /** src/css/served/ stylesheets, served under /css/ as they are. */
  stylesheets: file<string>({
    name: `${SERVED}/css/*`,
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: ['src/ (linked by the pages that need them)'],
  }),
  bodySchemas: file<Readonly<Record<string, BodySchemas>>>({
    name: 'body-schemas.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: ['plugins/static-code/remark.ts'],
  }),
  facts: file<Readonly<Record<string, string>>>({
    name: 'facts.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: ['plugins/api-contract/remark-fact.ts', LLMS],
  }),
  codeRules: file<readonly OperationCodeWords[]>({
    name: 'code-rules.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: [MCP],
    mcp: true,
  }),
  ids: file<KnownIdLists>({
    name: 'ids.json',
    folder: 'data',
    writer: CONTRACT_PLUGIN,
    readers: [REMARK_API],
  }),
  /** Site path -> the file it was built from, for naming the file of a broken link. */
  routeSources: file<Readonly<Record<string, string>>>({
    name: 'route-sources.json',
    folder: 'generated',
    writer: 'plugins/route-sources (postBuild)',
    readers: ['scripts/build.mjs'],
  }),
  /** The token colours of both code themes (core/code/prism-themes.ts), added to the site's stylesheet. */
  codeTheme: file<string>({
    name: 'code-theme.css',
    folder: 'data',
    plugin: {name: 'static-code', id: 'default'},
    writer: 'plugins/static-code (contentLoaded, createData)',
    readers: ['plugins/static-code (getClientModules: a client module of every page)'],
  }),
  /** The docs version's metadata with the sidebar-linked pages as docs, for those pages' docs layout. */
  docsVersion: file<unknown>({
    name: 'docs-version.json',
    folder: 'data',
    plugin: {name: 'docusaurus-plugin-content-pages', id: 'default'},
    writer: 'plugins/docs-pages (allContentLoaded, createData)',
    readers: ['@theme/DocVersionRoot (the `version` module of the routes plugins/docs-pages wraps)'],
  }),
  /** The go-live check as a site download (issue 27). */
  certify: file<string>({
    name: 'downloads/certify.mjs',
    folder: 'build',
    writer: 'scripts/build.mjs (certify/src/bundle.ts, after docusaurus build)',
    readers: ['partners (/downloads/certify.mjs)'],
  }),
} as const;

export type GeneratedKey = keyof typeof GENERATED;
/** What the file `key` holds. */
export type DataOf<K extends GeneratedKey> = (typeof GENERATED)[K] extends GeneratedFile<infer T> ? T : never;

/** The plugin whose `createData` writes the `data` folder, and its one instance's id. */
export const DATA_PLUGIN = {name: 'api-contract', id: 'default'} as const;

/** Where Docusaurus writes generated files: DOCUSAURUS_GENERATED_FILES_DIR_NAME, else `.docusaurus`, under the site. */
export function generatedFilesDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(SITE_DIR, env.DOCUSAURUS_GENERATED_FILES_DIR_NAME ?? '.docusaurus');
}

/** The output folder a build writes when given none (`docusaurus build --out-dir`). */
export const DEFAULT_OUT_DIR = path.join(SITE_DIR, 'build');

/** The folders a run writes to; each defaults to this process's (its environment, build/). */
export interface Folders {
  readonly generatedFilesDir?: string;
  /** The `data` folder itself (unit tests of a reader give a temporary one). */
  readonly dataDir?: string;
  readonly outDir?: string;
}

/** The folder of the build's artefacts: beside the output (`build/` -> `build-artefacts/`), not in it. */
export const buildArtefactsDir = (outDir: string): string =>
  path.join(path.dirname(outDir), `${path.basename(outDir)}-artefacts`);

/** The folder of the `data` files of `plugin` (another plugin's than the api-contract's: `where.dataDir` is not it). */
function pluginDataDir(plugin: PluginId, where: Folders): string {
  return path.join(where.generatedFilesDir ?? generatedFilesDir(), plugin.name, plugin.id);
}

/** The folder a generated file is in: its folder, or for a `data` file of another plugin, that plugin's. */
function folderOf(id: GeneratedKey, where: Folders): string {
  const {folder, plugin} = GENERATED[id] as GeneratedFile;
  return folder === 'data' && plugin ? pluginDataDir(plugin, where) : folderPath(folder, where);
}

/** The absolute path of a folder. */
export function folderPath(folder: Folder, where: Folders = {}): string {
  const generated = where.generatedFilesDir ?? generatedFilesDir();
  const out = where.outDir ?? DEFAULT_OUT_DIR;
  switch (folder) {
    case 'data':
      return where.dataDir ?? path.join(generated, DATA_PLUGIN.name, DATA_PLUGIN.id);
    case 'generated':
      return generated;
    case 'artefacts':
      return path.join(buildArtefactsDir(out), 'mcp-contract');
    case 'build':
      return out;
  }
}

/** The folder of the `data` files the site serves as they are (`public/`: /sandbox/, /css/). */
export const servedDir = (where: Folders = {}): string => path.join(folderPath('data', where), SERVED);

/** The URL folders of the files served as they are (`sandbox`, `css`): the first folder of each `public/` entry. */
export const servedFolders = (): string[] => [
  ...new Set(
    Object.values(GENERATED)
      .map((f) => f.name.split('/'))
      .filter(([top, folder]) => top === SERVED && folder !== undefined)
      .map(([, folder]) => folder!),
  ),
];

/** The name of one file under its folder: the `*` of a family of files replaced by `key`. */
export function fileName(id: GeneratedKey, key?: string): string {
  const {name} = GENERATED[id];
  if (!name.includes('*')) return name;
  if (key === undefined)
    throw new Error(`node/generated.ts: ${id} (${name}) is one file per key; give the key (an id, a component key).`);
  return name.replace('*', key);
}

/** The absolute path of a generated file (of one member of a family of files, by its key). */
export function generatedPath(id: GeneratedKey, key?: string, where: Folders = {}): string {
  return path.join(folderOf(id, where), fileName(id, key));
}

/** Where the MCP server's copy of a `data` file marked `mcp` is, in the `artefacts` folder. */
export function mcpArtefactPath(id: GeneratedKey, key?: string, where: Folders = {}): string {
  if (!GENERATED[id].mcp)
    throw new Error(`node/generated.ts: ${id} is not copied for the MCP server; mark it \`mcp: true\` to copy it.`);
  return path.join(folderPath('artefacts', where), fileName(id, key));
}

/** The folder of a family of files (`ops/*.js` -> `<data>/ops`), for a reader that lists it. */
export function familyDir(id: GeneratedKey, where: Folders = {}): string {
  return path.join(folderOf(id, where), path.dirname(GENERATED[id].name));
}

/** The module a page imports a `data` file by: `@generated/api-contract/default/<name>`. */
export function generatedModule(id: GeneratedKey, key?: string): string {
  return dataModule(fileName(id, key), (GENERATED[id] as GeneratedFile).plugin);
}

/** The module of a name under a `data` folder (for names built by a registry: components.ts). */
export const dataModule = (name: string, plugin: PluginId = DATA_PLUGIN): string =>
  `@generated/${plugin.name}/${plugin.id}/${name}`;

/**
 * Does a name under the `data` folder belong to the family of files `id`? A `*` after a folder
 * (`sections/*.json`) stands for any path under it (`sections/OperationList/aeps.json`); anywhere else
 * (`*-samples.json`) for one file name, so `source/jwt-samples.json` is not a `samples` file.
 */
export function isFileOf(id: GeneratedKey, name: string): boolean {
  const pattern = GENERATED[id].name;
  const star = pattern.indexOf('*');
  if (star < 0) return name === pattern;
  const head = pattern.slice(0, star);
  const tail = pattern.slice(star + 1);
  if (name.length < head.length + tail.length || !name.startsWith(head) || !name.endsWith(tail)) return false;
  return head.endsWith('/') || !name.slice(head.length, name.length - tail.length).includes('/');
}

/** The path of the generated type declarations, relative to the site. */
export const DECLARATIONS_FILE = 'types/generated.d.ts';
/** The command that writes it. */
export const DECLARATIONS_COMMAND = 'npm run generated:types';

/** types/generated.d.ts: one module declaration per file components import, typed from this manifest. */
export function declarations(): string {
  const modules = (Object.keys(GENERATED) as GeneratedKey[])
    .filter((id) => GENERATED[id].declared)
    .map((id) =>
      [
        `declare module '${dataModule(GENERATED[id].name, (GENERATED[id] as GeneratedFile).plugin)}' {`,
        `  import type {DataOf} from '#node/generated';`,
        `  const data: DataOf<'${id}'>;`,
        '  export default data;',
        '}',
      ].join('\n'),
    );
  return [
    '/**',
    ` * Generated from node/generated.ts by \`${DECLARATIONS_COMMAND}\` (also run by \`npm run build\`): edit`,
    ' * the manifest, not this file. The generated files components import as `@generated/...`, declared',
    ' * so that `tsc` checks the components before the first build has written them (a fresh clone, CI).',
    ' */',
    '',
    modules.join('\n\n'),
    '',
  ].join('\n');
}
