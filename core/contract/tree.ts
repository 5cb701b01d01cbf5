/**
 * The section tree: the one model of an operation's or a webhook's reference. The view model
 * (./view-model.ts) says what the contract holds; the tree says what the reference shows, in
 * order, with every word: sections under headings, and in each section a list of blocks (a
 * paragraph, a field table, a group of examples or code samples, ...). It is plain JSON.
 *
 * Three readers, no other source:
 *   - the page: src/components/Reference renders each block kind with one React component;
 *   - the Markdown twin and llms-full.txt: core/markdown/markdown.ts serialises each block kind;
 *   - the table of contents: plugins/api-contract/remark.ts puts each section's heading in the
 *     page as a real Markdown heading, then the component that renders that section.
 * So the page and its twin cannot say different things, and a new kind of block (sandbox scenarios, a
 * Try it panel) is added here, in the React map and in the Markdown map: the compiler checks that
 * both maps have it (see CONTRIBUTING.md, "Add a kind of reference block").
 *
 * Pure: views and labels in, trees out.
 */
import {statusLabel} from '../util/http';
import {ackRule} from './webhook-policy';
import {foldRequiredChoices} from './required-choice';
import {interpolate, type LabelId, type Labels} from './labels';
import type {ChangeBadge} from '../changelog/changelog';
import type {ParagraphBlock} from './sections';
import type {
  CodeSample,
  ExampleView,
  JsonExample,
  LinkView,
  OperationView,
  ParamView,
  ResponseCodeView,
  ResponseView,
  SchemaRow,
  WebhookView,
} from './types';

export type {JsonExample} from './types';
export type {ParagraphBlock} from './sections';

export type FieldRow = ParamView | SchemaRow;

/** "Changed in 1.1.0, breaking", linking the entry of the API changelog that says what changed. */
export interface ChangeMark {
  readonly text: string;
  readonly href: string;
  readonly breaking: boolean;
}

/** `POST /service/aeps/withdrawal`; for a webhook `POST` `to your webhook URL` `aeps-transaction`. */
export interface RequestLineBlock {
  readonly kind: 'request-line';
  readonly method: string;
  readonly path: string;
  /** Words between the method and the path. */
  readonly via?: string;
  /** Set when the current version added or changed the operation or webhook. */
  readonly change?: ChangeMark;
  /**
   * What a reader may type to land here exactly, before any full-text match (the search index's
   * exact keys, plugins/search-index/pages.mjs): the operation id and `METHOD /path`, or the
   * webhook's id. Not part of the page's words.
   */
  readonly searchKeys?: readonly string[];
}

export interface ServerRow {
  readonly label: string;
  /** `POST https://sandbox.../api/v1/service/...`: the request line as sent to that environment. */
  readonly request: string;
}

/** A fact every request of the operation lives by, linked to the page that explains it: the token, the rate limit. */
export interface ServerFact {
  readonly label: string;
  readonly text: string;
  readonly href: string;
  /** The same words on many pages: searched on the page it links, not on each of them. */
  readonly searchIgnore?: boolean;
}

export interface ServersBlock {
  readonly kind: 'servers';
  readonly caption: string;
  readonly rows: readonly ServerRow[];
  readonly facts: readonly ServerFact[];
}

export interface FieldsBlock {
  readonly kind: 'fields';
  readonly caption: string;
  readonly rows: readonly FieldRow[];
  /** The same table is on every page (headers): left out of the search index. */
  readonly searchIgnore?: boolean;
  /** Shown under this summary, open, foldable (response fields). */
  readonly summary?: string;
  /** Each row's anchor starts with this (`request` -> `#request-amount`; ./field-anchors.ts). */
  readonly anchor?: string;
  /**
   * The fields nested under a top-level row are shown open (a response's `data`); deeper ones, and
   * every nested field of a table without this, are folded under their parent (./field-tree.ts).
   */
  readonly unfolded?: true;
}

export interface ExamplesBlock {
  readonly kind: 'examples';
  readonly examples: readonly JsonExample[];
  /** Examples of a response: on wide screens the page shows them in the column beside the fields. */
  readonly response?: true;
  /**
   * Examples of the request body: the first is the body every code sample sends, so the page hides
   * it where the samples show (the body's JSON once per width, issue 24); the twin keeps it.
   */
  readonly request?: true;
}

