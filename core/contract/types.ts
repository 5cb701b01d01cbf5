/**
 * View models: what the API reference components render. They are plain JSON,
 * produced at build time from the bundled contract (see ./view-model.ts) and
 * imported by the one page that shows them, so nothing else ships to the browser.
 */

import type {ChangeBadge} from '../changelog/changelog';

export type Scalar = string | number | boolean | null;

/** What a field table shows of any field: a parameter's or a schema property's. */
export interface FieldFacts {
  /** As sent on the wire; for a schema row `[]` marks the items of an array. */
  readonly name: string;
  /** Human type: `string`, `integer`, `array of object`, `string (date-time)`, ... */
  readonly type: string;
  readonly required: boolean;
  readonly description?: string;
  /** Readable rules: `pattern ^[0-9]{12}$`, `100 to 10000`, `multiple of 50`. */
  readonly constraints: readonly string[];
  readonly enumValues?: readonly Scalar[];
  readonly example?: string;
}

export interface SchemaRow extends FieldFacts {
  /** Dotted path from the root, for anchors and tests, e.g. `data.errors[].field`. */
  readonly path: string;
  /** 0 for top-level properties. */
  readonly depth: number;
  readonly defaultValue?: string;
  /**
   * Set on the pages' views for a row that half the operations or more show word for word (the
   * response envelope): left out of the search index, which finds it on the page that explains it.
   */
  readonly shared?: boolean;
  /**
   * Set on the row that introduces one branch of a `oneOf` / `anyOf`: `name` is the branch's title,
   * and the rows after it (one level deeper) are that branch's fields.
   */
  readonly variant?: 'one of' | 'any of';
  /** On a branch's row: the fields the branch requires, by name in its object (Try it marks them). */
  readonly requires?: readonly string[];
  /**
   * On a field that a `oneOf` / `anyOf` of bare `required` lists names (./required-choice.ts): the
   * rule and every field it names, in the contract's order. Set for the page and its twin only.
   */
  readonly choice?: {readonly kind: 'one of' | 'any of'; readonly names: readonly string[]};
}

export interface ParamView extends FieldFacts {
  readonly in: 'header' | 'path' | 'query' | 'cookie';
  /** An old form kept until its sunset: samples and Try it do not send its example. */
  readonly deprecated?: true;
}

export interface ExampleView {
  readonly name: string;
  readonly summary?: string;
  /** Pretty-printed JSON. */
  readonly json: string;
}

export interface BodyView {
  readonly required: boolean;
  readonly mediaType: string;
  readonly description?: string;
  readonly rows: readonly SchemaRow[];
  readonly examples: readonly ExampleView[];
}

export interface ResponseView {
  readonly status: string;
  readonly description: string;
  readonly headers: readonly ParamView[];
  readonly rows: readonly SchemaRow[];
  readonly examples: readonly ExampleView[];
  /**
   * The contract's shared answer (`components.responses`, e.g. `Unauthorized`) this one is, word for
   * word: an operation page links the one place that shows it (issue 34) instead of repeating it.
   */
  readonly shared?: string;
}

export interface CodeSample {
  readonly lang: string;
  readonly label: string;
  readonly prism: string;
  readonly code: string;
}

/** A JSON example with the title the reader sees above it (a block of the section tree). */
export interface JsonExample {
  readonly title: string;
  /** Pretty-printed JSON. */
  readonly json: string;
}

/** A code sample as the browser gets it: highlighted at build time, without the raw text. */
export type RenderedSample = Omit<CodeSample, 'code'> & {readonly html: string};
/** An example as the browser gets it: highlighted at build time, without the raw JSON. */
export type RenderedExample = Omit<JsonExample, 'json'> & {readonly html: string};

/**
 * One row of a field table as the page gets it (./field-tree.ts `fieldNodes`, at build time): the
 * nesting, the counts and the sentences the page would otherwise compute in the browser.
 */
export interface FieldNode {
  /** The row's index in the block's flat `rows`. */
  readonly row: number;
  /** Its anchor (`request-amount`, ./field-anchors.ts), when the table has a prefix for them. */
  readonly id?: string;
  /** On a field of a required choice (./required-choice.ts): its rule, inline Markdown. */
  readonly rule?: string;
  /** The fields nested under it, folded under `summary` ("Nested fields (3)"); shown open when `open`. */
  readonly nested?: {readonly summary: string; readonly open?: true; readonly nodes: readonly FieldNode[]};
}

/**
 * A field row as the page gets it: without what its FieldNode stands for (the path its anchor and
 * nesting came from, its depth, a branch's `requires`, a parameter's `in`), which the browser never reads.
 */
export type PageFieldRow = Omit<SchemaRow, 'path' | 'depth' | 'requires'> | Omit<ParamView, 'in'>;

/**
 * Data as written for the page that imports it: every piece of code is highlighted HTML only
 * (core/code/highlight.ts, at build time), every field table's rows come nested (FieldNode, PageFieldRow). Copy
 * buttons read the rendered text; the raw text stays in the build for the Markdown twins and
 * llms-full.txt. Strips what the browser never uses.
 */
