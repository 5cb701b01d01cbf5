/**
 * The one registry of the API components that pages use: for each, the module the remark plugin
 * imports, the attribute that names a contract id (and the folder of generated data per id),
 * where the sections are listed when the page splits it into sections under headings, and how the
 * Markdown twin renders it.
 * The remark plugin (plugins/api-contract/remark.ts), the page scan of the contract loader (load.ts), the content check
 * and the Markdown writer (plugins/llms-txt) all read this list and no other.
 *
 * Also the one message every guard rail prints for an id the contract does not define: the
 * production build (remark.ts and load.ts), `npm run lint:contract` and `npm run check:content`
 * say the same words.
 */
import {
  codeSamplesMarkdown,
  componentTreeMarkdown,
  onPage,
  sectionsMarkdown,
  table,
  treeMarkdown,
  type UrlOf,
} from '#core/markdown/markdown';
import {deliveryPolicyRows} from '#core/contract/webhook-policy';
import {checklistRows} from '#core/certify/rules';
import {
  flowSteps,
  operationListKey,
  type ComponentSections,
  type ComponentTree,
  type Step,
} from '#core/contract/sections';
import type {PageLayout} from '#core/contract/page-layout';
import type {ReferenceTree} from '#core/contract/tree';
import type {CodeSample, TagView} from '#core/contract/types';
import {CHANGELOG_PATH} from '#core/changelog/changelog';
import {behaviourTableKey} from '#core/behaviour/sections';
import {journeysKey} from '#core/journeys/sections';
import {pickJourneys} from '#core/journeys/select';
import {closest} from '#core/util/closest';
import {SLICE_ATTR, sectionsOfSlice} from './lead';
import {WriterError} from '#core/util/writer-error';
import {fileName} from '#node/generated';

export type IdKind = 'operation' | 'webhook' | 'tag';

/** Literal props of one use of a component in MDX. */
export type Props = Readonly<Record<string, unknown>>;

/** The generated data the Markdown renderers read (what plugins/api-contract writes, code as text). */
export interface ContractData {
  readonly operation: ReadonlyMap<string, ReferenceTree>;
  readonly webhook: ReadonlyMap<string, ReferenceTree>;
  readonly tag: ReadonlyMap<string, TagView>;
  readonly tags: readonly TagView[];
  /** The blocks of the site-wide components, by key (data.ts `componentSections`). */
  readonly sections: ComponentSections;
  readonly jwtSamples: readonly CodeSample[];
  readonly verifySamples: readonly CodeSample[];
  /** The client wrapper of each language (samples/client/), which every request sample calls. */
  readonly clientSamples: readonly CodeSample[];
  /** The Sandbox page's section tree (core/sandbox/page.ts `sandboxPageTree`). */
  readonly sandboxPage: ComponentTree;
  /** The words of every `<Fact id>` (core/behaviour/facts.ts), by id. */
  readonly facts: Readonly<Record<string, string>>;
  /** The answers every operation shares, for <SharedAnswers /> (SHARED_ANSWERS_SOURCE). */
  readonly sharedAnswers?: ReferenceTree;
}

export interface MarkdownContext {
  readonly data: ContractData;
  readonly url: UrlOf;
  /** `file <Component>`, for messages. */
  readonly where: (component: string) => string;
  /**
   * A group of hand-written samples (token signing, signature checks) in Markdown. llms-full.txt
   * prints each group in full once and points to it afterwards; a twin always prints it.
   */
  readonly samples: (key: string, samples: readonly CodeSample[], what: string) => string;
}

export interface IdSpec {
  /** The attribute that names the id: `op`, `tag`. */
  readonly attr: string;
  readonly kind: IdKind;
  /** The file a page that shows the id imports, under the plugin's generated data (`ops/<id>.js`). */
  readonly dataFile: (id: string) => string;
}

export interface ApiComponentSpec {
  /**
   * The module the remark plugin imports. None for a component replaced by its words before the
   * page is compiled (`<Fact>`: ./remark-fact.ts), which has nothing to render in the browser.
   */
  readonly module?: string;
  /** For components that show one contract entry. */
  readonly id?: IdSpec;
  /**
   * The component is shown section by section, each after its heading (table of contents, anchors):
   * the generated file, under the plugin's data folder, whose `sections` list each part's `key` and
   * `heading` (a section tree of core/contract/tree.ts, the Sandbox page's view). Given the id
   * the element names, if the component names one. The remark plugin renders the component once per
   * section, with `section="<key>"`; an element that names its section itself is left as written.
   */
  readonly sections?: (id: string | undefined) => string;
  /**
   * A stylesheet the component needs (`css/reference.css`, from src/css/served/): linked by the
   * pages that use the component only, where a bundled one would be in every page's.
   */
  readonly stylesheet?: string;
  /** The wide-screen layout a page with the component gets (core/contract/page-layout.ts). */
  readonly layout?: PageLayout;
  /** The component as Markdown, for the page's twin and llms-full.txt. */
  readonly markdown: (props: Props, ctx: MarkdownContext) => string;
}

