/**
 * Docusaurus plugin: the site in Markdown, for language models and for readers who paste
 * pages into one.
 *
 * postBuild writes into the build:
 *   <page>.md        a Markdown twin next to the HTML of every docs page and MDX page
 *                    (`/docs/v1/service/aeps/withdrawal` -> `/docs/v1/service/aeps/withdrawal.md`,
 *                    `/docs/v1/` -> `/docs/v1/index.md`: core/markdown/twin.ts). Prose is kept
 *                    as written; each API component becomes what its entry in the registry
 *                    (node/contract/components.ts) writes, from the data the page renders
 *                    (the api-contract plugin's generated files, code as text).
 *   /llms.txt        the llmstxt.org index: a "For AI assistants" section (lib/assistants.ts, from
 *                    the contract, the code catalogue and the sandbox scenarios), then one `##` section
 *                    per top-level sidebar category, one link per page to its twin, with the page
 *                    description.
 *   /llms-full.txt   every page's Markdown in the same order, in one file.
 *
 * It reads the docs and pages plugins' loaded content (routes, titles, sources), so a page
 * added to docs/ or to the sidebar appears here with no change to this file. This file owns the
 * file system; the steps are under lib/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import type {LoadedContent as PagesContent} from '@docusaurus/plugin-content-pages';
import {site} from '../../site.config';
import {SITE_DIR} from '#node/contract/paths';
import {API_COMPONENTS, everySample, type ContractData, type MarkdownContext} from '#node/contract/components';
import {familyDir, fileName, folderPath, GENERATED, type DataOf, type GeneratedKey} from '#node/generated';
import {markdownTwinPath} from '#core/markdown/twin';
import type {ReferenceTree} from '#core/contract/tree';
import {mdxToMarkdown, type ComponentRenderer} from './lib/mdx';
import {linkResolver, siteUrls} from './lib/links';
import {detailsOf, llmsFull, llmsTxt, LLMS_FULL_TXT, LLMS_TXT, samplesOnce, summaryOf, withSource} from './lib/llms';
import {llmsSections, sitePages, twinPages, type Page, type SidebarItem} from './lib/pages';
import {assistantsSection} from './lib/assistants';
import type {ContractContent} from '../api-contract';

export {LLMS_FULL_TXT, LLMS_TXT};

/** One generated file (node/generated.ts), by its key, from the data folder `dataDir`. */
function readJson<K extends GeneratedKey>(dataDir: string, id: K, key?: string): DataOf<K> {
  const full = path.join(dataDir, fileName(id, key));
  if (!fs.existsSync(full)) {
    throw new Error(
      `llms-txt: ${path.relative(SITE_DIR, full)} is missing. ${GENERATED[id].writer} generates it; keep './plugins/api-contract' in docusaurus.site.ts plugins.`,
    );
  }
  return JSON.parse(fs.readFileSync(full, 'utf8')) as DataOf<K>;
}

/** Every tree of one kind (`source/ops/*.json`), by id. */
function readTrees(dataDir: string, id: 'operationSource' | 'webhookSource'): Map<string, ReferenceTree> {
  const full = familyDir(id, {dataDir});
  const suffix = path.basename(GENERATED[id].name).replace('*', '');
  const files = fs.existsSync(full) ? fs.readdirSync(full).filter((f) => f.endsWith(suffix)) : [];
  return new Map(
    files.map((f) => {
      const key = f.slice(0, -suffix.length);
      return [key, readJson(dataDir, id, key)];
    }),
  );
}

/**
 * The generated data in `dataDir` (the manifest's `data` folder unless given), with code as text
 * (source/): what the Markdown renderers read.
 */
