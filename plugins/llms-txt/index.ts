/**
 * Docusaurus plugin: the site in Markdown, for language models and for readers who paste
 * pages into one.
 *
 * postBuild writes into the build:
 *   <page>.md        a Markdown twin next to the HTML of every docs page and MDX page
 *                    (`/docs/v1/service/aeps/withdrawal` -> `/docs/v1/service/aeps/withdrawal.md`,
 *                    `/docs/v1/` -> `/docs/v1/index.md`: src/lib/markdown-twin.ts). Prose is kept
 *                    as written; API components become Markdown from the same contract views the
 *                    HTML is rendered from (.docusaurus/api-contract/, written by the api-contract
 *                    plugin's loadContent).
 *   /llms.txt        the llmstxt.org index: one `##` section per top-level sidebar category,
 *                    one link per page to its twin, with the page description.
 *   /llms-full.txt   every page's Markdown in the same order, in one file.
 *
 * It reads the docs and pages plugins' loaded content (routes, titles, sources), so a page
 * added to docs/ or to the sidebar appears here with no change to this file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent, DocMetadata} from '@docusaurus/plugin-content-docs';
import type {LoadedContent as PagesContent} from '@docusaurus/plugin-content-pages';
import {site} from '../../site.config';
import {GENERATED_DIR, SITE_DIR} from '../api-contract/paths';
import {routeOf} from '../api-contract/load';
import {DOWNLOADS} from '../api-contract';
import {markdownTwinPath} from '../../src/lib/markdown-twin';
import {
  apiIndexMarkdown,
  codeSamplesMarkdown,
  downloadLinksMarkdown,
  endpointMarkdown,
  flowDiagramMarkdown,
  llmsTxtMarkdown,
  operationListMarkdown,
  panStatusTableMarkdown,
  rateLimitTableMarkdown,
  changelogMarkdown,
  responseCodeTableMarkdown,
  webhookMarkdown,
  type FlowStepInput,
  type LlmsSection,
  type PanStatusInput,
  type UrlOf,
  table,
} from '../../src/lib/markdown';
import {deliveryPolicyRows} from '../../src/lib/webhook-policy';
import type {CodeSample, OperationView, ResponseCodeView, TagView, WebhookView} from '../../src/lib/contract/types';
import type {RateLimitTable} from '../../src/lib/rate-limits';
import type {Release} from '../../src/lib/changelog';
import {mdxToMarkdown, type ComponentRenderer, type Props} from './mdx';
import {testDataMarkdown, type TestDataView} from '../../src/lib/mock/test-data';

/** One page the plugin writes a twin for. */
interface Page {
  /** Route with base URL, as Docusaurus gives it ('/docs/v1/service/aeps/withdrawal'). */
  readonly permalink: string;
  readonly title: string;
  readonly description: string;
  /** Absolute path of the MDX source. */
  readonly file: string;
}

/** The parts of a loaded sidebar item this plugin reads (see @docusaurus/plugin-content-docs sidebars/types). */
type SidebarItem =
  | {readonly type: 'doc' | 'ref'; readonly id: string}
  | {readonly type: 'link'; readonly href: string}
  | {
      readonly type: 'category';
      readonly label: string;
      readonly items: readonly SidebarItem[];
      readonly link?: {readonly type: string; readonly id?: string};
    }
  | {readonly type: 'html'};

interface ContractData {
  readonly ops: ReadonlyMap<string, OperationView>;
  readonly webhooks: ReadonlyMap<string, WebhookView>;
  readonly tags: ReadonlyMap<string, TagView>;
  readonly allTags: readonly TagView[];
  readonly responseCodes: readonly ResponseCodeView[];
  readonly rateLimits: RateLimitTable;
  readonly release: Release;
  readonly jwtSamples: readonly CodeSample[];
  readonly verifySamples: readonly CodeSample[];
  readonly panStatuses: readonly PanStatusInput[];
  readonly testData: TestDataView;
}

export const LLMS_TXT = '/llms.txt';
export const LLMS_FULL_TXT = '/llms-full.txt';

function readJson<T>(file: string): T {
  const full = path.join(GENERATED_DIR, file);
  if (!fs.existsSync(full)) {
    throw new Error(
      `llms-txt: ${path.relative(SITE_DIR, full)} is missing. The api-contract plugin writes it in loadContent; keep './plugins/api-contract' in docusaurus.config.ts plugins.`,
    );
  }
  return JSON.parse(fs.readFileSync(full, 'utf8')) as T;
}

