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
 * configureWebpack   the sandbox's files copied into the client build (`copySandboxFiles`); the dev
 *                    server serves them from disk instead (plugins/lazy-routes/served.ts).
 * injectHtmlTags     the changelog's RSS and Atom feeds, announced on every page.
 * postBuild          the build's outputs beside the pages (build-outputs.ts): the links checked
 *                    against the build's routes, the changelog's feeds, the downloads, and the data
 *                    `npm run mcp:build` reads.
 *
 * The dev server's checks beside its reloads are dev.ts. The hooks' files own the file system;
 * everything under lib/ is pure and tested in tests/unit.
 */
import logger from '@docusaurus/logger';
import type {LoadContext, Plugin, PluginContentLoadedActions} from '@docusaurus/types';
import {highlightToHtml, loadLanguages} from '#core/code/highlight';
import {defaultLabels, LABEL_MESSAGES, translateLabels, type Labels} from '#core/contract/labels';
import {
  contractSite,
  ContractLoadError,
  assertPageIdsKnown,
  knownPageUses,
  loadContractSource,
  withChangelog,
  withPages,
  type ContractSite,
  type ContractSource,
  type LoadedContract,
  type PageUse,
} from '#node/contract/load';
import {listOperations} from '#core/contract/view-model';
import {sandboxPageView} from '#core/sandbox/page';
import {CHANGELOG_FEEDS} from '#core/changelog/feed';
import type {Release} from '#core/changelog/changelog';
import {site} from '../../site.config';
import {CONTRACT_DIR, SAMPLES_DIR} from '#node/contract/paths';
import {DATA_PLUGIN, servedDir} from '#node/generated';
import {sandboxFiles, type SandboxFile} from '#node/contract/sandbox';
import {cachedContractSource} from '#node/contract/cache';
import {proseStatusProblems, proseStatusProblemsYielding} from '#node/contract/prose';
import {readSamples, readServedStylesheets, SERVED_CSS_DIR} from '#node/contract/samples';
import {generatedFiles, panStatuses, type DataFile} from '#node/contract/data';
import {contractDeprecations} from '#core/contract/deprecations';
import {coverageProblems} from './lib/checks';
import {permalinksBySource} from './lib/permalinks';
import {dataFileText} from './lib/artefacts';
import {devChecks} from './dev';
import {checkBuildLinks, writeDownloads, writeFeeds, writeMcpArtefact} from './build-outputs';
import {assertManifestFolder, copySandboxFiles} from './lib/setup';
import {holdLazyCompiles} from '../lazy-routes';

/** The contract as loaded, with the reference's labels in the build's locale. */
export interface ContractContent extends ContractSource {
  readonly labels: Labels;
  /** The sandbox engine's files, when the contract cache had them (made from `sandbox` otherwise). */
  readonly sandboxFiles?: readonly SandboxFile[];
  /** The dev server's first start without a cached changelog: makes it (`CachedSource`). */
  readonly changelogLater?: () => Promise<Release[]>;
}

/** The translation file of the reference's labels: i18n/<locale>/api-contract/reference.json. */
const LABELS_FILE = 'reference';

const NAME = DATA_PLUGIN.name;

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
  /** What allContentLoaded last ran on: the loaded contract (`raw`, as Docusaurus holds it), the pages, the actions. */
  last?: {raw: ContractContent; allContent: AllContent; actions: PluginContentLoadedActions};
  /** The dev server's first start: the contract it loaded without a changelog, and that contract with it once made. */
  late?: {from: ContractContent; to: ContractContent};
  /** The dev server's first start: the contract once loaded (one object, whatever asks), and its reference once built. */
  first?: {content: Promise<ContractContent>; built: Promise<void>};
}

type AllContent = Parameters<NonNullable<Plugin['allContentLoaded']>>[0]['allContent'];

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
 * The dev server's first load of the contract (issue 35, a writer's first page): the contract,
 * once compiled, with the labels (translated, as translateContent gives them to this object).
 */