export class MarkdownRenderError extends WriterError {}

function stringProp(props: Props, name: string, where: string): string {
  const value = props[name];
  if (typeof value !== 'string' || !value)
    throw new MarkdownRenderError(`llms-txt: ${where} needs a literal ${name}="..." attribute.`);
  return value;
}

/** The entry a component's id attribute names, from the data of its kind. */
function entry<T>(map: ReadonlyMap<string, T>, spec: IdSpec, props: Props, where: string): T {
  const id = stringProp(props, spec.attr, where);
  const found = map.get(id);
  if (!found) throw new MarkdownRenderError(`llms-txt: ${where}: no ${spec.kind} "${id}" in the contract.`);
  return found;
}

/**
 * The page data of an operation or webhook (its highlighted section tree), under the plugin's
 * generated data (node/generated.ts `operationTree`, `webhookTree`): an ES module holding the JSON as
 * one string (data.ts `jsonModule`), not a .json file. Rspack parses a .json module into a tree
 * that it keeps for the whole build; at 977 operations those trees were a quarter of the build's peak
 * memory (3.6 GB with them, 2.6 without).
 */
const OPERATION: IdSpec = {attr: 'op', kind: 'operation', dataFile: (id) => fileName('operationTree', id)};
const WEBHOOK: IdSpec = {attr: 'op', kind: 'webhook', dataFile: (id) => fileName('webhookTree', id)};
/**
 * The answers every operation shares (400, 401, 429; core/contract/tree.ts `sharedAnswersTree`): the
 * highlighted tree <SharedAnswers /> imports, and the same tree with code as text for the twin.
 */
export const SHARED_ANSWERS_MODULE = fileName('sharedAnswers');
export const SHARED_ANSWERS_SOURCE = fileName('sharedAnswersSource');

/** The file a page imports for one site-wide component's blocks (data.ts `componentSections`). */
export const sectionsFile = (key: string): string => fileName('componentSections', key);

/**
 * What each code means for each operation (core/behaviour/codes.ts), in words, among the generated
 * data: the MCP server's `get_response_code` answers from it (plugins/api-contract/lib/artefacts.ts).
 */
export const CODE_RULES_FILE = fileName('codeRules');

/** The `<Fact>` texts by id, among the generated data (read at build time only). */
export const FACTS_FILE = fileName('facts');

/** `<BehaviourTable family="payout" />`: the family is a tag; its blocks are its behaviour model's. */
const FAMILY: IdSpec = {
  attr: 'family',
  kind: 'tag',
  dataFile: (id) => sectionsFile(behaviourTableKey(id)),
};

/** `<Journeys family="payout" />`: the family is a tag; its blocks are its journey file's workflows. */
const JOURNEYS: IdSpec = {
  attr: 'family',
  kind: 'tag',
  dataFile: (id) => sectionsFile(journeysKey(id)),
};

/** The one message for a `<Fact id>` that names no fact: the remark plugin and the twin say the same. */
export function unknownFactMessage(where: string, id: string, known: Iterable<string>): string {
  const near = closest(id, known);
  return (
    `${where}: <Fact id="${id}" /> names no fact of the behaviour model or of openapi/facts/.\n` +
    `  Fix: use an existing id${near.length ? ` (closest first: ${near.join(', ')})` : ''}; \`npm run behaviour:facts\` lists them.`
  );
}

/** The words of `<Fact id>`, or an error naming the page and the closest ids. */
export function factText(facts: Readonly<Record<string, string>>, id: unknown, where: string): string {
  if (typeof id !== 'string' || !id)
    throw new MarkdownRenderError(`${where}: <Fact> needs a literal id="..." attribute.`);
  const text = facts[id];
  if (text === undefined) throw new MarkdownRenderError(unknownFactMessage(where, id, Object.keys(facts)));
  return text;
}

// One small file per family, its operation list's blocks: JSON is fine.
const TAG: IdSpec = {
  attr: 'tag',
  kind: 'tag',
  dataFile: (id) => sectionsFile(operationListKey(id)),
};