export type Rendered<T> = T extends CodeSample
  ? RenderedSample
  : T extends JsonExample
    ? RenderedExample
    : T extends {readonly kind: 'fields'}
      ? Omit<T, 'anchor' | 'unfolded' | 'rows'> & {
          readonly rows: readonly PageFieldRow[];
          readonly nodes: readonly FieldNode[];
        }
      : T extends readonly (infer U)[]
        ? readonly Rendered<U>[]
        : T extends object
          ? {readonly [K in keyof T]: Rendered<T[K]>}
          : T;

export interface ResponseCodeView {
  readonly code: number;
  readonly name: string;
  readonly meaning: string;
  readonly action: string;
  /**
   * Absent where the rule differs by operation (code 1 answers a final or an open transaction,
   * code 3 a failed transaction or a refusal): the derived table (core/behaviour/codes.ts) states it.
   */
  readonly retry?: 'safe' | 'new-ref' | 'status' | 'no';
  /** Every operation can return it (authentication, IP, rate limit, internal error): never listed per operation. */
  readonly common?: boolean;
}

/** A row of the `response_code` catalogue as pages and twins show it: with its retry advice in words. */
export type CatalogueCode = ResponseCodeView & {readonly retryText?: string};

/** One code as one operation answers it, in words (core/behaviour/codes.ts `ruleText`): what tools read. */
export interface OperationCodeWords {
  readonly operation: string;
  readonly code: number;
  readonly text: string;
  readonly retry: NonNullable<ResponseCodeView['retry']>;
  readonly retryText: string;
}

export interface LinkView {
  readonly id: string;
  readonly label: string;
  readonly href: string;
  readonly kind: 'operation' | 'webhook';
}

export interface ServerView {
  readonly label: string;
  readonly url: string;
}

export interface OperationView {
  readonly kind: 'operation';
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  readonly description: string;
  readonly tag: string;
  readonly tagLabel: string;
  readonly servers: readonly ServerView[];
  readonly headers: readonly ParamView[];
  readonly pathParams: readonly ParamView[];
  readonly queryParams: readonly ParamView[];
  readonly cookieParams: readonly ParamView[];
  readonly body?: BodyView;
  readonly samples: readonly CodeSample[];
  readonly responses: readonly ResponseView[];
  readonly responseCodes: readonly ResponseCodeView[];
  readonly related: readonly LinkView[];
  /** The family's rate limit per partner id and the call's own, from `x-rate-limit` (core/contract/rate-limits.ts). */
  readonly rateLimits: OperationRateLimitView;
  /** Set when the current version added or changed it (core/changelog/changelog.ts): the page's badge. */
  readonly change?: ChangeBadge;
  /** What the sandbox answers to which values (openapi/scenarios/); empty where it has none. */
  readonly scenarios: readonly ScenarioRow[];
}

export interface WebhookView {
  readonly kind: 'webhook';
  readonly id: string;
  /** Key under `webhooks` in the contract. */
  readonly name: string;
  readonly summary: string;
  readonly description: string;
  readonly tag: string;
  readonly tagLabel: string;
  readonly method: string;
  readonly headers: readonly ParamView[];
  readonly body?: BodyView;
  readonly ack: ResponseView | undefined;
  readonly ackTimeoutSeconds: number;
  readonly related: readonly LinkView[];
  /** Set when the current version added or changed it (core/changelog/changelog.ts): the page's badge. */
  readonly change?: ChangeBadge;
}

export interface IndexEntry {
  readonly kind: 'operation' | 'webhook';
  readonly id: string;
  readonly method: string;
  /** API path for operations, webhook key for webhooks. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  /** The docs page that shows it; undefined only while a page is missing. */
  readonly href?: string;
}

export interface TagView {
  readonly name: string;
  readonly label: string;
  readonly description: string;
  readonly group: string;
  /** The family's overview page (`x-overview`), where it has one. */
  readonly overview?: string;
  readonly entries: readonly IndexEntry[];
}

/** A row of a "Sandbox scenarios" table: what to send, what comes back, what follows. */
export interface ScenarioRow {
  /** `adhaarnumber` `999900010013`, or a sentence for derived rows. */
  readonly input: string;
  readonly code: number;
  readonly codeName: string;
  readonly label: string;
  /** `After 20 s: status SUCCESS, webhook aeps-transaction.`; empty when nothing follows. */
  readonly follows: string;
  /**
   * Where the row comes from: the operation's own entry, its file's `shared` list, sandbox.yaml's
   * `shared` list, or the engine's rules (validation, repeats). The Sandbox page shows the shared
   * ones once per file, the operation pages show all.
   */
  readonly source: 'operation' | 'family' | 'sandbox' | 'engine';
}

/** Rate limits as the contract states them (x-rate-limit); core/contract/rate-limits.ts reads and words them. */
export interface RateLimit {
  readonly requests: number;
  /** The window the requests are counted over (sliding), in seconds. */
  readonly seconds: number;
}

/** An operation's limits: its family's (always) and its own (when it has one). */
export interface OperationRateLimits {
  readonly family: RateLimit;
  readonly operation?: RateLimit;
}

/**
 * What an operation's view carries: the limits, and the sentence its page and twin show, written at
 * build time so that the words are not computed again in every reader's browser.
 */
export interface OperationRateLimitView extends OperationRateLimits {
  readonly text: string;
}
