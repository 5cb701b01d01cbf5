/**
 * A journey file (openapi/journeys/<family>.arazzo.yaml, Arazzo 1.0.1; issue 32, 4) as the pages and
 * the in-page runner read it, built from the one reading of the file (./model.ts, which the build's
 * check of the paths walks too): each workflow's title and steps, each step's operation (by
 * `operationId`, checked against the contract), its request, its success criteria read as the
 * `response_code` and the state they expect, and the steps Arazzo cannot express (a webhook
 * arriving, the customer's hosted page) marked by their `x-` extension. Pure: the caller reads the
 * file and hands over its text; every problem names the file, the line and the fix.
 *
 * Redocly's `redocly lint` checks the file against the Arazzo schema; this reader checks only what it
 * relies on, and what that lint lets through (a misspelt `operationId`).
 */
import {closest} from '../util/closest';
import {SIGNED_WITH_HEADER, type SecretName} from './names';
import {
  parseJourneyFile as readJourneyModel,
  type JourneyFile as ModelFile,
  type JourneyStep as ModelStep,
  type JourneyWorkflow,
} from './model';

/**
 * The extension of a step that Arazzo cannot express (openapi/DECISIONS.md, "The shape of a journey
 * file"): a webhook arriving, the customer's hosted page, the sandbox's clock moving on. The step
 * also carries an `x-operation` to the journeys proxy so that Respect runs it; the pages never show
 * that call, and the page's runner acts the step out in the in-browser sandbox instead.
 */
export const STEP_EXTENSION = 'x-journey-step';
export const STEP_KINDS = ['webhook', 'hosted-page', 'clock'] as const;
export type StepKind = 'call' | (typeof STEP_KINDS)[number];

/** A success criterion, read as what the page says of it; `other` is shown as written. */
export type Criterion =
  | {readonly on: 'http-status'; readonly value: number; readonly condition: string}
  | {readonly on: 'response_code'; readonly value: number; readonly condition: string}
  | {readonly on: 'state'; readonly value: string; readonly condition: string; readonly pointer: string}
  /** A webhook step's: which secrets the partner holds signed the delivery (./secrets.ts), in their order. */
  | {readonly on: 'signed-with'; readonly value: readonly SecretName[]; readonly condition: string}
  | {readonly on: 'other'; readonly condition: string};

export interface StepParameter {
  readonly in?: string;
  readonly name: string;
  readonly value: unknown;
}

export interface JourneyStep {
  readonly id: string;
  /** Prose: what the step does and why (Markdown inline, checked like any page's). */
  readonly description: string;
  readonly kind: StepKind;
  /** A `call` step: the contract operation it calls. Marked steps call the journeys proxy instead. */
  readonly operationId?: string;
  /** A webhook step: the webhook that arrives. */
  readonly webhook?: string;
  /**
   * A webhook step: the expression of the `referenceid` whose delivery it waits for, the last
   * segment of its `x-operation` URL (`$steps.create-order.outputs.referenceid`).
   */
  readonly reference?: string;
  /** A hosted-page step: the page (`dmt-session`) and what the customer does there, one sentence. */
  readonly page?: string;
  readonly does?: string;
  /** A clock step: how far the sandbox's clock moves on. */
  readonly advanceSeconds?: number;
  readonly parameters: readonly StepParameter[];
  /** The request body's payload, runtime expressions (`$inputs.x`, `$steps.a.outputs.b`) unresolved. */
  readonly payload?: unknown;
  readonly criteria: readonly Criterion[];
  /** Output name -> runtime expression (`$response.body#/data/referenceid`). */
  readonly outputs: Readonly<Record<string, string>>;
}

export interface Journey {
  readonly id: string;
  readonly summary: string;
  readonly description?: string;
  /** Each input's default (the workflow's `inputs` schema), what the runners send unless told otherwise. */
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly steps: readonly JourneyStep[];
}

