/**
 * Docusaurus plugin: the API contract as site data.
 *
 * Each lifecycle hook calls a few named steps below; a step that fails is reported through
 * `@docusaurus/logger` with the plugin and the step, and its error is re-thrown.
 *
 * loadContent        lint + bundle openapi/, cross-checks, the file that shows each operation
 *                    (`loadContractContent`).
 * getTranslationFiles, translateContent
 *                    the reference's labels (core/contract/labels.ts) as a translation file, so a
 *                    locale translates the page and its Markdown twin alike.
 * allContentLoaded   the pages checked against the contract (`checkPages`); the views of every
 *                    operation, webhook and tag, each page linked at the route the docs and pages
 *                    plugins gave it (`routeContract`); the status-claim check of the prose
 *                    (`checkProseClaims`); and the generated data (lib/data.ts: section trees,
 *                    families, catalogues, rate limits, the API changelog, the Sandbox page, the
 *                    sandbox engine's models and request validators, samples), written with
 *                    `createData` into the manifest's `data` folder (node/generated.ts, where every
 *                    generated file is declared: its name, type, writer and readers), which pages
 *                    import as `@generated/api-contract/default/...`. Docusaurus writes a file only
 *                    when its content changed, so the dev server reloads just the pages whose data
 *                    moved. The remark plugins find the files through the same manifest.
 * configureWebpack   the sandbox's files copied into the client build (`copySandboxFiles`).
 * injectHtmlTags     the changelog's RSS and Atom feeds, announced on every page.
 * postBuild          a check that every page the reference links to is a route of the build
 *                    (`checkBuildLinks`), the changelog's feeds (`writeFeeds`), the downloads
 *                    (bundled openapi.yaml / openapi.json, a Postman collection converted by
 *                    openapi-to-postmanv2: `writeDownloads`), and the data `npm run mcp:build` reads,
 *                    in the manifest's `artefacts` folder beside the build output (`writeMcpArtefact`).
 *
 * This file owns the file system; everything under lib/ is pure and tested in tests/unit.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import type * as Redocly from '@redocly/openapi-core';
import os from 'node:os';
import path from 'node:path';
import logger from '@docusaurus/logger';
import type {LoadContext, Plugin, PluginContentLoadedActions} from '@docusaurus/types';
import {nativeRequire} from '#node/native-require';
import {SAMPLE_LANGUAGES, type SampleLanguage} from '#core/code/languages';
import {highlightToHtml, loadLanguages} from '#core/code/highlight';
import {DOWNLOADS, JOURNEYS_DOWNLOAD_DIR} from '#core/contract/downloads';
import {defaultLabels, LABEL_MESSAGES, translateLabels, type Labels} from '#core/contract/labels';
import type {CodeSample} from '#core/contract/types';
import {
  contractSite,
  ContractLoadError,
  assertPageIdsKnown,
  knownPageUses,
  loadContractSource,
  withPages,
  type ContractSite,
  type ContractSource,
  type LoadedContract,
  type PageUse,
} from '#node/contract/load';
import {listOperations} from '#core/contract/view-model';
import {sandboxPageView} from '#core/sandbox/page';
import {CHANGELOG_FEEDS, changelogFeeds} from '#core/changelog/feed';
import {site} from '../../site.config';
import {CONTRACT_DIR, SAMPLES_DIR, SITE_DIR} from '#node/contract/paths';
import {DATA_PLUGIN, folderPath, generatedFilesDir, servedDir} from '#node/generated';
import {sandboxFiles, type SandboxFile} from '#node/contract/sandbox';
import {cachedContractSource, contractCacheDir} from '#node/contract/cache';
import {proseStatusProblems} from '#node/contract/prose';
import {createDevChecks, type LintChild} from './dev-checks';
import {generatedFiles, panStatuses, type DataFile} from '#node/contract/data';
import {contractDeprecations} from '#core/contract/deprecations';
import {coverageProblems, unroutedLinks} from './lib/checks';
import {permalinksBySource} from './lib/permalinks';
import {dataFileText, mcpContractFiles} from './lib/artefacts';
import {JOURNEYS_DIR} from '#node/contract/behaviour';

export {DOWNLOADS};

/** The contract as loaded, with the reference's labels in the build's locale. */
export interface ContractContent extends ContractSource {
  readonly labels: Labels;
  /** The sandbox engine's files, when the contract cache had them (made from `sandbox` otherwise). */
  readonly sandboxFiles?: readonly SandboxFile[];
}