/** One request in every sample language (tabs on the page, one fenced block each in Markdown). */
export interface SamplesBlock {
  readonly kind: 'samples';
  readonly samples: readonly CodeSample[];
}

export interface CodeRow {
  readonly code: number;
  readonly name: string;
  readonly meaning: string;
  readonly retry: Retry;
  readonly retryText: string;
  /** The row of the catalogue that explains it. */
  readonly href: string;
}

export interface CodesBlock {
  readonly kind: 'codes';
  readonly head: {readonly code: string; readonly name: string; readonly meaning: string; readonly retry: string};
  readonly codes: readonly CodeRow[];
}

export interface LinkItem {
  readonly label: string;
  readonly href: string;
  /** Words after the link, e.g. `(webhook)`. */
  readonly note?: string;
}

/** Links to other pages: a list, or with a `lead` one line (`Related: a, b.`). */
export interface LinksBlock {
  readonly kind: 'links';
  readonly lead?: string;
  readonly links: readonly LinkItem[];
}

/** One sandbox scenario of the sandbox: what to send, the code it answers, what follows. */
export interface ScenarioLine {
  /** Contract-style inline text: `` `adhaarnumber` `999900010013` ``. */
  readonly input: string;
  readonly code: number;
  readonly name: string;
  readonly label: string;
  /** The status change and webhooks that follow, or the words for nothing. */
  readonly then: string;
  /** The row of the catalogue that explains the code. */
  readonly href: string;
}

/** The sandbox scenarios of an operation (openapi/scenarios/), as a table. */
export interface ScenariosBlock {
  readonly kind: 'sandbox-scenarios';
  readonly head: {readonly send: string; readonly answer: string; readonly then: string};
  readonly rows: readonly ScenarioLine[];
}

/**
 * The Try it panel of an operation: nothing in the static page (it needs JavaScript, and the page
 * reads fully without it); in the browser a button that loads the panel, the engine and the
 * family's compiled model on first use (src/components/TryIt). Carries only what that load needs.
 */
export interface TryItBlock {
  readonly kind: 'try-it';
  readonly op: string;
  /** The sandbox family whose files the panel loads (`sandbox/<family>.json`). */
  readonly family: string;
}

/** A titled box of blocks (how to acknowledge a webhook). */
export interface NoticeBlock {
  readonly kind: 'notice';
  readonly title: string;
  readonly blocks: readonly Block[];
}

export type Block =
  | RequestLineBlock
  | ParagraphBlock
  | ServersBlock
  | FieldsBlock
  | ExamplesBlock
  | SamplesBlock
  | CodesBlock
  | LinksBlock
  | ScenariosBlock
  | TryItBlock
  | NoticeBlock;

export type BlockKind = Block['kind'];

export interface SectionHeading {
  readonly depth: 2 | 3;
  readonly text: string;
}

export interface Section {
  /** What the remark plugin passes as `section` to render this part alone. */
  readonly key: string;
  /** Put before the section as a real heading (table of contents, anchor); none for the opening. */
  readonly heading?: SectionHeading;
  /**
   * On wide screens, shown in the sticky column beside the fields (the code samples and Try it),
   * with a copy of the response examples; in page order below that width. See src/css/served/reference.css.
   */
  readonly aside?: true;
  /**
   * Part of the reference a page shows before its guide prose (the request line, the URLs, the code
   * samples, the request, the answers, the response codes): put under the page's summary, before its
   * first heading, by node/contract/lead.ts (issues 24 and 34: a reader sees what to send
   * and what comes back first, and the guidance after it). The sandbox scenarios and the related
   * pages stay after the guide.
   */
  readonly lead?: true;
  /**
   * On wide screens, the section's examples in a column beside the blocks before them (a response's
   * example beside its fields, issue 34: no blank column), by src/components/Reference; in order below.
   */
  readonly columns?: true;
  readonly blocks: readonly Block[];
}

/** The words the field tables and code tables use in every row. */
export interface FieldWords {
  readonly name: string;
  readonly type: string;
  readonly required: string;
  readonly description: string;
  readonly isRequired: string;
  readonly isOptional: string;
  readonly yes: string;
  readonly no: string;
  readonly oneOf: string;
  readonly rules: string;
  readonly default: string;
  readonly example: string;
  /** The summary over a field's folded nested fields, with `{count}` (the page only; the twin lists them all). */
  readonly children: string;
  /** A field of a oneOf / anyOf of required fields (./required-choice.ts): its badge and its rule's lead. */
  readonly choice: {
    readonly [K in 'one of' | 'any of']: {readonly badge: string; readonly lead: string};
  };
  readonly or: string;
}