export function loadContractData(dataDir: string = folderPath('data')): ContractData {
  const {tags} = readJson(dataDir, 'index');
  return {
    operation: readTrees(dataDir, 'operationSource'),
    webhook: readTrees(dataDir, 'webhookSource'),
    tag: new Map(tags.map((t) => [t.name, t])),
    tags,
    sections: readJson(dataDir, 'allSections'),
    jwtSamples: readJson(dataDir, 'sampleSources', 'jwt'),
    verifySamples: readJson(dataDir, 'sampleSources', 'verify'),
    clientSamples: readJson(dataDir, 'sampleSources', 'client'),
    sandboxPage: readJson(dataDir, 'sandboxPage'),
    facts: readJson(dataDir, 'facts'),
    sharedAnswers: readJson(dataDir, 'sharedAnswersSource'),
  };
}

export default function llmsTxtPlugin(context: LoadContext): Plugin {
  const {siteDir, siteConfig} = context;
  const dataDir = folderPath('data', {generatedFilesDir: context.generatedFilesDir});
  const base = siteConfig.baseUrl;
  const urls = siteUrls(siteConfig.url, base);

  return {
    name: 'llms-txt',

    postBuild({outDir, plugins}) {
      const content = (name: string) => plugins.find((p) => p.name === name && p.options.id === 'default')?.content;
      const version = (content('docusaurus-plugin-content-docs') as DocsContent | undefined)?.loadedVersions[0];
      if (!version) throw new Error('llms-txt: no docs were loaded; it needs the classic preset docs plugin.');
      const pages = sitePages(
        version,
        (content('docusaurus-plugin-content-pages') as PagesContent | undefined) ?? [],
        siteDir,
      );
      const sidebarName = Object.keys(version.sidebars)[0];
      const sidebar = (sidebarName ? version.sidebars[sidebarName] : []) as readonly SidebarItem[];
      const sections = llmsSections(pages, sidebar, base);
      const bySource = new Map(twinPages(pages).map((p) => [p.file, p]));
      const data = loadContractData(dataDir);

      const convert = (page: Page, samples: MarkdownContext['samples']): string => {
        const ctx: MarkdownContext = {
          data,
          url: urls.url,
          where: (name) => `${path.relative(siteDir, page.file)} <${name}>`,
          samples,
        };
        const renderers: Record<string, ComponentRenderer> = Object.fromEntries(
          Object.entries(API_COMPONENTS).map(([name, spec]) => [name, (props) => spec.markdown(props, ctx)]),
        );
        return mdxToMarkdown(fs.readFileSync(page.file, 'utf8'), {
          title: page.title,
          description: page.description,
          renderers,
          resolveLink: linkResolver(page, bySource, urls),
          file: path.relative(siteDir, page.file),
        });
      };

      // Twins, next to each page's HTML.
      for (const page of twinPages(pages)) {
        const file = path.join(outDir, markdownTwinPath(page.permalink).slice(base.length));
        fs.mkdirSync(path.dirname(file), {recursive: true});
        fs.writeFileSync(file, convert(page, everySample));
      }

      const title = `${site.productName} API`;
      const summary = summaryOf(site, readJson(dataDir, 'families'));
      const details = detailsOf(site, urls);
      const contract = plugins.find((p) => p.name === 'api-contract')?.content as ContractContent | undefined;
      if (!contract?.bundled)
        throw new Error(
          "llms-txt: the api-contract plugin's content (with its bundled contract) is missing; keep './plugins/api-contract' in docusaurus.site.ts plugins.",
        );
      const assistants = assistantsSection({
        doc: contract.bundled,
        responseCodes: contract.responseCodes,
        families: contract.sandbox.families,
        url: urls.url,
      });
      fs.writeFileSync(
        path.join(outDir, LLMS_TXT.slice(1)),
        llmsTxt(title, summary, details, sections, urls, [assistants]),
      );

      const once = samplesOnce(urls);
      const ordered = [...new Set(sections.flatMap((s) => s.pages))];
      fs.writeFileSync(
        path.join(outDir, LLMS_FULL_TXT.slice(1)),
        llmsFull(
          `# ${title}: the full documentation\n\n> ${summary}\n\n${details}\n\n${assistants}`,
          ordered.map((page) => withSource(convert(page, once(page)), urls.absolute(page.permalink))),
        ),
      );
    },
  };
}