/** The translation file of the reference's labels: i18n/<locale>/api-contract/reference.json. */
const LABELS_FILE = 'reference';

/**
 * Hand-written samples (token signing, signature checks, the client wrappers), one file per
 * language: `<group>.<extension>`, or the name the reader saves it as (the wrappers, which each
 * operation's sample imports by that name).
 */
function readSamples(group: string, fileOf = (lang: SampleLanguage) => `${group}.${lang.extension}`): CodeSample[] {
  return SAMPLE_LANGUAGES.map((lang) => {
    const file = path.join(SAMPLES_DIR, group, fileOf(lang));
    if (!fs.existsSync(file)) {
      throw new Error(
        `Missing ${path.relative(SITE_DIR, file)}: every language in core/code/languages.ts needs a ${group} sample.`,
      );
    }
    const label = lang.scriptLabel ?? lang.label;
    return {lang: lang.id, label, prism: lang.prism, code: fs.readFileSync(file, 'utf8').trimEnd()};
  });
}

/** src/css/served/: stylesheets served as they are, linked where needed (lib/data.ts `stylesheets`). */
const SERVED_CSS_DIR = path.join(SITE_DIR, 'src', 'css', 'served');

function readServedStylesheets(): Record<string, string> {
  return Object.fromEntries(
    fs
      .readdirSync(SERVED_CSS_DIR)
      .filter((f) => f.endsWith('.css'))
      .map((f) => [f, fs.readFileSync(path.join(SERVED_CSS_DIR, f), 'utf8')]),
  );
}

const NAME = DATA_PLUGIN.name;

const CONTRACT_CHECK_SCRIPT = path.join(SITE_DIR, 'scripts', 'contract-check.ts');

/**
 * The contract's lint (`npm run lint:contract -- --lint-only`) in a child process at the lowest
 * priority, so the reload it runs beside keeps the CPU. Its problems are printed to the dev
 * server's terminal; the build waits for the lint and stops.
 */