export interface ReferenceTree {
  readonly kind: 'operation' | 'webhook';
  readonly id: string;
  /** What the reference is about (the operation's or webhook's summary). */
  readonly title: string;
  readonly words: FieldWords;
  readonly sections: readonly Section[];
}

/** The site page that explains the `response_code` values. */
export const RESPONSE_CODE_PAGE = '/ResponseCode';
/** The site page that explains the token and the headers. */
export const HEADERS_PAGE = '/HeaderMarkdown';
/** Where the rate limits of every family are listed (the table on the catalogue page). */
export const RATE_LIMITS_PAGE = '/ResponseCode#rate-limits';

/** The four retry words of the catalogue. */
export type Retry = NonNullable<ResponseCodeView['retry']>;

const RETRY_LABEL: Readonly<Record<Retry, LabelId>> = {
  safe: 'api.retry.safe',
  'new-ref': 'api.retry.newRef',
  status: 'api.retry.status',
  no: 'api.retry.no',
};

/** The retry advice of a response code, in the labels' words (page, twin and catalogue alike). */
export function retryText(retry: Retry, labels: Labels): string {
  return labels[RETRY_LABEL[retry]];
}

export function fieldWords(labels: Labels): FieldWords {
  return {
    name: labels['api.field.name'],
    type: labels['api.field.type'],
    required: labels['api.field.required'],
    description: labels['api.field.description'],
    isRequired: labels['api.field.isRequired'],
    isOptional: labels['api.field.isOptional'],
    yes: labels['api.field.yes'],
    no: labels['api.field.no'],
    oneOf: labels['api.field.oneOf'],
    rules: labels['api.field.rules'],
    default: labels['api.field.default'],
    example: labels['api.field.example'],
    children: labels['api.field.children'],
    choice: {
      'one of': {badge: labels['api.field.requiredOneOf'], lead: labels['api.field.sendOneOf']},
      'any of': {badge: labels['api.field.requiredAnyOf'], lead: labels['api.field.sendAnyOf']},
    },
    or: labels['api.field.or'],
  };
}

/* ------------------------------------------------------------------ blocks */

/** The badge of a view the current version added or changed, in the labels' words. */
export function changeMark(change: ChangeBadge | undefined, labels: Labels): Pick<RequestLineBlock, 'change'> {
  if (!change) return {};
  const text = interpolate(labels[change.status === 'added' ? 'api.change.added' : 'api.change.changed'], {
    version: change.version,
  });
  return {
    change: {
      text: change.breaking ? interpolate(labels['api.change.breaking'], {change: text}) : text,
      href: change.href,
      breaking: change.breaking,
    },
  };
}

/** A field table, or nothing for no rows. */
export function fields(caption: string, rows: readonly FieldRow[], options: Partial<FieldsBlock> = {}): Block[] {
  return rows.length ? [{kind: 'fields', caption, rows, ...options}] : [];
}

/**
 * Examples under one title: `title: summary` each, or `title: name` when several have no summary
 * (so two examples never carry the same title).
 */
export function examples(
  title: string,
  list: readonly ExampleView[],
  options: Pick<ExamplesBlock, 'response' | 'request'> = {},
): Block[] {
  if (!list.length) return [];
  return [
    {
      kind: 'examples',
      examples: list.map((ex) => {
        const suffix = ex.summary ?? (list.length > 1 ? ex.name : undefined);
        return {title: suffix ? `${title}: ${suffix}` : title, json: ex.json};
      }),
      ...options,
    },
  ];
}

export function paragraph(text: string | undefined): Block[] {
  return text?.trim() ? [{kind: 'paragraph', text}] : [];
}