function readDir<T>(dir: string): T[] {
  const full = path.join(GENERATED_DIR, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => readJson<T>(path.join(dir, f)));
}

function loadContractData(): ContractData {
  // source/: the views with their code as text (pages import the highlighted ones).
  const ops = readDir<OperationView>('source/ops');
  const webhooks = readDir<WebhookView>('source/webhooks');
  const index = readJson<{tags: TagView[]}>('index.json');
  return {
    ops: new Map(ops.map((o) => [o.id, o])),
    webhooks: new Map(webhooks.map((w) => [w.id, w])),
    tags: new Map(index.tags.map((t) => [t.name, t])),
    allTags: index.tags,
    responseCodes: readJson('response-codes.json'),
    rateLimits: readJson('rate-limits.json'),
    release: readJson('changelog.json'),
    jwtSamples: readJson('source/jwt-samples.json'),
    verifySamples: readJson('source/verify-samples.json'),
    panStatuses: readJson('pan-status.json'),
    testData: readJson('test-data.json'),
  };
}

function sourceFile(source: string, siteDir: string): string {
  return path.resolve(source.replace(/^@site\//, `${siteDir}/`));
}

function stringProp(props: Props, name: string, where: string): string {
  const value = props[name];
  if (typeof value !== 'string' || !value)
    throw new Error(`llms-txt: <${where}> needs a literal ${name}="..." attribute.`);
  return value;
}

/** Every doc the sidebar shows, in sidebar order, grouped by top-level category. */
function sidebarSections(
  items: readonly SidebarItem[],
  docById: ReadonlyMap<string, Page>,
  pageByPath: ReadonlyMap<string, Page>,
): {title: string; pages: Page[]}[] {
  const sections: {title: string; pages: Page[]}[] = [];
  const loose: Page[] = [];
  const collect = (item: SidebarItem, into: Page[]): void => {
    if (item.type === 'doc' || item.type === 'ref') {
      const page = docById.get(item.id);
      if (page) into.push(page);
    } else if (item.type === 'link') {
      const page = pageByPath.get(item.href.replace(/[?#].*$/, ''));
      if (page) into.push(page);
    } else if (item.type === 'category') {
      if (item.link?.type === 'doc' && item.link.id) {
        const page = docById.get(item.link.id);
        if (page) into.push(page);
      }
      for (const child of item.items) collect(child, into);
    }
  };
  for (const item of items) {
    if (item.type === 'category') {
      const pages: Page[] = [];
      collect(item, pages);
      sections.push({title: item.label, pages});
    } else {
      collect(item, loose);
    }
  }
  return loose.length ? [{title: 'Docs', pages: loose}, ...sections] : sections;
}

export default function llmsTxtPlugin(context: LoadContext): Plugin {
  const {siteDir, siteConfig} = context;
  const origin = siteConfig.url.replace(/\/$/, '');
  const base = siteConfig.baseUrl;
  /** A path that already carries the base URL ('/docs/v1/...', from Docusaurus) -> absolute URL. */
  const absolute = (withBase: string): string => `${origin}${encodeURI(withBase)}`;
  /** A site path as authored or stored in the contract ('/HeaderMarkdown') -> absolute URL. */
  const url: UrlOf = (sitePath) => absolute(`${base}${sitePath.replace(/^\//, '')}`);

  return {
    name: 'llms-txt',

    postBuild({outDir, plugins}) {
      const docsPlugin = plugins.find((p) => p.name === 'docusaurus-plugin-content-docs' && p.options.id === 'default');
      const pagesPlugin = plugins.find(
        (p) => p.name === 'docusaurus-plugin-content-pages' && p.options.id === 'default',
      );
      const docsContent = docsPlugin?.content as DocsContent | undefined;
      const version = docsContent?.loadedVersions[0];
      if (!version) throw new Error('llms-txt: no docs were loaded; it needs the classic preset docs plugin.');
      const pagesContent = (pagesPlugin?.content as PagesContent | undefined) ?? [];

      const toPage = (doc: Pick<DocMetadata, 'permalink' | 'title' | 'description' | 'source'>): Page => ({
        permalink: doc.permalink,
        title: doc.title,
        description: doc.description,
        file: sourceFile(doc.source, siteDir),
      });
      const docPages = version.docs.map((d) => ({id: d.id, page: toPage(d), unlisted: d.unlisted}));
      const extraPages = pagesContent.flatMap((p) =>
        p.type === 'mdx' && !p.unlisted
          ? [
              toPage({
                permalink: p.permalink,
                source: p.source,
                title: p.title ?? p.permalink,
                description: p.description ?? '',
              }),
            ]
          : [],
      );

      // Unlisted docs get a twin (their page exists) but stay out of the indexes, as they stay
      // out of the sidebar, the sitemap and search.
      const docById = new Map(docPages.filter((d) => !d.unlisted).map((d) => [d.id, d.page]));
      const pageByPath = new Map(extraPages.map((p) => [`/${p.permalink.slice(base.length)}`, p]));
      const bySource = new Map([...docPages.map((d) => d.page), ...extraPages].map((p) => [p.file, p]));

      // The order of llms.txt and llms-full.txt: the sidebar, then pages it does not list.
      const sidebarName = Object.keys(version.sidebars)[0];
      const sidebar = (sidebarName ? version.sidebars[sidebarName] : undefined) as readonly SidebarItem[] | undefined;
      const sections = sidebarSections(sidebar ?? [], docById, pageByPath);
      const listed = new Set(sections.flatMap((s) => s.pages));
      const rest = (pages: readonly Page[]): Page[] => pages.filter((p) => !listed.has(p));
      sections.push(
        {title: 'Reference', pages: rest(extraPages)},
        {title: 'Other docs', pages: rest(docPages.filter((d) => !d.unlisted).map((d) => d.page))},
      );
      const ordered = [...new Set(sections.flatMap((s) => s.pages))];

      const data = loadContractData();

      const resolveLink =
        (page: Page) =>
        (raw: string): string => {
          if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) return raw;
          const hashAt = raw.indexOf('#');
          const target = hashAt >= 0 ? raw.slice(0, hashAt) : raw;
          const hash = hashAt >= 0 ? raw.slice(hashAt) : '';
          if (target === '') return `${absolute(page.permalink)}${hash}`;
          if (target.startsWith('/')) return `${url(target)}${hash}`;
          if (/\.mdx?$/.test(target)) {
            const file = path.resolve(path.dirname(page.file), decodeURI(target));
            const linked = bySource.get(file);
            // A page not written yet (draft builds): where Docusaurus will route it.
            return `${linked ? absolute(linked.permalink) : url(routeOf(file, ''))}${hash}`;
          }
          return new URL(raw, absolute(page.permalink)).href;
        };

      /**
       * Renderers for the components of one page. `shared` is set for llms-full.txt: a block
       * of hand-written samples (token signing, signature checks) is printed in full once and
       * pointed to afterwards, instead of repeating the same seven programs on every page.
       */
      const renderersFor = (page: Page, shared?: Map<string, Page>): Record<string, ComponentRenderer> => {
        const samples = (key: string, list: readonly CodeSample[], what: string): string => {
          const first = shared?.get(key);
          if (first && first !== page)
            return `${what} in every sample language: see [${first.title}](${absolute(first.permalink)}) above.`;
          shared?.set(key, page);
          return codeSamplesMarkdown(list);
        };
        const where = (name: string) => `${path.relative(siteDir, page.file)} <${name}>`;
        return {
          Endpoint: (props) => {
            const id = stringProp(props, 'op', where('Endpoint'));
            const op = data.ops.get(id);
            if (!op) throw new Error(`llms-txt: ${where('Endpoint')}: no operation "${id}" in the contract.`);
            return endpointMarkdown(op, url);
          },
          WebhookEvent: (props) => {
            const id = stringProp(props, 'op', where('WebhookEvent'));
            const hook = data.webhooks.get(id);
            if (!hook) throw new Error(`llms-txt: ${where('WebhookEvent')}: no webhook "${id}" in the contract.`);
            return webhookMarkdown(hook, url);
          },
          OperationList: (props) => {
            const name = stringProp(props, 'tag', where('OperationList'));
            const tag = data.tags.get(name);
            if (!tag) throw new Error(`llms-txt: ${where('OperationList')}: no tag "${name}" in the contract.`);
            return operationListMarkdown(tag, url);
          },
          FlowDiagram: (props) =>
            flowDiagramMarkdown(
              stringProp(props, 'label', where('FlowDiagram')),
              (props.steps ?? []) as FlowStepInput[],
            ),
          JwtSamples: () => samples('jwt', data.jwtSamples, 'Token signing code'),
          VerifySignature: () => samples('verify', data.verifySamples, 'Signature verification code'),
          ResponseCodeTable: () => responseCodeTableMarkdown(data.responseCodes),
          RateLimitTable: () => rateLimitTableMarkdown(data.rateLimits, url),
          ApiChangelog: () => changelogMarkdown(data.release, url),
          DeliveryPolicy: () =>
            table(
              ['Rule', 'What we do, what you do'],
              deliveryPolicyRows().map((r) => [r.rule, r.value]),
            ),
          PanStatusTable: () => panStatusTableMarkdown(data.panStatuses),
          TestData: () => testDataMarkdown(data.testData, url),
          ApiIndex: () => apiIndexMarkdown(data.allTags, url),
          DownloadLinks: () =>
            downloadLinksMarkdown(
              [
                {label: 'OpenAPI 3.1 (YAML)', path: DOWNLOADS.yaml},
                {label: 'OpenAPI 3.1 (JSON)', path: DOWNLOADS.json},
                {label: 'Postman collection', path: DOWNLOADS.postman},
              ],
              url,
            ),
        };
      };

      const convert = (page: Page, shared?: Map<string, Page>): string =>
        mdxToMarkdown(fs.readFileSync(page.file, 'utf8'), {
          title: page.title,
          description: page.description,
          renderers: renderersFor(page, shared),
          resolveLink: resolveLink(page),
          file: path.relative(siteDir, page.file),
        });

      // Twins, next to each page's HTML.
      for (const page of [...docPages.map((d) => d.page), ...extraPages]) {
        const twin = markdownTwinPath(page.permalink).slice(base.length);
        const file = path.join(outDir, twin);
        fs.mkdirSync(path.dirname(file), {recursive: true});
        fs.writeFileSync(file, convert(page));
      }

      const {sandbox, production} = site.environments;
      const summary = `${site.productName} is a JSON API for payments and financial services in India: Aadhaar banking (AEPS), micro-ATM, bill payments (BBPS), credit-card bill payment, money transfer (DMT), payouts, mobile recharge, UPI payments to static QRs, PAN card, insurance and SMS. These are its developer docs, by ${site.provider}.`;
      const details = [
        `Every link below is the Markdown copy of a docs page; the HTML page is the same URL without \`.md\`. All pages in one file: [llms-full.txt](${url(LLMS_FULL_TXT)}). The contract: [OpenAPI 3.1](${url(DOWNLOADS.yaml)}).`,
        '',
        `- Base URLs: ${sandbox.label} \`${sandbox.baseUrl}\`, ${production.label} \`${production.baseUrl}\`.`,
        '- Every request carries `Authorization: Bearer <JWT>` (HS256 with the partner secret; claims `partnerId`, `iat`, `reqId`) and `Content-Type: application/json`.',
        '- Every response is `{status, response_code, message, data}`: branch on `response_code`.',
        '- Money-moving calls are idempotent on the partner `referenceid`; every one that can end pending has a status call.',
        '- Webhooks carry `X-Webhook-Id` and `X-Webhook-Timestamp` and are signed with `X-Signature` (HMAC-SHA256 of `<id>.<timestamp>.<raw body>`); any 2xx acknowledges.',
        `- Every service family has a rate limit per partner id; over it, HTTP 429 with \`response_code\` 18 and \`Retry-After\`. What changed in ${site.apiVersion}: [API changelog](${url('/docs/v1/changelog.md')}).`,
        '- All example data (Aadhaar, PAN, account and card numbers) is fictional.',
      ].join('\n');

      const llmsSections: LlmsSection[] = sections.map((s) => ({
        title: s.title,
        links: s.pages.map((p) => ({
          title: p.title,
          url: absolute(markdownTwinPath(p.permalink)),
          ...(p.description ? {description: p.description} : {}),
        })),
      }));
      fs.writeFileSync(
        path.join(outDir, LLMS_TXT.slice(1)),
        llmsTxtMarkdown({title: `${site.productName} API`, summary, details, sections: llmsSections}),
      );

      const shared = new Map<string, Page>();
      const full = [
        `# ${site.productName} API: the full documentation\n\n> ${summary}\n\n${details}`,
        ...ordered.map((page) => {
          const md = convert(page, shared);
          // The source URL right under each page's title.
          return md.replace(/^(# .*)\n/, `$1\n\nSource: ${absolute(page.permalink)}\n`);
        }),
      ];
      fs.writeFileSync(path.join(outDir, LLMS_FULL_TXT.slice(1)), `${full.map((s) => s.trim()).join('\n\n---\n\n')}\n`);
    },
  };
}
