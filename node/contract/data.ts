/**
 * What the api-contract plugin generates, as a list of named files: the section tree of every
 * operation and webhook (highlighted for its page, as text for the Markdown twin), the families,
 * the catalogues, the rate limits, the API changelog, the Sandbox page, the sandbox engine's
 * files, the hand-written samples and the ids the remark plugin checks. Pure: the plugin's entry
 * file (plugins/api-contract/index.ts) reads the contract and the samples and hands each file to Docusaurus'
 * `createData`.
 */
import {familiesOf} from '#core/contract/families';
import {
  apiIndexBlocks,
  changelogBlocks,
  deprecationBlocks,
  downloadBlocks,
  operationListBlocks,
  panStatusBlocks,
  rateLimitBlocks,
  responseCodeBlocks,
  type PanStatus,
} from '#core/contract/component-sections';
import {operationListKey, type Cell, type ComponentSections, type SectionBlock} from '#core/contract/sections';
import {ruleText, type CodeRule} from '#core/behaviour/codes';
import type {OperationCodeWords} from '#core/contract/types';
import {
  behaviourBlocks,
  behaviourTableKey,
  code5Blocks,
  code5Cell,
  code7Cell,
  retryByOperationCell,
} from '#core/behaviour/sections';
import {journeyFile, journeysBlocks, journeysKey} from '#core/journeys/sections';
import type {JourneyFile} from '#core/journeys/view';
import type {Behaviour} from './behaviour';
import {
  mapBlocks,
  operationTree,
  retryText,
  sharedAnswersTree,
  webhookTree,
  type Block,
  type ReferenceTree,
} from '#core/contract/tree';
import {interpolate, type Labels} from '#core/contract/labels';
import type {ContractViews} from '#core/contract/view-model';
import type {BodySchemas} from '#core/contract/fences';
import type {CatalogueCode, CodeSample, Rendered, RenderedSample, ResponseCodeView} from '#core/contract/types';
import {DOWNLOADS, journeyDownload, type DownloadLink} from '#core/contract/downloads';
import {fieldNodes, pageRow} from '#core/contract/field-tree';
import type {OpenApiDocument} from '#core/contract/openapi';
import type {RateLimitTable} from '#core/contract/rate-limits';
import type {Release} from '#core/changelog/changelog';
import type {ReleaseNote} from '#core/changelog/notes';
import type {Deprecation} from '#core/contract/deprecations';
import {sandboxPageTree, type SandboxPageView} from '#core/sandbox/page';
import {requestExamples, TRY_IT_FILE, tryItSettings, WEBHOOK_EXAMPLES, webhookExamples} from '#core/sandbox/try-it';
import {createReloadMemo} from '#core/util/memo';
import {fileName, type GeneratedKey} from '#node/generated';
import {WriterError} from '#core/util/writer-error';

/** Highlights code at build time: (code, Prism language) -> HTML (core/code/highlight.ts). */
export type Highlight = (code: string, language: string) => string;

/**
 * One file for `createData`: its name under the plugin's data folder, and its JSON, or its text
 * when `data` is a string (an ES module), which createData writes as it is.
 */
export interface DataFile {
  readonly name: string;
  readonly data: unknown;
}

export type {PanStatus} from '#core/contract/component-sections';

export const renderSample = (highlight: Highlight, {code, ...s}: CodeSample): RenderedSample => ({
  ...s,
  html: highlight(code, s.prism),
});

/**
 * The tree as its page imports it: every sample and example as highlighted HTML, no raw text; every
 * field table's rows nested, with their counts and rules in the tree's words (core/contract/field-tree.ts).
 */
export function renderTree(tree: ReferenceTree, highlight: Highlight): Rendered<ReferenceTree> {
  // mapBlocks() maps blocks to blocks; here a block's code becomes HTML, which Rendered<> types.
  const render = (block: Block): Rendered<Block> => {
    if (block.kind === 'samples') return {...block, samples: block.samples.map((s) => renderSample(highlight, s))};
    if (block.kind === 'examples')
      return {...block, examples: block.examples.map(({json, ...e}) => ({...e, html: highlight(json, 'json')}))};
    if (block.kind === 'fields') {
      // The anchors and the folds are in the nodes now: the page needs nothing else of them.
      const {anchor: _anchor, unfolded: _unfolded, ...table} = block;
      return {...table, rows: block.rows.map(pageRow), nodes: fieldNodes(block.rows, tree.words, block)};
    }
    return block as Rendered<Block>;
  };
  return mapBlocks(tree, render as unknown as (block: Block) => Block) as unknown as Rendered<ReferenceTree>;
}