export interface JourneyFile {
  readonly file: string;
  /** From the file name: `payout.arazzo.yaml` is the payout family's. */
  readonly family: string;
  readonly title: string;
  readonly journeys: readonly Journey[];
}

/** What the reader checks names against. */
export interface JourneyContext {
  readonly operations: ReadonlySet<string>;
  readonly webhooks: ReadonlySet<string>;
}

type Obj = Readonly<Record<string, unknown>>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The family of a journey file's name, or none when the name is not `<family>.arazzo.yaml`. */
export const familyOfFile = (name: string): string | undefined => /([^/\\]+)\.arazzo\.ya?ml$/.exec(name)?.[1];

const SIMPLE = /^\$response\.body#(\/\S*)\s*==\s*(.+)$/;
// Header names are case-insensitive (RFC 9110), so the condition may write it in any case.
const SIGNED = new RegExp(
  `^\\$response\\.header\\.${SIGNED_WITH_HEADER}\\s*==\\s*'((?:previous|current)(?: (?:previous|current))*)'$`,
  'i',
);
const STATUS = /^\$statusCode\s*==\s*(\d{3})$/;

/** A literal of a simple condition: a number, or a quoted string. */
function literal(raw: string): string | number | undefined {
  const t = raw.trim();
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  return /^'([^']*)'$/.exec(t)?.[1] ?? /^"([^"]*)"$/.exec(t)?.[1];
}

/**
 * What a criterion expects, where it is one the page can word: `$statusCode == 200`,
 * `$response.body#/response_code == N`, `$response.body#/data/<field> == 'STATE'` (an answer's
 * state: the field the behaviour model names) or `$response.body#/<field> == 'STATE'` (a webhook's
 * payload as delivered), or an item's of a list (`$response.body#/data/transfers/0/status`: the
 * transfers of a DMT session). An upper-case word compared with one field reads as a state. The JSONPath
 * form of the same (`context: $response.body`, `$.data.status == 'SUCCESS'`) reads alike.
 */
export function readCriterion(raw: Obj): Criterion {
  const condition = str(raw.condition) ?? '';
  const status = STATUS.exec(condition);
  if (status) return {on: 'http-status', value: Number(status[1]), condition};
  const signed = SIGNED.exec(condition);
  if (signed) return {on: 'signed-with', value: (signed[1] as string).split(' ') as SecretName[], condition};
  let pointer: string | undefined;
  let value: string | number | undefined;
  const simple = SIMPLE.exec(condition);
  if (simple && (raw.type === undefined || raw.type === 'simple')) {
    pointer = simple[1];
    value = literal(simple[2] ?? '');
  } else if (raw.context === '$response.body' && raw.type === 'jsonpath') {
    const path = /^\$((?:\.[A-Za-z_][\w-]*)+)\s*==\s*(.+)$/.exec(condition);
    pointer = path?.[1]?.replace(/\./g, '/');
    value = path ? literal(path[2] ?? '') : undefined;
  }
  if (pointer === '/response_code' && typeof value === 'number') return {on: 'response_code', value, condition};
  if (
    pointer &&
    /^(\/data)?(\/\w+\/\d+)?\/\w+$/.test(pointer) &&
    typeof value === 'string' &&
    /^[A-Z][A-Z_]*$/.test(value)
  )
    return {on: 'state', value, condition, pointer};
  return {on: 'other', condition};
}

/** `payout-create-order` or `$sourceDescriptions.<name>.payout-create-order`: the contract's id. */

/** `payout-create-order` or `$sourceDescriptions.<name>.payout-create-order`: the contract's id. */
const operationIdOf = (raw: string): string => /^\$sourceDescriptions\.[^.]+\.(.+)$/.exec(raw)?.[1] ?? raw;

type Mark = Pick<JourneyStep, 'kind' | 'webhook' | 'reference' | 'page' | 'does' | 'advanceSeconds'>;

