/**
 * Docusaurus plugin: the API contract as site data.
 *
 * loadContent  lint + bundle openapi/, build one JSON view per operation, webhook
 *              and tag into .docusaurus/api-contract/ (written only when changed,
 *              so the dev server hot-reloads just the pages whose data moved).
 * postBuild    emit the downloads: bundled openapi.yaml / openapi.json and a
 *              Postman collection converted by openapi-to-postmanv2.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {stringifyYaml} from '@redocly/openapi-core';
import {SAMPLE_LANGUAGES} from '../../src/lib/languages';
import {codeThemeCss, highlightToHtml, loadLanguages} from '../../src/lib/highlight';
import type {CodeSample, ExampleView, OperationView, WebhookView} from '../../src/lib/contract/types';
import type {PrismTheme} from 'prism-react-renderer';
import {loadContract, type LoadedContract} from './load';
import {CONTRACT_DIR, GENERATED_DIR, SAMPLES_DIR, SITE_DIR} from './paths';
import {toPostman} from './postman';

export const DOWNLOADS = {
  yaml: '/downloads/openapi.yaml',
  json: '/downloads/openapi.json',
  postman: '/downloads/rupeerail.postman_collection.json',
} as const;

function writeText(file: string, text: string): void {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return;
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, text);
}

function writeIfChanged(file: string, data: unknown): void {
  writeText(file, `${JSON.stringify(data)}\n`);
}

/** Hand-written samples (token signing, signature checks), one file per language. */
function readSamples(group: string): (CodeSample & {file: string})[] {
  return SAMPLE_LANGUAGES.map((lang) => {
    const file = path.join(SAMPLES_DIR, group, `${group}.${lang.extension}`);
    if (!fs.existsSync(file)) {
      throw new Error(
        `Missing ${path.relative(SITE_DIR, file)}: every language in src/lib/languages.ts needs a ${group} sample.`,
      );
    }
    const code = fs.readFileSync(file, 'utf8').trimEnd();
    return {
      lang: lang.id,
      label: lang.label,
      prism: lang.prism,
      code,
      html: highlightToHtml(code, lang.prism),
      file: path.relative(SITE_DIR, file),
    };
  });
}

const highlightSample = (s: CodeSample): CodeSample => ({...s, html: highlightToHtml(s.code, s.prism)});
const highlightExample = (e: ExampleView): ExampleView => ({...e, html: highlightToHtml(e.json, 'json')});

/** Adds build-time highlighted HTML to every piece of code a view carries. */
function highlightOperation(op: OperationView): OperationView {
  return {
    ...op,
    samples: op.samples.map(highlightSample),
    ...(op.body ? {body: {...op.body, examples: op.body.examples.map(highlightExample)}} : {}),
    responses: op.responses.map((r) => ({...r, examples: r.examples.map(highlightExample)})),
  };
}

function highlightWebhook(hook: WebhookView): WebhookView {
  return {
    ...hook,
    ...(hook.body ? {body: {...hook.body, examples: hook.body.examples.map(highlightExample)}} : {}),
    ack: hook.ack ? {...hook.ack, examples: hook.ack.examples.map(highlightExample)} : undefined,
  };
}

/** The PAN status values and their meanings, from `PanStatus` (enum + x-enum-descriptions). */
function panStatuses(loaded: LoadedContract): {value: string; meaning: string}[] {
  const doc = loaded.bundled as unknown as {
    components?: {schemas?: Record<string, {enum?: string[]; 'x-enum-descriptions'?: Record<string, string>}>};
  };
  const schema = doc.components?.schemas?.PanStatus;
  if (!schema?.enum) {
    throw new Error(
      'openapi/families/pan.yaml must define the schema PanStatus (enum + x-enum-descriptions); /PanStatusResponse is generated from it.',
    );
  }
  return schema.enum.map((value) => {
    const meaning = schema['x-enum-descriptions']?.[value];
    if (!meaning)
      throw new Error(`openapi/families/pan.yaml: PanStatus value ${value} has no entry in x-enum-descriptions.`);
    return {value, meaning};
  });
}

export default function apiContractPlugin(context: LoadContext): Plugin<LoadedContract> {
  const isProd = process.env.NODE_ENV === 'production';
  return {
    name: 'api-contract',

    getPathsToWatch() {
      return [`${CONTRACT_DIR}/**/*.yaml`, `${SAMPLES_DIR}/**/*`, path.join(context.siteDir, 'docs/**/*.mdx')];
    },

    async loadContent() {
      const loaded = await loadContract();
      const problems = [
        ...loaded.duplicates.map((d) => `  duplicate: ${d}. Show each operation on exactly one page.`),
        ...loaded.orphans.map(
          (id) =>
            `  orphan: "${id}" is in the contract but no page shows it. Add <Endpoint op="${id}" /> (or <WebhookEvent op="${id}" />) to its docs page.`,
        ),
      ];
      if (problems.length) {
        const message = `API reference coverage:\n${problems.join('\n')}`;
        if (isProd) throw new Error(message);
        console.warn(message);
      }
      const {views} = loaded;
      await loadLanguages();
      for (const op of views.operations)
        writeIfChanged(path.join(GENERATED_DIR, 'ops', `${op.id}.json`), highlightOperation(op));
      for (const hook of views.webhooks)
        writeIfChanged(path.join(GENERATED_DIR, 'webhooks', `${hook.id}.json`), highlightWebhook(hook));
      const prism = (context.siteConfig.themeConfig as {prism?: {theme?: PrismTheme; darkTheme?: PrismTheme}}).prism;
      writeText(path.join(GENERATED_DIR, 'code-theme.css'), codeThemeCss(prism?.theme, prism?.darkTheme));
      for (const tag of views.tags) writeIfChanged(path.join(GENERATED_DIR, 'tags', `${tag.name}.json`), tag);
      writeIfChanged(path.join(GENERATED_DIR, 'index.json'), {tags: views.tags, downloads: DOWNLOADS});
      writeIfChanged(path.join(GENERATED_DIR, 'response-codes.json'), loaded.responseCodes);
      writeIfChanged(path.join(GENERATED_DIR, 'jwt-samples.json'), readSamples('jwt'));
      writeIfChanged(path.join(GENERATED_DIR, 'verify-samples.json'), readSamples('verify'));
      writeIfChanged(path.join(GENERATED_DIR, 'pan-status.json'), panStatuses(loaded));
      writeIfChanged(path.join(GENERATED_DIR, 'ids.json'), {
        operation: views.operations.map((o) => o.id),
        webhook: views.webhooks.map((w) => w.id),
        tag: views.tags.map((t) => t.name),
      });
      return loaded;
    },

    async postBuild({outDir, content}) {
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
