/**
 * Docusaurus plugin: the API contract as site data.
 *
 * loadContent        lint + bundle openapi/, cross-checks, the file that shows each operation.
 * getTranslationFiles, translateContent
 *                    the reference's labels (src/lib/contract/labels.ts) as a translation file, so a
 *                    locale translates the page and its Markdown twin alike.
 * allContentLoaded   the views of every operation, webhook and tag, each page linked at the route
 *                    the docs and pages plugins gave it, and the generated data (lib/data.ts: section
 *                    trees, families, catalogues, samples), written with `createData` into
 *                    .docusaurus/api-contract/default/, which pages import as
 *                    `@generated/api-contract/default/...`. Docusaurus writes a file only when its
 *                    content changed, so the dev server reloads just the pages whose data moved.
 * postBuild          the downloads (bundled openapi.yaml / openapi.json, a Postman collection
 *                    converted by openapi-to-postmanv2), and a check that every page the reference
 *                    links to is a route of the build (`routesPaths`).
 *
 * This file owns the file system; everything under lib/ is pure and tested in tests/unit.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {stringifyYaml} from '@redocly/openapi-core';
import {SAMPLE_LANGUAGES} from '../../src/lib/languages';
import {highlightToHtml, loadLanguages} from '../../src/lib/highlight';
import {DOWNLOADS} from '../../src/lib/downloads';
import {defaultLabels, LABEL_MESSAGES, translateLabels, type Labels} from '../../src/lib/contract/labels';
import type {CodeSample} from '../../src/lib/contract/types';
import {contractViews, loadContract, type LoadedContract} from './load';
import type {ContractViews} from '../../src/lib/contract/view-model';
import {CONTRACT_DIR, SAMPLES_DIR, SITE_DIR} from './paths';
import {toPostman} from './postman';
import {generatedFiles, panStatuses} from './lib/data';
import {coverageProblems, unroutedLinks} from './lib/checks';
import {permalinksBySource} from './lib/permalinks';

export {DOWNLOADS};

/** The contract as loaded, with the reference's labels in the build's locale. */
export interface ContractContent extends LoadedContract {
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
        `Missing ${path.relative(SITE_DIR, file)}: every language in src/lib/languages.ts needs a ${group} sample.`,
      );
    }
    return {lang: lang.id, label: lang.label, prism: lang.prism, code: fs.readFileSync(file, 'utf8').trimEnd()};
  });
}

const NAME = 'api-contract';

export default function apiContractPlugin(context: LoadContext): Plugin<ContractContent> {
  const isProd = process.env.NODE_ENV === 'production';
  // Built in allContentLoaded, checked against the build's routes in postBuild.
  let views: ContractViews | undefined;
  return {
    name: NAME,

    getPathsToWatch() {
      return [`${CONTRACT_DIR}/**/*.yaml`, `${SAMPLES_DIR}/**/*`, path.join(context.siteDir, 'docs/**/*.mdx')];
    },

    async loadContent() {
      const loaded = await loadContract();
      const problems = coverageProblems(loaded.orphans, loaded.duplicates);
      if (problems) {
        if (isProd) throw new Error(problems);
        console.warn(problems);
      }
      return {...loaded, labels: defaultLabels()};
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
      const permalinks = permalinksBySource(allContent);
      views = contractViews(content, (file) => permalinks.get(file));
      await loadLanguages();
      const files = generatedFiles(
        {
          views,
          labels: content.labels,
          responseCodes: content.responseCodes,
          bodies: content.bodies,
          panStatuses: panStatuses(content.bundled),
          samples: {jwt: readSamples('jwt'), verify: readSamples('verify')},
        },
        highlightToHtml,
      );
      // Compact JSON (createData would indent an object): these files are read, not edited.
      await Promise.all(files.map((f) => actions.createData(f.name, JSON.stringify(f.data))));
    },

    async postBuild({outDir, content, routesPaths}) {
      const unrouted = views ? unroutedLinks(views, routesPaths, context.baseUrl) : [];
      if (unrouted.length) {
        const message = `API reference: ${unrouted.length} link(s) of the contract point to no page of the build:\n${unrouted.map((u) => `  ${u}`).join('\n')}`;
        // A draft build (DOCS_DRAFT=1) tolerates pages not written yet, as it does broken links.
        if (process.env.DOCS_DRAFT === '1') console.warn(message);
        else throw new Error(message);
      }
      const dir = path.join(outDir, 'downloads');
      fs.mkdirSync(dir, {recursive: true});
      fs.writeFileSync(path.join(outDir, DOWNLOADS.yaml), stringifyYaml(content.bundled));
      fs.writeFileSync(path.join(outDir, DOWNLOADS.json), `${JSON.stringify(content.bundled, null, 2)}\n`);
      fs.writeFileSync(
        path.join(outDir, DOWNLOADS.postman),
        `${JSON.stringify(await toPostman(content.bundled), null, 2)}\n`,
      );
    },
  };
}