/** The tree of an id as text (`source/ops/<id>.json`): the same sections as the page's copy, read at build time. */
const treeSource =
  (source: 'operationSource' | 'webhookSource') =>
  (id: string | undefined): string =>
    fileName(source, id);

/**
 * The wide layout of a reference, the rule that shows Try it and the webhook lab after hydration, and
 * the tables of sandbox scenarios (operation pages and the Sandbox page).
 */
const REFERENCE_CSS = 'css/reference.css';

/** The Markdown of a site-wide component: its generated blocks (data.ts `componentSections`), serialised. */
const component =
  (key: string) =>
  (_props: Props, ctx: MarkdownContext): string => {
    const blocks = ctx.data.sections[key];
    if (!blocks) throw new MarkdownRenderError(`llms-txt: no generated sections "${key}" (plugins/api-contract).`);
    return sectionsMarkdown(blocks, ctx.url);
  };

/** The Markdown of a component with one file of blocks per family (its tag checked first). */
const tagComponent =
  (name: string, spec: IdSpec, key: (tag: string) => string) =>
  (props: Props, ctx: MarkdownContext): string => {
    entry(ctx.data.tag, spec, props, ctx.where(name));
    return component(key(String(props[spec.attr])))(props, ctx);
  };

/** `<Journeys family workflows except>`: the workflows the page picks, as the component picks them. */
function journeysMarkdown(props: Props, ctx: MarkdownContext): string {
  const where = ctx.where('Journeys');
  entry(ctx.data.tag, JOURNEYS, props, where);
  const key = journeysKey(String(props[JOURNEYS.attr]));
  const blocks = ctx.data.sections[key];
  if (!blocks) throw new MarkdownRenderError(`llms-txt: no generated sections "${key}" (plugins/api-contract).`);
  const pick = {
    ...(typeof props.workflows === 'string' ? {workflows: props.workflows} : {}),
    ...(typeof props.except === 'string' ? {except: props.except} : {}),
  };
  const result = pickJourneys(blocks, pick, where);
  if ('problem' in result) throw new MarkdownRenderError(result.problem);
  return sectionsMarkdown(result.blocks, ctx.url);
}