function codesBlock(codes: readonly ResponseCodeView[], labels: Labels): Block[] {
  if (!codes.length) return [];
  return [
    {
      kind: 'codes',
      head: {
        code: labels['api.codes.code'],
        name: labels['api.codes.name'],
        meaning: labels['api.codes.meaning'],
        retry: labels['api.codes.retry'],
      },
      codes: codes.map((c) => ({
        code: c.code,
        name: c.name,
        meaning: c.meaning,
        // operationCodes() gives every row of an operation its rule (derived or the catalogue's).
        retry: c.retry as Retry,
        retryText: retryText(c.retry as Retry, labels),
        href: `${RESPONSE_CODE_PAGE}#code-${c.code}`,
      })),
    },
  ];
}

function linkItems(related: readonly LinkView[], labels: Labels): LinkItem[] {
  return related.map((r) => ({
    label: r.label,
    href: r.href,
    ...(r.kind === 'webhook' ? {note: labels['api.related.webhook']} : {}),
  }));
}

/* ------------------------------------------------------------------ operations */

/** Request line, description, the URL per environment and the token. */
export function overviewSection(op: OperationView, labels: Labels): Section {
  return {
    key: 'overview',
    lead: true,
    blocks: [
      {
        kind: 'request-line',
        method: op.method,
        path: op.path,
        searchKeys: [op.id, `${op.method} ${op.path}`],
        ...changeMark(op.change, labels),
      },
      ...paragraph(op.description),
      {
        kind: 'servers',
        caption: labels['api.servers.caption'],
        rows: op.servers.map((s) => ({label: s.label, request: `${op.method} ${s.url}${op.path}`})),
        facts: [
          {label: labels['api.servers.auth'], text: labels['api.servers.authText'], href: HEADERS_PAGE},
          // One sentence per family, on every page of it: searched on /ResponseCode, where the table is.
          {
            label: labels['api.servers.rateLimit'],
            text: op.rateLimits.text,
            href: RATE_LIMITS_PAGE,
            searchIgnore: true,
          },
        ],
      },
    ],
  };
}

/**
 * The Authorization row links the token page instead of carrying the security scheme's whole
 * specification (claims, lifetimes, rotation: about 150 words) on every endpoint page (issue 34). The
 * view keeps the scheme's words for the MCP server and the checks; the page and its twin say this.
 */
function tokenRow(row: ParamView, labels: Labels): ParamView {
  if (row.in !== 'header' || row.name !== 'Authorization') return row;
  return {...row, description: interpolate(labels['api.request.token'], {page: `${HEADERS_PAGE}#the-request-token`})};
}

/** Headers, path, query and cookie parameters, body fields and body examples. */
export function requestSection(op: OperationView, labels: Labels): Section {
  const params = op.pathParams.length + op.queryParams.length + op.cookieParams.length;
  const headers = op.headers.map((h) => tokenRow(h, labels));
  return {
    key: 'request',
    heading: {depth: 2, text: labels['api.section.request']},
    lead: true,
    blocks: [
      // The same headers on every endpoint: searched on /HeaderMarkdown, not on every page.
      ...fields(labels['api.request.headers'], headers, {searchIgnore: true, anchor: 'request-header'}),
      ...fields(labels['api.request.path'], op.pathParams, {anchor: 'request-path'}),
      ...fields(labels['api.request.query'], op.queryParams, {anchor: 'request-query'}),
      ...fields(labels['api.request.cookies'], op.cookieParams, {anchor: 'request-cookie'}),
      ...(op.body
        ? [
            ...fields(labels['api.request.body'], foldRequiredChoices(op.body.rows), {anchor: 'request'}),
            ...examples(labels['api.request.example'], op.body.examples, op.samples.length ? {request: true} : {}),
          ]
        : params === 0
          ? paragraph(labels['api.request.none'])
          : []),
    ],
  };
}

/** The request in every sample language, then the Try it panel that sends it. */
export function samplesSection(op: OperationView, labels: Labels): Section[] {
  if (!op.samples.length) return [];
  return [
    {
      key: 'samples',
      heading: {depth: 2, text: labels['api.section.samples']},
      aside: true,
      lead: true,
      blocks: [
        ...paragraph(labels['api.samples.intro']),
        {kind: 'samples', samples: op.samples},
        {kind: 'try-it', op: op.id, family: op.tag},
      ],
    },
  ];
}

