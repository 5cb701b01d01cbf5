/**
 * Docusaurus plugin: the API contract as site data.
 *
 * loadContent  lint + bundle openapi/, build one JSON view per operation, webhook
 *              and tag into .docusaurus/api-contract/ (written only when changed,
 *              so the dev server hot-reloads just the pages whose data moved).
 *              The sandbox: the engine's model and request validators per family
 *              (sandbox/), and the Test data page's rows (test-data.json).
 *              The API changelog (the release since the last published contract) too.
 * postBuild    emit the downloads: bundled openapi.yaml / openapi.json and a
 *              Postman collection converted by openapi-to-postmanv2; and the changelog's RSS
 *              and Atom feeds, which injectHtmlTags announces on every page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {stringifyYaml} from '@redocly/openapi-core';
import {SAMPLE_LANGUAGES} from '../../src/lib/languages';
import {highlightToHtml, loadLanguages} from '../../src/lib/highlight';
import type {
  CodeSample,
  ExampleView,
  OperationView,
  Rendered,
  RenderedExample,
  RenderedSample,
  ResponseView,
  SchemaRow,
  WebhookView,
} from '../../src/lib/contract/types';
import {loadContract, type LoadedContract} from './load';
import {CONTRACT_DIR, GENERATED_DIR, SAMPLES_DIR, SITE_DIR} from './paths';
import {toPostman} from './postman';
import {writeIfChanged} from '../write-file';
import {writeSandbox} from './sandbox';
import {testDataView} from '../../src/lib/mock/test-data';
import {testValueRows} from '../../src/lib/mock/atlas';
import {site} from '../../site.config';
import {CHANGELOG_FEEDS, changelogFeeds} from '../../src/lib/changelog-feed';

export const DOWNLOADS = {
  yaml: '/downloads/openapi.yaml',
  json: '/downloads/openapi.json',
  postman: '/downloads/rupeerail.postman_collection.json',
} as const;

function writeJson(file: string, data: unknown): void {
  writeIfChanged(file, `${JSON.stringify(data)}\n`);
}

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

const renderSample = ({code, ...s}: CodeSample): RenderedSample => ({...s, html: highlightToHtml(code, s.prism)});
const renderExample = ({json, ...e}: ExampleView): RenderedExample => ({...e, html: highlightToHtml(json, 'json')});
const renderResponse = (r: ResponseView): Rendered<ResponseView> => ({...r, examples: r.examples.map(renderExample)});

const rowKey = (row: SchemaRow): string => `${row.path}\n${row.type}\n${row.description ?? ''}`;

/**
 * Body and response rows that half the operations or more show word for word: the response
 * envelope. Marked `shared`, they stay on every page but out of the search index.
 */
function sharedRows(operations: readonly OperationView[]): ReadonlySet<string> {
  const pages = new Map<string, number>();
  for (const op of operations) {
    const keys = new Set([...(op.body?.rows ?? []), ...op.responses.flatMap((r) => r.rows)].map(rowKey));
    for (const key of keys) pages.set(key, (pages.get(key) ?? 0) + 1);
  }
  return new Set([...pages].filter(([, n]) => n * 2 >= operations.length).map(([key]) => key));
}

const markShared = (rows: readonly SchemaRow[], shared: ReadonlySet<string>): SchemaRow[] =>
  rows.map((row) => (shared.has(rowKey(row)) ? {...row, shared: true} : row));

/** The view as its page imports it: code as build-time highlighted HTML only, shared rows marked. */
function renderOperation(op: OperationView, shared: ReadonlySet<string>): Rendered<OperationView> {
  return {
    ...op,
    samples: op.samples.map(renderSample),
    body: op.body && {
      ...op.body,
      rows: markShared(op.body.rows, shared),
      examples: op.body.examples.map(renderExample),
    },
    responses: op.responses.map((r) => renderResponse({...r, rows: markShared(r.rows, shared)})),
  };
}

function renderWebhook(hook: WebhookView): Rendered<WebhookView> {
  return {
    ...hook,
    body: hook.body && {...hook.body, examples: hook.body.examples.map(renderExample)},
    ack: hook.ack && renderResponse(hook.ack),
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
      // Pages import the rendered views; the raw text (for the Markdown twins) goes to source/.
      const shared = sharedRows(views.operations);
      for (const op of views.operations) {
        writeJson(path.join(GENERATED_DIR, 'ops', `${op.id}.json`), renderOperation(op, shared));
        writeJson(path.join(GENERATED_DIR, 'source', 'ops', `${op.id}.json`), op);
      }
      for (const hook of views.webhooks) {
        writeJson(path.join(GENERATED_DIR, 'webhooks', `${hook.id}.json`), renderWebhook(hook));
        writeJson(path.join(GENERATED_DIR, 'source', 'webhooks', `${hook.id}.json`), hook);
      }
      for (const tag of views.tags) writeJson(path.join(GENERATED_DIR, 'tags', `${tag.name}.json`), tag);
      writeJson(path.join(GENERATED_DIR, 'index.json'), {tags: views.tags, downloads: DOWNLOADS});
      writeJson(path.join(GENERATED_DIR, 'response-codes.json'), loaded.responseCodes);
      writeJson(path.join(GENERATED_DIR, 'rate-limits.json'), loaded.rateLimits);
      writeJson(path.join(GENERATED_DIR, 'changelog.json'), loaded.release);
      // Read at build time only, by the static-code remark plugin that checks JSON in prose.
      writeJson(path.join(GENERATED_DIR, 'body-schemas.json'), loaded.bodies);
      for (const group of ['jwt', 'verify']) {
        const samples = readSamples(group);
        writeJson(path.join(GENERATED_DIR, `${group}-samples.json`), samples.map(renderSample));
        writeJson(path.join(GENERATED_DIR, 'source', `${group}-samples.json`), samples);
      }
      writeJson(path.join(GENERATED_DIR, 'pan-status.json'), panStatuses(loaded));
      // The sandbox engine's files (per family, loaded on first use) and the Test data page's view.
      writeSandbox(path.join(GENERATED_DIR, 'sandbox'), loaded.dereferenced, loaded.sandbox);
      writeJson(path.join(GENERATED_DIR, 'test-data.json'), testDataView(loaded.sandbox, views.tags));
      // Each operation's "Test values" rows, for its page to import alone (testValueRows() of src/lib/mock/atlas.ts).
      for (const op of views.operations)
        writeJson(path.join(GENERATED_DIR, 'test-values', `${op.id}.json`), testValueRows(loaded.sandbox, op.id));
      writeJson(path.join(GENERATED_DIR, 'ids.json'), {
        operation: views.operations.map((o) => o.id),
        webhook: views.webhooks.map((w) => w.id),
        tag: views.tags.map((t) => t.name),
      });
      return loaded;
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

    async postBuild({outDir, content}) {
      const feeds = changelogFeeds([content.release], {
        origin: `${context.siteConfig.url.replace(/\/$/, '')}${context.siteConfig.baseUrl.replace(/\/$/, '')}`,
        productName: site.productName,
        author: site.provider,
        copyright: `Copyright © ${site.copyrightYear} ${site.provider}`,
      });
      fs.mkdirSync(path.join(outDir, path.dirname(CHANGELOG_FEEDS.rss)), {recursive: true});
      fs.writeFileSync(path.join(outDir, CHANGELOG_FEEDS.rss), feeds.rss);
      fs.writeFileSync(path.join(outDir, CHANGELOG_FEEDS.atom), feeds.atom);
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