export const API_COMPONENTS: Readonly<Record<string, ApiComponentSpec>> = {
  Endpoint: {
    module: '@site/src/components/Endpoint',
    id: OPERATION,
    sections: treeSource('operationSource'),
    stylesheet: REFERENCE_CSS,
    markdown: (props, ctx) => {
      const tree = entry(ctx.data.operation, OPERATION, props, ctx.where('Endpoint'));
      return treeMarkdown({...tree, sections: sectionsOfSlice(tree.sections, props[SLICE_ATTR])}, ctx.url);
    },
  },
  WebhookEvent: {
    module: '@site/src/components/WebhookEvent',
    id: WEBHOOK,
    sections: treeSource('webhookSource'),
    stylesheet: REFERENCE_CSS,
    // Each event's payload beside its fields (src/components/Reference `columns`).
    layout: 'columns',
    markdown: (props, ctx) => treeMarkdown(entry(ctx.data.webhook, WEBHOOK, props, ctx.where('WebhookEvent')), ctx.url),
  },
  OperationList: {
    module: '@site/src/components/OperationList',
    id: TAG,
    markdown: tagComponent('OperationList', TAG, operationListKey),
  },
  SharedAnswers: {
    module: '@site/src/components/SharedAnswers',
    sections: () => SHARED_ANSWERS_SOURCE,
    markdown: (_props, ctx) => {
      if (!ctx.data.sharedAnswers)
        throw new MarkdownRenderError(`llms-txt: no generated ${SHARED_ANSWERS_SOURCE} (plugins/api-contract).`);
      return treeMarkdown(ctx.data.sharedAnswers, ctx.url);
    },
  },
  ResponseCodeTable: {
    module: '@site/src/components/ResponseCodeTable',
    markdown: component('ResponseCodeTable'),
  },
  RateLimitTable: {
    module: '@site/src/components/RateLimitTable',
    markdown: component('RateLimitTable'),
  },
  PanStatusTable: {
    module: '@site/src/components/PanStatusTable',
    markdown: component('PanStatusTable'),
  },
  JwtSamples: {
    module: '@site/src/components/JwtSamples',
    markdown: (_props, ctx) => ctx.samples('jwt', ctx.data.jwtSamples, 'Token signing code'),
  },
  ClientSamples: {
    module: '@site/src/components/ClientSamples',
    markdown: (_props, ctx) => ctx.samples('client', ctx.data.clientSamples, 'Client wrapper code'),
  },
  VerifySignature: {
    module: '@site/src/components/VerifySignature',
    stylesheet: REFERENCE_CSS,
    markdown: (_props, ctx) => ctx.samples('verify', ctx.data.verifySamples, 'Signature verification code'),
  },
  ApiIndex: {
    module: '@site/src/components/ApiIndex',
    markdown: component('ApiIndex'),
  },
  FlowDiagram: {
    module: '@site/src/components/FlowDiagram',
    markdown: (props, ctx) =>
      sectionsMarkdown(
        [flowSteps(stringProp(props, 'label', ctx.where('FlowDiagram')), (props.steps ?? []) as Step[])],
        ctx.url,
      ),
  },
  DownloadLinks: {
    module: '@site/src/components/DownloadLinks',
    markdown: component('DownloadLinks'),
  },
  SandboxPage: {
    module: '@site/src/components/SandboxPage',
    sections: () => fileName('sandboxPage'),
    stylesheet: REFERENCE_CSS,
    markdown: (_props, ctx) => componentTreeMarkdown(ctx.data.sandboxPage, ctx.url),
  },
  Deprecations: {
    module: '@site/src/components/Deprecations',
    markdown: component('Deprecations'),
  },
  ApiChangelog: {
    module: '@site/src/components/ApiChangelog',
    // Its blocks link within the page by `#anchor`; a reader of the twin needs the page's URL in front.
    markdown: (props, ctx) => component('ApiChangelog')(props, {...ctx, url: onPage(CHANGELOG_PATH, ctx.url)}),
  },
  BehaviourTable: {
    module: '@site/src/components/BehaviourTable',
    // Its table's columns (`.states`) are sized there.
    stylesheet: REFERENCE_CSS,
    id: FAMILY,
    markdown: tagComponent('BehaviourTable', FAMILY, behaviourTableKey),
  },
  Journeys: {
    module: '@site/src/components/Journeys',
    // Its "Run this journey" button is an OnDemand, styled there as Try it is (spacing, hidden until hydration).
    stylesheet: REFERENCE_CSS,
    id: JOURNEYS,
    markdown: journeysMarkdown,
  },
  Fact: {
    markdown: (props, ctx) => factText(ctx.data.facts, props.id, ctx.where('Fact')),
  },
  DeliveryPolicy: {
    module: '@site/src/components/DeliveryPolicy',
    markdown: () =>
      table(
        ['Rule', 'What we do, what you do'],
        deliveryPolicyRows().map((r) => [r.rule, r.value]),
      ),
  },
  SearchKey: {
    module: '@site/src/components/SearchKey',
    // A mark for the search index (plugins/search-index): nothing to say in text.
    markdown: () => '',
  },
  GoLiveChecklist: {
    module: '@site/src/components/GoLiveChecklist',
    markdown: () =>
      table(
        ['Part', 'Rule', 'What certify checks', 'Check id'],
        checklistRows().map((r) => [r.mode, `[${r.title}](${r.page})`, r.holds, `\`${r.id}\``]),
      ),
  },
};

/** The components that name a contract id, with their id spec. */
export function idComponents(): [string, IdSpec][] {
  return Object.entries(API_COMPONENTS).flatMap(([name, spec]) =>
    spec.id ? [[name, spec.id] as [string, IdSpec]] : [],
  );
}

/** The hand-written samples as Markdown, every time (a twin). */
export const everySample: MarkdownContext['samples'] = (_key, samples) => codeSamplesMarkdown(samples);

/** "an operation", "a webhook", "a tag". */
export const article = (word: string): string => (/^[aeiou]/.test(word) ? 'an' : 'a');

export interface UnknownIdUse {
  /** `docs/...mdx:12` */
  readonly where: string;
  readonly component: string;
  readonly attr: string;
  readonly id: string;
  readonly kind: IdKind;
}

export function unknownIdMessage(use: UnknownIdUse, known: Iterable<string>): string {
  const near = closest(use.id, known);
  return (
    `${use.where}: <${use.component} ${use.attr}="${use.id}" /> names ${article(use.kind)} ${use.kind} that the API contract does not define.\n` +
    `  Fix: use an existing ${use.kind} id${near.length ? ` (closest first: ${near.join(', ')})` : ''}, or add "${use.id}" to a file under openapi/ first.`
  );
}