/** One response: description, headers, fields (folded) and examples. */
export function responseSection(res: ResponseView, labels: Labels): Section {
  const success = res.status.startsWith('2');
  const shared = success ? {} : {searchIgnore: true};
  // `#response-data-utr` for the answer a reader links; the error envelopes by their status.
  const anchor = success ? 'response' : `response-${res.status.toLowerCase()}`;
  return {
    key: `response-${res.status}`,
    heading: {depth: 3, text: statusLabel(res.status)},
    lead: true,
    columns: true,
    blocks: [
      ...paragraph(res.description),
      // Error responses share one envelope (and the 429 its Retry-After header) across the API:
      // their fields and headers would put the same words into the search index once per endpoint.
      ...fields(labels['api.response.headers'], res.headers, {...shared, anchor: `${anchor}-header`}),
      ...fields(labels['api.response.fieldsCaption'], res.rows, {
        summary: interpolate(labels['api.response.fields'], {count: res.rows.length}),
        // The envelope's `data` is the object the call returns: its fields stay in sight.
        unfolded: true,
        anchor,
        ...shared,
      }),
      ...examples(statusLabel(res.status), res.examples, {response: true}),
    ],
  };
}

/** Where the answers every operation shares are shown, once (src/pages/ResponseCode.mdx). */
export const SHARED_ANSWERS_PAGE = `${RESPONSE_CODE_PAGE}#error-answers`;

/** The anchor a response's heading gets (Docusaurus' slug of `400 Bad Request`). */
const statusAnchor = (status: string): string => statusLabel(status).toLowerCase().replace(/\s+/g, '-');

/**
 * The shared answers of an operation (400, 401, 429: `ResponseView.shared`) as one short section
 * linking each where it is shown: the same envelope four times was about 6,000 px of every page (issue 34).
 */
function sharedAnswersSection(shared: readonly ResponseView[], labels: Labels): Section[] {
  if (!shared.length) return [];
  const links = shared.map((r) => `[${statusLabel(r.status)}](${RESPONSE_CODE_PAGE}#${statusAnchor(r.status)})`);
  const list =
    links.length > 1
      ? `${links.slice(0, -1).join(', ')} ${labels['api.responses.and']} ${links.at(-1)}`
      : links.join('');
  return [
    {
      key: 'shared-answers',
      heading: {depth: 3, text: labels['api.responses.sharedHeading']},
      lead: true,
      blocks: paragraph(interpolate(labels['api.responses.shared'], {answers: list, href: SHARED_ANSWERS_PAGE})),
    },
  ];
}

export function responsesSections(op: OperationView, labels: Labels): Section[] {
  if (!op.responses.length) return [];
  return [
    {
      key: 'responses',
      heading: {depth: 2, text: labels['api.section.responses']},
      lead: true,
      blocks: paragraph(labels['api.responses.intro']),
    },
    ...op.responses.filter((r) => !r.shared).map((r) => responseSection(r, labels)),
    ...sharedAnswersSection(
      op.responses.filter((r) => r.shared),
      labels,
    ),
  ];
}

/**
 * The answers every operation shares, each once under its status: what /ResponseCode shows and the
 * operation pages link. Their examples stay with their fields (no code column on that page).
 */
export function sharedAnswersTree(answers: readonly ResponseView[], labels: Labels): ReferenceTree {
  return {
    kind: 'operation',
    id: 'shared-answers',
    title: labels['api.responses.sharedHeading'],
    words: fieldWords(labels),
    sections: answers.map((r) => {
      // Shown alone on that page, outside any operation's reference, one column.
      const {lead: _lead, columns: _columns, ...section} = responseSection(r, labels);
      return {
        ...section,
        blocks: section.blocks.map((b) => (b.kind === 'examples' ? {kind: 'examples', examples: b.examples} : b)),
      };
    }),
  };
}

export function codesSection(op: OperationView, labels: Labels): Section[] {
  const blocks = codesBlock(op.responseCodes, labels);
  return blocks.length
    ? [{key: 'codes', heading: {depth: 2, text: labels['api.section.codes']}, lead: true, blocks}]
    : [];
}

/**
 * The sandbox scenarios that force each answer of the operation in the sandbox, from openapi/scenarios/:
 * shown where the sandbox has scenarios of its own for the operation (its entry, its family's or the
 * sandbox's shared ones), with the answers every request gets (success, validation, a repeat)
 * among them. Without such scenarios there is nothing to force, and no section.
 */
