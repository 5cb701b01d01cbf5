/**
 * Docusaurus plugin: the API contract as site data.
 *
 * loadContent        lint + bundle openapi/, cross-checks, the file that shows each operation.
 * getTranslationFiles, translateContent
 *                    the reference's labels (core/contract/labels.ts) as a translation file, so a
 *                    locale translates the page and its Markdown twin alike.
 * allContentLoaded   the views of every operation, webhook and tag, each page linked at the route
 *                    the docs and pages plugins gave it; the status-claim check of the prose, which
 *                    follows links to those routes; and the generated data (lib/data.ts: section
 *                    trees, families, catalogues, rate limits, the API changelog, the Test data page,
 *                    the sandbox engine's models and request validators, samples), written with
 *                    `createData` into .docusaurus/api-contract/default/, which pages import as
 *                    `@generated/api-contract/default/...`. Docusaurus writes a file only when its
 *                    content changed, so the dev server reloads just the pages whose data moved.
 * injectHtmlTags     the changelog's RSS and Atom feeds, announced on every page.
 * postBuild          the downloads (bundled openapi.yaml / openapi.json, a Postman collection
 *                    converted by openapi-to-postmanv2), the changelog's feeds, and a check that
 *                    every page the reference links to is a route of the build (`routesPaths`).
 *
 * This file owns the file system; everything under lib/ is pure and tested in tests/unit.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {stringifyYaml} from '@redocly/openapi-core';
import {SAMPLE_LANGUAGES} from '#core/code/languages';
import {highlightToHtml, loadLanguages} from '#core/code/highlight';
import {DOWNLOADS} from '#core/contract/downloads';
import {defaultLabels, LABEL_MESSAGES, translateLabels, type Labels} from '#core/contract/labels';
import type {CodeSample} from '#core/contract/types';
import {
  contractSite,
  ContractLoadError,
  assertPageIdsKnown,
  loadContractSource,
  scanPages,
  withPages,
  type ContractSite,
  type ContractSource,
} from './load';
import {listOperations} from '#core/contract/view-model';
import {testDataView} from '#core/sandbox/page';
import {CHANGELOG_FEEDS, changelogFeeds} from '#core/changelog/feed';
import {site} from '../../site.config';
import {CONTRACT_DIR, GENERATED_PUBLIC_DIR, SAMPLES_DIR, SITE_DIR} from './paths';
import {toPostman} from './postman';
import {sandboxFiles} from './sandbox';
import {proseStatusProblems} from './prose';
import {generatedFiles, panStatuses} from './lib/data';
import {coverageProblems, unroutedLinks} from './lib/checks';
import {permalinksBySource} from './lib/permalinks';

export {DOWNLOADS};

/** The contract as loaded, with the reference's labels in the build's locale. */
export interface ContractContent extends ContractSource {
  readonly labels: Labels;
}

/** The translation file of the reference's labels: i18n/<locale>/api-contract/reference.json. */
const LABELS_FILE = 'reference';