interface StartingContent {
  readonly labels: Labels;
  readonly loading: Promise<ContractSource & Pick<ContractContent, 'sandboxFiles' | 'changelogLater'>>;
}

/** What loadContent hands on: the contract as loaded, or on the dev server's first start, being loaded. */
type LoadedContent = ContractContent | StartingContent;

const isStarting = (content: LoadedContent): content is StartingContent => 'loading' in content;

/**
 * The dev server's first load of the contract (`StartingContent`), started as the plugin is made
 * (apiContractPlugin): a compile thread started then has the machine's second core while the main
 * thread still loads the config's other plugins and their pages, about 0.4 s before loadContent
 * (issue 35, a writer's first page).
 */
function startContractLoad(): StartingContent['loading'] {
  const loading = cachedContractSource({lint: 'skip', changelog: 'later', thread: true});
  // Handled where it is awaited (allContentLoaded); not an unhandled rejection meanwhile.
  loading.catch(() => undefined);
  return loading;
}

/**
 * The contract as loaded. A build checks the pages' ids before the lint, so a mistyped id is the
 * first message, and hands the checked pages on (`uses`); the dev server shows an edit without
 * waiting for the lint (half a second of a contract edit's reload): it runs beside the reload, in a
 * child process, and prints what it finds, and the pages are read again on every reload.
 * The dev server's start (`starting`, the load startContractLoad began) does not wait for the
 * contract: it is loaded while the bundler compiles the site (allContentLoaded), from the contract
 * cache when a build, a lint, a test run or the last start made it from the same files, or else
 * compiled in a worker thread (the bundling, the sandbox's compile and validators) and kept for the
 * next start; without a cached changelog it starts without one (`completeChangelog`); a reload after
 * an edit compiles again, reusing what the edit left alone (the per-file memos).
 */