const MARK_FIX =
  'Fix: write {kind: webhook, webhook: <webhook id>}, {kind: hosted-page, page: <page>, does: <one sentence>} or {kind: clock, advance_seconds: <seconds>} (openapi/DECISIONS.md).';

function webhookMark(raw: Obj, step: ModelStep, ctx: JourneyContext, problems: string[]): Mark {
  const webhook = str(raw.webhook) ?? '';
  const reference = step.operationUrl && /\{(\$[^{}]+)\}$/.exec(step.operationUrl)?.[1];
  if (!ctx.webhooks.has(webhook)) {
    const near = closest(webhook, ctx.webhooks);
    problems.push(
      `${step.at(STEP_EXTENSION, 'webhook')}: the webhook "${webhook}" is not a webhook of the contract. Fix: ${near.length ? `use ${near.join(', ')}, or ` : ''}name one of openapi/families/*.yaml's webhooks.`,
    );
  }
  if (!reference)
    problems.push(
      `${step.at(STEP_EXTENSION)}: a webhook step's x-operation url ends with the referenceid it waits for. Fix: write url: '{$inputs.proxy}/__journeys/webhooks/${webhook}/{$steps.<step>.outputs.referenceid}' (openapi/DECISIONS.md).`,
    );
  return {kind: 'webhook', webhook, reference: reference ?? ''};
}

/** The `x-journey-step` of a step, checked; none: a call of the contract. */
function readMark(step: ModelStep, ctx: JourneyContext, problems: string[]): Mark {
  const raw = step.mark;
  if (raw === undefined) return {kind: 'call'};
  const at = step.at(STEP_EXTENSION);
  const kind = isObj(raw) ? str(raw.kind) : undefined;
  if (!isObj(raw) || !STEP_KINDS.includes(kind as (typeof STEP_KINDS)[number])) {
    problems.push(`${at}: ${STEP_EXTENSION} needs a kind, one of ${STEP_KINDS.join(', ')}. ${MARK_FIX}`);
    return {kind: 'call'};
  }
  if (kind === 'webhook') return webhookMark(raw, step, ctx, problems);
  if (kind === 'clock') {
    const seconds = raw.advance_seconds;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds <= 0)
      problems.push(`${at}: a clock step needs advance_seconds, a whole number of seconds above 0. ${MARK_FIX}`);
    return {kind: 'clock', advanceSeconds: typeof seconds === 'number' ? seconds : 0};
  }
  const page = str(raw.page);
  const does = str(raw.does);
  if (!page || !does) problems.push(`${at}: a hosted-page step needs page and does. ${MARK_FIX}`);
  return {kind: 'hosted-page', page: page ?? '', does: does ?? ''};
}

function readOperation(step: ModelStep, ctx: JourneyContext, problems: string[]): string {
  const written = str(step.operationId);
  if (!written) {
    problems.push(
      `${step.at()}: step "${step.stepId || '?'}" names no operationId. Fix: name the contract operation the step calls, or mark a step Arazzo cannot express with ${STEP_EXTENSION} (openapi/DECISIONS.md).`,
    );
    return '';
  }
  const id = operationIdOf(written);
  if (!ctx.operations.has(id)) {
    const near = closest(id, ctx.operations);
    problems.push(
      `${step.at('operationId')}: operationId "${id}" is not an operation of the contract. Fix: ${near.length ? `did you mean ${near.join(', ')}? ` : ''}use an operationId of openapi/families/*.yaml.`,
    );
  }
  return id;
}

/**
 * A header name, a field or a state with a `-` or `_` inside (`X-Webhook-Secret-Proof`,
 * `previous_valid_until`, `IN_PROGRESS`), not already in a code span. Arazzo descriptions are
 * CommonMark and the page renders their code spans as code, whole; as plain text such a name reads
 * as words and breaks after a hyphen on a phone ("X-" at the end of a line, issue 34).
 */