/** Hand-written samples (token signing, signature checks), one file per language. */
function readSamples(group: string): CodeSample[] {
  return SAMPLE_LANGUAGES.map((lang) => {
    const file = path.join(SAMPLES_DIR, group, `${group}.${lang.extension}`);
    if (!fs.existsSync(file)) {
      throw new Error(
        `Missing ${path.relative(SITE_DIR, file)}: every language in core/code/languages.ts needs a ${group} sample.`,
      );
    }
    return {lang: lang.id, label: lang.label, prism: lang.prism, code: fs.readFileSync(file, 'utf8').trimEnd()};
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

const NAME = 'api-contract';

const CONTRACT_CHECK_SCRIPT = path.join(SITE_DIR, 'scripts', 'contract-check.ts');
let linting: ChildProcess | undefined;

/**
 * The contract's lint (`npm run lint:contract -- --lint-only`) in a child process at the lowest
 * priority, so the reload it runs beside keeps the CPU; a new edit stops the lint of the last one.
 * Its problems are printed to the dev server's terminal; the build waits for the lint and stops.
 */
function lintBeside(): void {
  linting?.kill();
  const child = spawn(process.execPath, ['--import', 'tsx', CONTRACT_CHECK_SCRIPT, '--lint-only'], {
    cwd: SITE_DIR,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  linting = child;
  child.on('exit', () => {
    if (linting === child) linting = undefined;
  });
  if (child.pid) os.setPriority(child.pid, 19);
}

const claimsMessage = (claims: readonly string[]): string =>
  `The prose has ${claims.length} status claim(s) that lead to no status operation:\n${claims.map((p) => `  ${p}`).join('\n')}`;

let claimsTimer: NodeJS.Timeout | undefined;
// After the page has updated: the browser fetches the hot update from this same Node thread 0.2-0.4 s
// after the save, and a check running then (30-80 ms) delays it.
const CLAIMS_CHECK_DELAY_MS = 1000;

/**
 * The dev server checks an edited page's status claims a second after its reload, not inside it:
 * the check re-parses the edited page (30-40 ms of each MDX edit's 0.5 s), and the page is shown
 * sooner without it. Its problems are printed to the terminal, as the lint's are; the build stops
 * on them, and so does the dev server's start. A newer reload replaces a pending check.
 */
function checkClaimsAfterReload(check: () => string[]): void {
  clearTimeout(claimsTimer);
  claimsTimer = setTimeout(() => {
    const claims = check();
    if (claims.length) console.error(`[ERROR] ${claimsMessage(claims)}\n(npm run build stops on these)`);
  }, CLAIMS_CHECK_DELAY_MS);
  claimsTimer.unref();
}

export default function apiContractPlugin(context: LoadContext): Plugin<ContractContent> {
  const isProd = process.env.NODE_ENV === 'production';
  // Built in allContentLoaded; its links are checked against the build's routes in postBuild.
  let routed: ContractSite | undefined;
  // What allContentLoaded last wrote, and from what: the files stay in .docusaurus/ until replaced.
  let generated: {content: ContractContent; key: string; routed: ContractSite} | undefined;
  return {
    name: NAME,

    // The pages are not watched here: which page shows which operation is read in allContentLoaded,
    // which Docusaurus runs again whenever the docs or pages plugin reloads for an edited page.
    getPathsToWatch() {
      return [`${CONTRACT_DIR}/**/*.yaml`, `${SAMPLES_DIR}/**/*`, `${SERVED_CSS_DIR}/*.css`];
    },

    async loadContent() {
      if (isProd) {
        // The build checks the pages' ids before the lint, so a mistyped id is the first message;
        // the rest of what the pages say is checked in allContentLoaded (withPages), as in dev.
        assertPageIdsKnown();
        return {...(await loadContractSource()), labels: defaultLabels()};
      }
      // The dev server shows an edit without waiting for the lint (half a second of a contract
      // edit's reload): it runs beside the reload, in a child process, and prints what it finds.
      lintBeside();
      return {...(await loadContractSource({lint: 'skip', bundled: false})), labels: defaultLabels()};
    },

    // The sandbox's files (GENERATED_PUBLIC_DIR) into the site as they are: the client build emits
    // them, so `npm run build` writes them to build/ and `npm start` serves them from memory.
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const {CopyRspackPlugin} = currentBundler.instance as {
        CopyRspackPlugin?: new (options: unknown) => {apply(compiler: unknown): void};
      };
      if (!CopyRspackPlugin)
        throw new Error(
          `The api-contract plugin copies the sandbox's files with Rspack's CopyRspackPlugin, and the bundler is ${currentBundler.name}: keep future.faster.rspackBundler true in docusaurus.config.ts.`,
        );
      return {plugins: [new CopyRspackPlugin({patterns: [{from: GENERATED_PUBLIC_DIR, to: '.'}]})]};
    },

    getTranslationFiles() {
      return Promise.resolve([{path: LABELS_FILE, content: LABEL_MESSAGES}]);
    },

    translateContent({content, translationFiles}) {
      const file = translationFiles.find((f) => f.path === LABELS_FILE);
      return file ? {...content, labels: translateLabels(file.content)} : content;
    },

    async allContentLoaded({allContent, actions}) {
      const content = allContent[NAME]?.default as ContractContent;
      const loaded = withPages(content, scanPages());
      const problems = coverageProblems(loaded.orphans, loaded.duplicates);
      if (problems) {
        if (isProd) throw new Error(problems);
        console.warn(problems);
      }
      const permalinks = permalinksBySource(allContent);
      const permalinkOf = (file: string): string | undefined => permalinks.get(file);
      // Everything below depends on the contract and on the route of each page that shows an
      // operation; an edit to a page's prose changes neither, and the dev server then reuses it all.
      const key = JSON.stringify([...loaded.shownIn].map(([id, file]) => [id, permalinkOf(file)]));
      const reuse = generated?.content === content && generated.key === key ? generated : undefined;
      routed = reuse ? reuse.routed : contractSite(loaded, permalinkOf);
      const related = new Map(listOperations(content.deref).map((l) => [l.op.operationId, l.op['x-related'] ?? []]));
      const {pages} = routed;
      const checkClaims = () => proseStatusProblems(loaded.uses, permalinkOf, pages, related);
      if (isProd || !generated) {
        const claims = checkClaims();
        if (claims.length) throw new ContractLoadError(claimsMessage(claims));
      } else checkClaimsAfterReload(checkClaims);
      if (reuse) return;
      await loadLanguages();
      const files = generatedFiles(
        {
          views: routed.views,
          labels: content.labels,
          responseCodes: content.responseCodes,
          bodies: content.bodies,
          panStatuses: panStatuses(content.deref),
          samples: {jwt: readSamples('jwt'), verify: readSamples('verify')},
          stylesheets: readServedStylesheets(),
          rateLimits: routed.rateLimits,
          release: routed.release,
          testData: testDataView(content.sandbox, routed.views.tags),
          sandbox: sandboxFiles(content.deref, content.sandbox),
        },
        highlightToHtml,
      );
      // Compact JSON (createData would indent an object): these files are read, not edited. A string
      // (the sandbox's ES modules and models) is a file's text already.
      await Promise.all(
        files.map((f) => actions.createData(f.name, typeof f.data === 'string' ? f.data : JSON.stringify(f.data))),
      );
      generated = {content, key, routed};
    },

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

    async postBuild({outDir, content, routesPaths}) {
      // Docusaurus runs allContentLoaded before any build step; without it there is nothing to check.
      if (!routed) throw new Error('api-contract: postBuild ran before allContentLoaded built the reference.');
      const unrouted = unroutedLinks(routed.views, routesPaths, context.baseUrl);
      if (unrouted.length) {
        const message = `API reference: ${unrouted.length} link(s) of the contract point to no page of the build:\n${unrouted.map((u) => `  ${u}`).join('\n')}`;
        // A draft build (DOCS_DRAFT=1) tolerates pages not written yet, as it does broken links.
        if (process.env.DOCS_DRAFT === '1') console.warn(message);
        else throw new Error(message);
      }
      const feeds = changelogFeeds([routed.release], {
        origin: `${context.siteConfig.url.replace(/\/$/, '')}${context.siteConfig.baseUrl.replace(/\/$/, '')}`,
        productName: site.productName,
        author: site.provider,
        copyright: `Copyright © ${site.copyrightYear} ${site.provider}`,
      });
      fs.mkdirSync(path.join(outDir, path.dirname(CHANGELOG_FEEDS.rss)), {recursive: true});
      fs.writeFileSync(path.join(outDir, CHANGELOG_FEEDS.rss), feeds.rss);
      fs.writeFileSync(path.join(outDir, CHANGELOG_FEEDS.atom), feeds.atom);
      const {bundled} = content;
      if (!bundled)
        throw new Error('api-contract: postBuild has no bundled contract; loadContent makes one in a build.');
      const dir = path.join(outDir, 'downloads');
      fs.mkdirSync(dir, {recursive: true});
      fs.writeFileSync(path.join(outDir, DOWNLOADS.yaml), stringifyYaml(bundled));
      fs.writeFileSync(path.join(outDir, DOWNLOADS.json), `${JSON.stringify(bundled, null, 2)}\n`);
      fs.writeFileSync(path.join(outDir, DOWNLOADS.postman), `${JSON.stringify(await toPostman(bundled), null, 2)}\n`);
    },
  };
}