export async function loadContractContent(
  isProd: boolean,
  starting?: StartingContent['loading'],
): Promise<{content: LoadedContent; uses?: PageUse[]}> {
  if (isProd) {
    const uses = assertPageIdsKnown();
    return {content: {...(await cachedContractSource()), labels: defaultLabels()}, uses};
  }
  devChecks.lint();
  if (starting) return {content: {labels: defaultLabels(), loading: starting}};
  return {content: {...(await loadContractSource({lint: 'skip', bundled: false})), labels: defaultLabels()}};
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
  const args = [loaded.uses, permalinkOf, routed.pages, related] as const;
  if (!now) return devChecks.claims(() => proseStatusProblemsYielding(...args), claimsMessage);
  const claims = proseStatusProblems(...args);
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
      changelogPending: content.changelogPending,
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

/** The reference from the loaded contract and the pages (allContentLoaded's work); `content` as loaded, or with its late changelog. */
async function buildReference(
  state: PluginState,
  content: ContractContent,
  {allContent, actions}: NonNullable<PluginState['last']>,
  isProd: boolean,
): Promise<void> {
  const loaded = checkPages(content, state.uses ?? knownPageUses(content), isProd);
  const permalinks = permalinksBySource(allContent);
  const permalinkOf = (file: string): string | undefined => permalinks.get(file);
  const {key, routed, reuse} = routeContract(content, loaded, permalinkOf, state.generated);
  state.routed = routed;
  checkProseClaims(content, loaded, permalinkOf, routed, isProd);
  if (reuse) return;
  const files = await writeGeneratedData(actions.createData, content, routed);
  state.generated = {content, key, routed, files};
}

/**
 * The dev server's first start with no changelog in the contract cache (issue 35, a writer's first
 * page): the changelog is seconds of diffing every published release, on a core the first compile
 * needs, so the start shows the first page without it (the changelog page says it is coming; the
 * operation pages have no "Changed in" badges yet). Once the first compile is done it is made in a
 * worker thread and kept in the cache (the next start reads it), its release notes are checked,
 * and the reference is written again with it: Docusaurus writes only the data files that changed,
 * and the open page takes them as a hot update. A contract edit in the meantime reloads the
 * contract with its changelog; the late one is then dropped. A changelog that cannot be made is
 * reported in the terminal (`npm run build` stops on it).
 */
function completeChangelog(state: PluginState, raw: ContractContent, make: () => Promise<Release[]>): void {
  devChecks.afterFirstCompile('make the API changelog', async () => {
    const to = withChangelog(raw, await make());
    state.late = {from: raw, to};
    if (state.last?.raw !== raw) return;
    await buildReference(state, to, state.last, false);
    logger.info('The API changelog is ready: the changelog page and the "Changed in" badges show it.');
  });
}

/** The reference from `raw` and the pages (allContentLoaded's work); the API changelog made later if the contract came without one. */
async function referenceOf(
  state: PluginState,
  raw: ContractContent,
  allContent: AllContent,
  actions: PluginContentLoadedActions,
  isProd: boolean,
): Promise<void> {
  const later = state.last ? undefined : raw.changelogLater;
  state.last = {raw, allContent, actions};
  await buildReference(state, state.late?.from === raw ? state.late.to : raw, state.last, isProd);
  if (later) completeChangelog(state, raw, later);
}

/**
 * The dev server's first start: the reference is built once the contract is loaded, while the
 * bundler compiles the site, and the pages that show it wait for it. Every Markdown and MDX page
 * compiles on its first visit (plugins/lazy-routes), and the home page in the first compile; each
 * is held until the reference is written (`holdLazyCompiles`). A contract that cannot be loaded
 * stops the dev server with its message, as it stopped the start before.
 */
function buildInBackground(
  state: PluginState,
  starting: StartingContent,
  allContent: AllContent,
  actions: PluginContentLoadedActions,
): void {
  const content = starting.loading.then((source) => ({...source, labels: starting.labels}));
  const built = content.then((raw) => referenceOf(state, raw, allContent, actions, false));
  state.first = {content, built};
  holdLazyCompiles(built);
  built.catch((err: unknown) => {
    logger.error(logger.interpolate`Plugin name=${NAME} failed to build the API reference.`);
    logger.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}

export default function apiContractPlugin(context: LoadContext): Plugin<LoadedContent> {
  const isProd = process.env.NODE_ENV === 'production';
  assertManifestFolder(context);
  const state: PluginState = {};
  // The first load of the dev server (`docusaurus start` sets NODE_ENV to development; Vitest's
  // `test` constructs the plugin without starting anything). The other commands that construct
  // the plugins in development (swizzle, write-translations) start it too; its thread does not keep
  // their process alive, and what it keeps in the contract cache is a build's to read.
  let starting = process.env.NODE_ENV === 'development' ? startContractLoad() : undefined;
  return {
    name: NAME,

    // The pages are not watched here: which page shows which operation is read in allContentLoaded,
    // which Docusaurus runs again whenever the docs or pages plugin reloads for an edited page.
    getPathsToWatch() {
      return [`${CONTRACT_DIR}/**/*.yaml`, `${SAMPLES_DIR}/**/*`, `${SERVED_CSS_DIR}/*.css`];
    },

    loadContent: () =>
      reported('load the API contract', async () => {
        const {content, uses} = await loadContractContent(isProd, starting);
        starting = undefined;
        state.uses = uses;
        return content;
      }),

    configureWebpack: (_config, isServer, {currentBundler}) =>
      reported('copy the sandbox files', () => {
        if (isServer) return {};
        // The dev server serves them from disk (plugins/lazy-routes/served.ts): copied, each write
        // of them would be a change to the bundler's compile.
        return isProd ? copySandboxFiles(currentBundler, servedDir()) : {plugins: [devChecks.compilerPlugin]};
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
        const loaded = allContent[NAME]?.default as LoadedContent;
        if (isStarting(loaded) && !state.first) return buildInBackground(state, loaded, allContent, actions);
        // A reload while the first start's reference is being built goes after it.
        await state.first?.built;
        const raw = isStarting(loaded) ? await state.first!.content : loaded;
        await referenceOf(state, raw, allContent, actions, isProd);
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
        if (isStarting(content)) throw new Error('api-contract: a build loaded the contract as the dev server starts.');
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