/** The `response_code` catalogue with each code's retry advice in the labels' words. */
export function catalogue(codes: readonly ResponseCodeView[], labels: Labels): CatalogueCode[] {
  return codes.map((c) => (c.retry ? {...c, retryText: retryText(c.retry, labels)} : c));
}

/** The derived code table as the MCP server reads it: per operation and code, the words and the rule. */
export function codeRuleWords(rules: readonly CodeRule[], labels: Labels): OperationCodeWords[] {
  return rules.map((r) => ({
    operation: r.operation,
    code: r.code,
    text: ruleText(r),
    retry: r.retry,
    retryText: retryText(r.retry, labels),
  }));
}

/** The downloads, named in the labels' words: the contract's forms, then each family's journeys. */
export function downloads(labels: Labels, journeys: readonly string[] = []): DownloadLink[] {
  return [
    {label: labels['api.downloads.yaml'], path: DOWNLOADS.yaml},
    {label: labels['api.downloads.json'], path: DOWNLOADS.json},
    {label: labels['api.downloads.postman'], path: DOWNLOADS.postman},
    {label: labels['api.downloads.types'], path: DOWNLOADS.types},
    ...journeys.map((family) => ({
      label: interpolate(labels['api.downloads.journeys'], {family}),
      path: journeyDownload(family),
    })),
  ];
}

export class PanStatusError extends WriterError {}

/** The PAN status values and their meanings, from `PanStatus` (enum + x-enum-descriptions). */
export function panStatuses(contract: OpenApiDocument): PanStatus[] {
  const doc = contract as unknown as {
    components?: {schemas?: Record<string, {enum?: string[]; 'x-enum-descriptions'?: Record<string, string>}>};
  };
  const schema = doc.components?.schemas?.PanStatus;
  if (!schema?.enum) {
    throw new PanStatusError(
      'openapi/families/pan.yaml must define the schema PanStatus (enum + x-enum-descriptions); /PanStatusResponse is generated from it.',
    );
  }
  return schema.enum.map((value) => {
    const meaning = schema['x-enum-descriptions']?.[value];
    if (!meaning)
      throw new PanStatusError(
        `openapi/families/pan.yaml: PanStatus value ${value} has no entry in x-enum-descriptions.`,
      );
    return {value, meaning};
  });
}

export interface GeneratedInput {
  readonly views: ContractViews;
  readonly labels: Labels;
  readonly responseCodes: readonly ResponseCodeView[];
  readonly bodies: Readonly<Record<string, BodySchemas>>;
  readonly panStatuses: readonly PanStatus[];
  /** Hand-written sample groups (`jwt`, `verify`), one sample per language. */
  readonly samples: Readonly<Record<string, readonly CodeSample[]>>;
  /** Every family's rate limit, for the table on /ResponseCode. */
  readonly rateLimits: RateLimitTable;
  /** The API changelog, newest release first, entries linked to their pages. */
  readonly releases: readonly Release[];
  /** The written part of each release on the changelog (openapi/releases/notes.yaml), newest first. */
  readonly notes: readonly ReleaseNote[];
  /** The dev server's first start, before its changelog is made (`releases` and `notes` empty). */
  readonly changelogPending?: boolean;
  /** The deprecations open now (core/contract/deprecations.ts `contractDeprecations`), for <Deprecations>. */
  readonly deprecations: readonly Deprecation[];
  readonly sandboxPage: SandboxPageView;
  /**
   * Stylesheets served on their own, by file name (src/css/served/): linked by the pages or panels
   * that need them instead of bundled into the stylesheet every page loads. The client build's
   * minimizer makes them small on the way to build/ (with the sandbox's files).
   */
  readonly stylesheets: Readonly<Record<string, string>>;
  /**
   * The sandbox engine's files (../sandbox.ts `sandboxFiles`): each family's model and its request
   * validators, an ES module a page imports by path (`sandbox/<family>.validators.mjs`) on first use.
   */
  readonly sandbox: readonly {readonly name: string; readonly text: string}[];
  /** The behaviour model: each family's <BehaviourTable>, the code-5 line, the `<Fact>` texts. */
  readonly behaviour: Behaviour;
  /** Each family's journeys (openapi/journeys/), for its <Journeys>. */
  readonly journeys: readonly JourneyFile[];
}