function startLintChild(atStart: boolean): LintChild {
  const args = ['--import', 'tsx', CONTRACT_CHECK_SCRIPT, '--lint-only', ...(atStart ? ['--keep-clean'] : [])];
  const child = spawn(process.execPath, args, {
    cwd: SITE_DIR,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (child.pid) os.setPriority(child.pid, 19);
  return child;
}

/** The dev server's lint and claims check, beside its reloads (dev-checks.ts). */
const devChecks = createDevChecks(
  {
    startLint: startLintChild,
    lintClean: () => fs.existsSync(path.join(contractCacheDir(), 'lint-clean')),
    report: (message) => logger.error(message),
  },
  NAME,
);

const claimsMessage = (claims: readonly string[]): string =>
  `The prose has ${claims.length} status claim(s) that lead to no status operation:\n${claims.map((p) => `  ${p}`).join('\n')}`;

/** What the hooks hand on to later hooks of the same run. */
interface PluginState {
  /** The build's pages, their ids checked in loadContent (a build's pages do not change after it). */
  uses?: PageUse[];
  /** Built in allContentLoaded; its links are checked against the build's routes in postBuild. */
  routed?: ContractSite;
  /** What allContentLoaded last wrote, and from what: the files stay in the data folder until replaced. */
  generated?: {content: ContractContent; key: string; routed: ContractSite; files: readonly DataFile[]};
}

/** Runs one step of a hook; a failure is logged with the plugin and the step, then re-thrown. */
function reported<T>(step: string, run: () => T): T {
  const fail = (err: unknown): never => {
    logger.error(logger.interpolate`Plugin name=${NAME} failed to ${step}.`);
    throw err;
  };
  try {
    const result = run();
    return (result instanceof Promise ? result.catch(fail) : result) as T;
  } catch (err) {
    return fail(err);
  }
}

/**
 * The contract as loaded. A build checks the pages' ids before the lint, so a mistyped id is the
 * first message, and hands the checked pages on (`uses`); the dev server shows an edit without
 * waiting for the lint (half a second of a contract edit's reload): it runs beside the reload, in a
 * child process, and prints what it finds, and the pages are read again on every reload.
 * The dev server's start (`starting`) reads the compiled contract from the contract cache when a
 * build, a lint, a test run or the last start made it from the same files (seconds of bundling, the
 * sandbox's compile and validators, the changelog), and keeps what it compiles for the next start;
 * a reload after an edit compiles again, reusing what the edit left alone (the per-file memos).
 */
export async function loadContractContent(
  isProd: boolean,
  starting = false,
): Promise<{content: ContractContent; uses?: PageUse[]}> {
  if (isProd) {
    const uses = assertPageIdsKnown();
    return {content: {...(await cachedContractSource()), labels: defaultLabels()}, uses};
  }
  devChecks.lint();
  const source = starting
    ? await cachedContractSource({lint: 'skip'})
    : await loadContractSource({lint: 'skip', bundled: false});
  return {content: {...source, labels: defaultLabels()}};
}

/**
 * The contract with the pages that show it, and the coverage report: every operation on exactly one
 * page, or the build stops (the dev server warns).
 */
export function checkPages(content: ContractContent, uses: PageUse[], isProd: boolean): LoadedContract {
  const loaded = withPages(content, uses);
  const problems = coverageProblems(loaded.orphans, loaded.duplicates);
  if (problems) {
    if (isProd) throw new Error(problems);
    logger.warn(problems);
  }
  return loaded;
}

/**
 * The views with each page at its route. Everything they hold depends on the contract and on the
 * route of each page that shows an operation; an edit to a page's prose changes neither, and the
 * dev server then reuses what it last generated (`reuse`).
 */
function routeContract(
  content: ContractContent,
  loaded: LoadedContract,
  permalinkOf: (file: string) => string | undefined,
  previous: PluginState['generated'],
): {key: string; routed: ContractSite; reuse: boolean} {
  const key = JSON.stringify([...loaded.shownIn].map(([id, file]) => [id, permalinkOf(file)]));
  if (previous?.content === content && previous.key === key) return {key, routed: previous.routed, reuse: true};
  return {key, routed: contractSite(loaded, permalinkOf), reuse: false};
}

/**
 * The prose's status claims: checked now in a build (which stops on them); in the dev server after
 * its first compile, then a second after each reload, and printed (dev-checks.ts).
 */
function checkProseClaims(
  content: ContractContent,
  loaded: LoadedContract,
  permalinkOf: (file: string) => string | undefined,
  routed: ContractSite,
  now: boolean,
): void {
  const related = new Map(listOperations(content.deref).map((l) => [l.op.operationId, l.op['x-related'] ?? []]));
  const check = () => proseStatusProblems(loaded.uses, permalinkOf, routed.pages, related);
  if (!now) return devChecks.claims(check, claimsMessage);
  const claims = check();
  if (claims.length) throw new ContractLoadError(claimsMessage(claims));
}

/** The generated data of the reference, through `createData`; returns what it wrote. */
async function writeGeneratedData(
  createData: PluginContentLoadedActions['createData'],
  content: ContractContent,
  routed: ContractSite,
): Promise<DataFile[]> {
  await loadLanguages();
  const files = generatedFiles(
    {
      views: routed.views,
      labels: content.labels,
      responseCodes: content.responseCodes,
      bodies: content.bodies,
      panStatuses: panStatuses(content.deref),
      samples: {
        jwt: readSamples('jwt'),
        verify: readSamples('verify'),
        client: readSamples('client', (lang) => lang.clientFile),
      },
      stylesheets: readServedStylesheets(),
      rateLimits: routed.rateLimits,
      releases: routed.releases,
      notes: content.notes,
      deprecations: contractDeprecations(content.deref),
      sandboxPage: sandboxPageView(content.sandbox, routed.views.tags),
      sandbox: content.sandboxFiles ?? sandboxFiles(content.deref, content.sandbox),
      behaviour: content.behaviour,
      journeys: content.journeys,
    },
    highlightToHtml,
  );
  // Compact JSON (createData would indent an object): these files are read, not edited. A string
  // (the sandbox's ES modules and models) is a file's text already.
  await Promise.all(files.map((f) => createData(f.name, dataFileText(f))));
  return files;
}

type Bundler = Parameters<NonNullable<Plugin['configureWebpack']>>[2]['currentBundler'];

/**
 * The sandbox's files (the data folder's public/) into the site as they are: the client build
 * emits them, so `npm run build` writes them to build/ and `npm start` serves them from memory.
 */
export function copySandboxFiles(currentBundler: Bundler, publicDir: string): {plugins: unknown[]} {
  const {CopyRspackPlugin} = currentBundler.instance as {
    CopyRspackPlugin?: new (options: unknown) => {apply(compiler: unknown): void};
  };
  if (!CopyRspackPlugin)
    throw new Error(
      `The api-contract plugin copies the sandbox's files with Rspack's CopyRspackPlugin, and the bundler is ${currentBundler.name}: keep future.faster.rspackBundler true in docusaurus.config.ts.`,
    );
  return {plugins: [new CopyRspackPlugin({patterns: [{from: publicDir, to: '.'}]})]};
}

/** Every page the reference links to is a route of the build (a draft build only warns). */
function checkBuildLinks(routed: ContractSite, routesPaths: string[], baseUrl: string): void {
  const unrouted = unroutedLinks(routed.views, routesPaths, baseUrl);
  if (!unrouted.length) return;
  const message = `API reference: ${unrouted.length} link(s) of the contract point to no page of the build:\n${unrouted.map((u) => `  ${u}`).join('\n')}`;
  // A draft build (DOCS_DRAFT=1) tolerates pages not written yet, as it does broken links.
  if (process.env.DOCS_DRAFT === '1') logger.warn(message);
  else throw new Error(message);
}

/** The changelog's RSS and Atom feeds, into the build: each release's written notes (openapi/releases/notes.yaml). */
function writeFeeds(
  outDir: string,
  releases: ContractSite['releases'],
  notes: ContractContent['notes'],
  siteConfig: LoadContext['siteConfig'],
): void {
  const feeds = changelogFeeds(releases, notes, {
    origin: `${siteConfig.url.replace(/\/$/, '')}${siteConfig.baseUrl.replace(/\/$/, '')}`,
    productName: site.productName,
    author: site.provider,
    copyright: `Copyright © ${site.copyrightYear} ${site.provider}`,
  });
  fs.mkdirSync(path.join(outDir, path.dirname(CHANGELOG_FEEDS.rss)), {recursive: true});
  fs.writeFileSync(path.join(outDir, CHANGELOG_FEEDS.rss), feeds.rss);
  fs.writeFileSync(path.join(outDir, CHANGELOG_FEEDS.atom), feeds.atom);
}

/** The downloads: the bundled contract as YAML and JSON, and a Postman collection. */
async function writeDownloads(outDir: string, bundled: ContractContent['bundled']): Promise<void> {
  if (!bundled) throw new Error('api-contract: postBuild has no bundled contract; loadContent makes one in a build.');
  // Loaded here, not with the config: the dev server writes no downloads, and these two libraries
  // (openapi-to-postmanv2; openapi-typescript, which loads TypeScript) took 3 s of its start.
  const [{toPostman}, {contractTypes}] = await Promise.all([
    import('#node/contract/postman'),
    import('./lib/types-download'),
  ]);
  const {stringifyYaml} = nativeRequire('@redocly/openapi-core') as typeof Redocly;
  fs.mkdirSync(path.join(outDir, 'downloads'), {recursive: true});
  fs.writeFileSync(path.join(outDir, DOWNLOADS.yaml), stringifyYaml(bundled));
  fs.writeFileSync(path.join(outDir, DOWNLOADS.json), `${JSON.stringify(bundled, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, DOWNLOADS.postman), `${JSON.stringify(await toPostman(bundled), null, 2)}\n`);
  const generator = (
    createRequire(path.join(SITE_DIR, 'package.json'))('openapi-typescript/package.json') as {version: string}
  ).version;
  const version = (bundled as unknown as {info: {version: string}}).info.version;
  fs.writeFileSync(path.join(outDir, DOWNLOADS.types), await contractTypes(bundled, version, generator));
  // The journeys as written: their source description `../openapi.json` is the file above.
  fs.mkdirSync(path.join(outDir, JOURNEYS_DOWNLOAD_DIR), {recursive: true});
  for (const name of fs.readdirSync(JOURNEYS_DIR).filter((f) => f.endsWith('.arazzo.yaml')))
    fs.copyFileSync(path.join(JOURNEYS_DIR, name), path.join(outDir, JOURNEYS_DOWNLOAD_DIR, name));
}

/**
 * The data `npm run mcp:build` reads, in the manifest's `artefacts` folder beside the build output:
 * it outlives the cache folder (`docusaurus clear`) and does not depend on where it is.
 */
export function writeMcpArtefact(outDir: string, files: readonly DataFile[]): string {
  const dir = folderPath('artefacts', {outDir});
  fs.rmSync(dir, {recursive: true, force: true});
  for (const file of mcpContractFiles(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file.name)), {recursive: true});
    fs.writeFileSync(path.join(dir, file.name), file.text);
  }
  return dir;
}

/**
 * The remark plugins and llms-txt find the generated files where node/generated.ts says, computed as
 * Docusaurus computes its `generatedFilesDir`; a site whose Docusaurus put them elsewhere would
 * compile every page against missing or stale data, so it stops here instead.
 */
export function assertManifestFolder(context: Pick<LoadContext, 'generatedFilesDir'>): void {
  const expected = generatedFilesDir();
  if (path.resolve(context.generatedFilesDir) !== expected)
    throw new Error(
      `api-contract: Docusaurus writes generated files to ${context.generatedFilesDir}, but node/generated.ts places them in ${expected}: make generatedFilesDir() in node/generated.ts compute the folder as Docusaurus does (@docusaurus/utils GENERATED_FILES_DIR_NAME).`,
    );
}

export default function apiContractPlugin(context: LoadContext): Plugin<ContractContent> {
  const isProd = process.env.NODE_ENV === 'production';
  assertManifestFolder(context);
  const state: PluginState = {};
  let loads = 0;
  return {
    name: NAME,

    // The pages are not watched here: which page shows which operation is read in allContentLoaded,
    // which Docusaurus runs again whenever the docs or pages plugin reloads for an edited page.
    getPathsToWatch() {
      return [`${CONTRACT_DIR}/**/*.yaml`, `${SAMPLES_DIR}/**/*`, `${SERVED_CSS_DIR}/*.css`];
    },

    loadContent: () =>
      reported('load the API contract', async () => {
        const {content, uses} = await loadContractContent(isProd, loads++ === 0);
        state.uses = uses;
        return content;
      }),

    configureWebpack: (_config, isServer, {currentBundler}) =>
      reported('copy the sandbox files', () => {
        if (isServer) return {};
        const copy = copySandboxFiles(currentBundler, servedDir());
        return isProd ? copy : {plugins: [...copy.plugins, devChecks.compilerPlugin]};
      }),

    getTranslationFiles() {
      return Promise.resolve([{path: LABELS_FILE, content: LABEL_MESSAGES}]);
    },

    translateContent({content, translationFiles}) {
      const file = translationFiles.find((f) => f.path === LABELS_FILE);
      return file ? {...content, labels: translateLabels(file.content)} : content;
    },

    allContentLoaded: ({allContent, actions}) =>
      reported('build the API reference', async () => {
        const content = allContent[NAME]?.default as ContractContent;
        const loaded = checkPages(content, state.uses ?? knownPageUses(content), isProd);
        const permalinks = permalinksBySource(allContent);
        const permalinkOf = (file: string): string | undefined => permalinks.get(file);
        const {key, routed, reuse} = routeContract(content, loaded, permalinkOf, state.generated);
        state.routed = routed;
        checkProseClaims(content, loaded, permalinkOf, routed, isProd);
        if (reuse) return;
        const files = await writeGeneratedData(actions.createData, content, routed);
        state.generated = {content, key, routed, files};
      }),

    injectHtmlTags() {
      const feed = (type: 'rss' | 'atom', label: string) => ({
        tagName: 'link',
        attributes: {
          rel: 'alternate',
          type: `application/${type}+xml`,
          href: `${context.siteConfig.baseUrl}${CHANGELOG_FEEDS[type].slice(1)}`,
          title: `${site.productName} API changelog ${label} feed`,
        },
      });
      return {headTags: [feed('rss', 'RSS'), feed('atom', 'Atom')]};
    },

    postBuild: ({outDir, content, routesPaths}) =>
      reported('write the build outputs', async () => {
        // Docusaurus runs allContentLoaded before any build step; without it there is nothing to check.
        const {routed, generated} = state;
        if (!routed || !generated)
          throw new Error('api-contract: postBuild ran before allContentLoaded built the reference.');
        checkBuildLinks(routed, routesPaths, context.baseUrl);
        writeFeeds(outDir, routed.releases, content.notes, context.siteConfig);
        await writeDownloads(outDir, content.bundled);
        writeMcpArtefact(outDir, generated.files);
      }),
  };
}