export function scenariosSection(op: OperationView, labels: Labels): Section[] {
  if (!op.scenarios.some((r) => r.source !== 'engine')) return [];
  return [
    {
      key: 'sandbox-scenarios',
      heading: {depth: 2, text: labels['api.section.scenarios']},
      blocks: [
        ...paragraph(labels['api.sandbox.intro']),
        {
          kind: 'sandbox-scenarios',
          head: {
            send: labels['api.sandbox.send'],
            answer: labels['api.sandbox.answer'],
            then: labels['api.sandbox.then'],
          },
          rows: op.scenarios.map((r) => ({
            input: r.input,
            code: r.code,
            name: r.codeName,
            label: r.label,
            then: r.follows || labels['api.sandbox.nothing'],
            href: `${RESPONSE_CODE_PAGE}#code-${r.code}`,
          })),
        },
      ],
    },
  ];
}

export function relatedSection(op: OperationView, labels: Labels): Section[] {
  if (!op.related.length) return [];
  return [
    {
      key: 'related',
      heading: {depth: 2, text: labels['api.section.related']},
      blocks: [{kind: 'links', links: linkItems(op.related, labels)}],
    },
  ];
}

/**
 * The reference of one operation, section by section, in page order: the call (line, URLs, code
 * samples) first, so the samples' top is in the first screen on one column too; then the fields.
 */
export function operationTree(op: OperationView, labels: Labels): ReferenceTree {
  return {
    kind: 'operation',
    id: op.id,
    title: op.summary,
    words: fieldWords(labels),
    sections: [
      overviewSection(op, labels),
      ...samplesSection(op, labels),
      requestSection(op, labels),
      ...responsesSections(op, labels),
      ...codesSection(op, labels),
      ...scenariosSection(op, labels),
      ...relatedSection(op, labels),
    ],
  };
}

/* ------------------------------------------------------------------ webhooks */

/** How to answer a delivery: the rule (core/contract/webhook-policy.ts) and the example answer. */
export function ackNotice(hook: WebhookView, labels: Labels): NoticeBlock {
  return {
    kind: 'notice',
    title: labels['api.webhook.ackTitle'],
    blocks: [
      ...paragraph(ackRule(hook.ackTimeoutSeconds)),
      ...examples(labels['api.webhook.ackExample'], hook.ack?.examples ?? []),
    ],
  };
}

/** The reference of one webhook: one section under the event's summary. */
export function webhookTree(hook: WebhookView, labels: Labels): ReferenceTree {
  return {
    kind: 'webhook',
    id: hook.id,
    title: hook.summary,
    words: fieldWords(labels),
    sections: [
      {
        key: 'event',
        heading: {depth: 2, text: hook.summary},
        blocks: [
          {
            kind: 'request-line',
            method: hook.method,
            path: hook.id,
            via: labels['api.webhook.to'],
            searchKeys: [hook.id],
            ...changeMark(hook.change, labels),
          },
          ...paragraph(hook.description),
          // The same signature headers on every webhook: searched on the page that explains them.
          ...fields(labels['api.webhook.headers'], hook.headers, {searchIgnore: true, anchor: `${hook.id}-header`}),
          ...(hook.body
            ? [
                ...fields(labels['api.webhook.payload'], hook.body.rows, {anchor: hook.id, unfolded: true}),
                ...examples(labels['api.webhook.example'], hook.body.examples),
              ]
            : []),
          ackNotice(hook, labels),
          ...(hook.related.length
            ? [{kind: 'links', lead: labels['api.webhook.related'], links: linkItems(hook.related, labels)} as const]
            : []),
        ],
      },
    ],
  };
}

/* ------------------------------------------------------------------ walking */

/** Every heading of a tree, in order: what the table of contents lists. */
export function treeHeadings(tree: ReferenceTree): SectionHeading[] {
  return tree.sections.flatMap((s) => (s.heading ? [s.heading] : []));
}

/** The tree with `fn` applied to every block, notices' inner blocks included. */
export function mapBlocks(tree: ReferenceTree, fn: (block: Block) => Block): ReferenceTree {
  const visit = (block: Block): Block => {
    const mapped = fn(block);
    return mapped.kind === 'notice' ? {...mapped, blocks: mapped.blocks.map(visit)} : mapped;
  };
  return {...tree, sections: tree.sections.map((s) => ({...s, blocks: s.blocks.map(visit)}))};
}