/**
 * Where a sandbox file goes among the generated files (node/generated.ts `sandboxFiles`), `.mjs` as
 * `.js`: the folder is served as the site's /sandbox/.
 */
export const publicSandboxFile = (name: string): string => fileName('sandboxFiles', name.replace(/\.mjs$/, '.js'));

/** The manifest's files of one kind of tree: the page's module and the copy with code as text. */
interface TreeFiles {
  readonly page: GeneratedKey;
  readonly source: GeneratedKey;
}
const OPERATION_FILES: TreeFiles = {page: 'operationTree', source: 'operationSource'};
const WEBHOOK_FILES: TreeFiles = {page: 'webhookTree', source: 'webhookSource'};

/** The trees of every operation and webhook, with the files they are written to. */
export function trees(views: ContractViews, labels: Labels): {files: TreeFiles; tree: ReferenceTree}[] {
  return [
    ...views.operations.map((op) => ({files: OPERATION_FILES, tree: operationTree(op, labels)})),
    ...views.webhooks.map((hook) => ({files: WEBHOOK_FILES, tree: webhookTree(hook, labels)})),
  ];
}

/**
 * The blocks of every site-wide component (core/contract/component-sections.ts), by key: each
 * page imports its component's file (`sections/<key>.json`), the Markdown twins read them all
 * from `sections.json`.
 */
export function componentSections(input: GeneratedInput): ComponentSections {
  const {views, labels} = input;
  return {
    ResponseCodeTable: responseCodeBlocks(
      input.responseCodes,
      labels,
      familyCode5(input).cell,
      codeByOperation(input),
      code7Cell(input.behaviour.families, labels),
      familyCode5(input).blocks,
    ),
    RateLimitTable: rateLimitBlocks(input.rateLimits, labels),
    PanStatusTable: panStatusBlocks(input.panStatuses, labels),
    DownloadLinks: downloadBlocks(downloads(labels, input.behaviour.journeys)),
    ApiIndex: apiIndexBlocks(views.tags, labels),
    ApiChangelog: changelogBlocks(input.releases, labels, input.notes, input.changelogPending),
    Deprecations: deprecationsTable(input),
    ...Object.fromEntries(views.tags.map((tag) => [operationListKey(tag.name), operationListBlocks(tag, labels)])),
    ...behaviourTables(input),
    ...journeySections(input),
  };
}

/** <Deprecations>: the contract's old forms and the old signature form, each entry linked to its page. */
function deprecationsTable({deprecations, views, labels}: GeneratedInput): ReturnType<typeof deprecationBlocks> {
  const entries = new Map(views.index.map((e) => [e.id, e]));
  return deprecationBlocks(deprecations, labels, (id) => entries.get(id));
}

/** The retry cell of a code whose rule differs by operation, from the derived code table. */
function codeByOperation({behaviour, views, labels}: GeneratedInput): (code: number) => Cell {
  const entries = new Map(views.index.map((e) => [e.id, e]));
  return (code) => retryByOperationCell(behaviour.codes, code, labels, (id) => entries.get(id));
}

/** Code 5's link in the catalogue, and the table under it: per family, by webhook or by status call. */
function familyCode5({behaviour, views, labels}: GeneratedInput): {cell: Cell; blocks: SectionBlock[]} {
  const label = (family: string): string => views.tags.find((t) => t.name === family)?.label ?? family;
  return {
    cell: code5Cell(behaviour.families, labels, label),
    blocks: code5Blocks(behaviour.families, labels, label),
  };
}

/**
 * <BehaviourTable family>: one file per family with a behaviour model (./load.ts `withPages` fails a
 * page that shows a family without one, with its line, before anything imports the file).
 */
function behaviourTables({behaviour, views, labels}: GeneratedInput): ComponentSections {
  const entries = new Map(views.index.map((e) => [e.id, e]));
  const links = {entry: (id: string) => entries.get(id), source: (fact: string) => behaviour.sources[fact]};
  return Object.fromEntries(
    behaviour.families.map((f) => [behaviourTableKey(f.family), behaviourBlocks(f, labels, links)]),
  );
}

/**
 * <Journeys family>: one file per family with a journey file (./load.ts `withPages` fails a page that
 * shows a family without one, with its line). Steps link their operation's and webhook's page.
 */