const BARE_NAME =
  /(?<![`\w$#/{.'-])(X-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![`\w/}'-])/g;

/** The names of `text` written as plain text (outside its code spans), each once. */
export function bareNames(text: string): string[] {
  const names = text.split(/`[^`]*`/).flatMap((part) => Array.from(part.matchAll(BARE_NAME), (m) => m[1] ?? ''));
  return [...new Set(names)];
}

/** A description that names a field, header or state in plain text: where, which, and the fix. */
function bareNameProblems(at: string, subject: string, text: string | undefined, problems: string[]): void {
  const names = bareNames(text ?? '');
  if (names.length)
    problems.push(
      `${at}: ${subject}'s description names ${names.join(', ')} as plain text, which the page shows as words and may break at a hyphen. Fix: write ${names.map((n) => `\`${n}\``).join(', ')} (descriptions are CommonMark; the page shows code spans as code).`,
    );
}

function viewStep(step: ModelStep, ctx: JourneyContext, problems: string[]): JourneyStep {
  const description = str(step.description);
  if (!description)
    problems.push(
      `${step.at()}: step "${step.stepId}" has no description. Fix: say in one sentence what the step does and why.`,
    );
  bareNameProblems(step.at('description'), `step "${step.stepId}"`, description, problems);
  const mark = readMark(step, ctx, problems);
  return {
    id: step.stepId.trim(),
    description: description ?? '',
    ...mark,
    ...(mark.kind === 'call' ? {operationId: readOperation(step, ctx, problems)} : {}),
    parameters: step.parameters,
    ...(step.body ? {payload: step.body.payload} : {}),
    criteria: step.criteria.map(readCriterion),
    outputs: step.outputs,
  };
}

function viewJourney(workflow: JourneyWorkflow, ctx: JourneyContext, problems: string[]): Journey {
  const id = workflow.workflowId.trim();
  const summary = str(workflow.summary);
  if (!summary)
    problems.push(
      `${workflow.at}: workflow "${id}" has no summary. Fix: write its title, as the page shows it over the steps.`,
    );
  bareNameProblems(workflow.at, `workflow "${id}"`, workflow.description, problems);
  const steps = workflow.steps.map((s) => viewStep(s, ctx, problems));
  if (!steps.length) problems.push(`${workflow.at}: workflow "${id}" has no steps. Fix: list its steps under steps:.`);
  return {
    id,
    summary: summary ?? id,
    ...(workflow.description ? {description: workflow.description} : {}),
    inputs: workflow.inputs,
    steps,
  };
}

/**
 * The pages' view of a journey file, built from the one reading of it (./model.ts); `journeys` is
 * undefined when the file does not parse or is not Arazzo 1.0.x. The problems are the view's own
 * (names against the contract, prose a page shows); the model's shape problems are the check's.
 */
export function journeyView(model: ModelFile, ctx: JourneyContext): {journeys?: JourneyFile; problems: string[]} {
  if (model.parseErrors.length) return {problems: [...model.parseErrors]};
  const problems: string[] = [];
  const family = familyOfFile(model.file);
  if (!family)
    problems.push(`${model.at([])}: a journey file is named <family>.arazzo.yaml. Fix: rename ${model.file}.`);
  const version = typeof model.arazzo === 'string' ? model.arazzo : JSON.stringify(model.arazzo ?? null);
  if (!/^1\.0\.\d+$/.test(version)) {
    problems.push(
      `${model.at(['arazzo'])}: the file is not Arazzo 1.0 (arazzo: ${version}). Fix: write arazzo: 1.0.1.`,
    );
    return {problems};
  }
  const journeys = model.workflows.map((w) => viewJourney(w, ctx, problems));
  return {journeys: {file: model.file, family: family ?? '', title: model.title, journeys}, problems};
}

/** Reads one journey file (./model.ts) and builds its view. */
export function parseJourneyFile(
  file: string,
  text: string,
  ctx: JourneyContext,
): {journeys?: JourneyFile; problems: string[]} {
  return journeyView(readJourneyModel(file, text), ctx);
}