function journeySections({journeys, views, labels}: GeneratedInput): ComponentSections {
  const entries = new Map(views.index.map((e) => [e.id, e]));
  return Object.fromEntries(
    journeys.map((j) => [journeysKey(j.family), journeysBlocks(j, labels, {entry: (id) => entries.get(id)})]),
  );
}

/**
 * Every file the plugin generates. Pages import the highlighted ones; `source/` holds the same
 * data with code as text, for the Markdown twins and for the remark plugin's headings.
 */
const memo = createReloadMemo();

/**
 * An ES module whose default export is `value`: `JSON.parse` of one string literal, which a bundler
 * keeps as text (components.ts `OPERATION` says why) and a browser parses faster than an object
 * literal of the same data.
 */
export function jsonModule(value: unknown): string {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;
}

export function generatedFiles(input: GeneratedInput, highlight: Highlight): DataFile[] {
  const {views, labels} = input;
  const sections = componentSections(input);
  return [
    ...trees(views, labels).flatMap(({files, tree}) => [
      // Highlighting is most of the time of this function; a tree unchanged since the last load (the
      // dev server's reload after an edit elsewhere) keeps its highlighted copy.
      {
        name: fileName(files.page, tree.id),
        data: jsonModule(memo(['renderTree', tree], () => renderTree(tree, highlight))),
      },
      {name: fileName(files.source, tree.id), data: tree},
    ]),
    // The answers every operation shares, shown once on /ResponseCode (<SharedAnswers />) and linked from the operations.
    ...[sharedAnswersTree(views.sharedAnswers, labels)].flatMap((tree) => [
      {name: fileName('sharedAnswers'), data: jsonModule(renderTree(tree, highlight))},
      {name: fileName('sharedAnswersSource'), data: tree},
    ]),
    ...Object.entries(sections).map(([key, blocks]) => ({name: fileName('componentSections', key), data: blocks})),
    {name: fileName('allSections'), data: sections},
    {name: fileName('index'), data: {tags: views.tags}},
    // What the home page's cards show, and no more: the file is in its chunk.
    {
      name: fileName('families'),
      data: familiesOf(views.tags).map(({label, description, href}) => ({label, description, href})),
    },
    {name: fileName('responseCodes'), data: catalogue(input.responseCodes, labels)},
    {name: fileName('sandboxPage'), data: sandboxPageTree(input.sandboxPage, labels)},
    // Served as they are (node/generated.ts `sandboxFiles`) for the Try it panel and the webhook lab to fetch on
    // first use: the engine's files (a validators module as .js, the type a browser imports a module
    // by), each family's example requests, and the webhooks' examples.
    ...input.sandbox.map((f) => ({name: publicSandboxFile(f.name), data: f.text})),
    ...Object.entries(requestExamples(views.operations)).map(([family, requests]) => ({
      name: publicSandboxFile(`${family}.requests.json`),
      data: requests,
    })),
    {name: publicSandboxFile(WEBHOOK_EXAMPLES), data: webhookExamples(views.webhooks)},
    {name: publicSandboxFile(TRY_IT_FILE), data: tryItSettings(input.deprecations)},
    // Each workflow for the page's journey runner to fetch when a reader runs it (src/components/Journeys).
    ...input.journeys.flatMap((f) => f.journeys.map((j) => ({name: publicSandboxFile(journeyFile(j.id)), data: j}))),
    ...Object.entries(input.stylesheets).map(([name, css]) => ({name: fileName('stylesheets', name), data: css})),
    // Read at build time only, by the static-code remark plugin that checks JSON in prose.
    {name: fileName('bodySchemas'), data: input.bodies},
    // Read at build time only: the `<Fact>` remark plugin and the Markdown twins put these words in place.
    {name: fileName('facts'), data: input.behaviour.facts},
    {name: fileName('codeRules'), data: codeRuleWords(input.behaviour.codes, labels)},
    ...Object.entries(input.samples).flatMap(([group, list]) => [
      {name: fileName('samples', group), data: list.map((s) => renderSample(highlight, s))},
      {name: fileName('sampleSources', group), data: list},
    ]),
    {
      name: fileName('ids'),
      data: {
        operation: views.operations.map((o) => o.id),
        webhook: views.webhooks.map((w) => w.id),
        tag: views.tags.map((t) => t.name),
      },
    },
  ];
}
