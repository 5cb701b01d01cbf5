/**
 * A journey file (openapi/journeys/<family>.arazzo.yaml, Arazzo 1.0.1; issue 32, 4) as the pages and
 * the in-page runner read it (the journeys branch's ./model.ts reads it for the build's checks of
 * the paths it walks; this view keeps what a reader sees and a runner sends): each workflow's title and steps, each step's operation (by
 * `operationId`, checked against the contract), its request, its success criteria read as the
 * `response_code` and the state they expect, and the steps Arazzo cannot express (a webhook
 * arriving, the customer's hosted page) marked by their `x-` extension. Pure: the caller reads the
 * file and hands over its text; every problem names the file, the line and the fix.
 *
 * Redocly's `redocly lint` checks the file against the Arazzo schema; this reader checks only what it
 * relies on, and what that lint lets through (a misspelt `operationId`).
 */
import {ScenarioYaml, type YamlPath} from '../sandbox/compile/yaml';
import {closest} from '../util/closest';

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
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The family of a journey file's name, or none when the name is not `<family>.arazzo.yaml`. */
export const familyOfFile = (name: string): string | undefined => /([^/\\]+)\.arazzo\.ya?ml$/.exec(name)?.[1];

class Problems {
  readonly list: string[] = [];
  constructor(readonly yaml: ScenarioYaml) {}
  add(path: YamlPath, message: string): void {
    this.list.push(`${this.yaml.at(path)}: ${message}`);
  }
}

const SIMPLE = /^\$response\.body#(\/\S*)\s*==\s*(.+)$/;
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
const operationIdOf = (raw: string): string => /^\$sourceDescriptions\.[^.]+\.(.+)$/.exec(raw)?.[1] ?? raw;

type Mark = Pick<JourneyStep, 'kind' | 'webhook' | 'reference' | 'page' | 'does' | 'advanceSeconds'>;

const MARK_FIX =
  'Fix: write {kind: webhook, webhook: <webhook id>}, {kind: hosted-page, page: <page>, does: <one sentence>} or {kind: clock, advance_seconds: <seconds>} (openapi/DECISIONS.md).';

function webhookMark(raw: Obj, step: Obj, at: YamlPath, ctx: JourneyContext, problems: Problems): Mark {
  const webhook = str(raw.webhook) ?? '';
  const url = isObj(step['x-operation']) ? str(step['x-operation'].url) : undefined;
  const reference = url && /\{(\$[^{}]+)\}$/.exec(url)?.[1];
  if (!ctx.webhooks.has(webhook)) {
    const near = closest(webhook, ctx.webhooks);
    problems.add(
      [...at, 'webhook'],
      `the webhook "${webhook}" is not a webhook of the contract. Fix: ${near.length ? `use ${near.join(', ')}, or ` : ''}name one of openapi/families/*.yaml's webhooks.`,
    );
  }
  if (!reference)
    problems.add(
      at,
      `a webhook step's x-operation url ends with the referenceid it waits for. Fix: write url: '{$inputs.proxy}/__journeys/webhooks/${webhook}/{$steps.<step>.outputs.referenceid}' (openapi/DECISIONS.md).`,
    );
  return {kind: 'webhook', webhook, reference: reference ?? ''};
}

/** The `x-journey-step` of a step, checked; none: a call of the contract. */
function readMark(step: Obj, path: YamlPath, ctx: JourneyContext, problems: Problems): Mark {
  const raw = step[STEP_EXTENSION];
  if (raw === undefined) return {kind: 'call'};
  const at = [...path, STEP_EXTENSION];
  const kind = isObj(raw) ? str(raw.kind) : undefined;
  if (!isObj(raw) || !STEP_KINDS.includes(kind as (typeof STEP_KINDS)[number])) {
    problems.add(at, `${STEP_EXTENSION} needs a kind, one of ${STEP_KINDS.join(', ')}. ${MARK_FIX}`);
    return {kind: 'call'};
  }
  if (kind === 'webhook') return webhookMark(raw, step, at, ctx, problems);
  if (kind === 'clock') {
    const seconds = raw.advance_seconds;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds <= 0)
      problems.add(at, `a clock step needs advance_seconds, a whole number of seconds above 0. ${MARK_FIX}`);
    return {kind: 'clock', advanceSeconds: typeof seconds === 'number' ? seconds : 0};
  }
  const page = str(raw.page);
  const does = str(raw.does);
  if (!page || !does) problems.add(at, `a hosted-page step needs page and does. ${MARK_FIX}`);
  return {kind: 'hosted-page', page: page ?? '', does: does ?? ''};
}

function readOperation(raw: Obj, path: YamlPath, ctx: JourneyContext, problems: Problems): string {
  const written = str(raw.operationId);
  if (!written) {
    problems.add(
      [...path, 'stepId'],
      `step "${str(raw.stepId) ?? '?'}" names no operationId. Fix: name the contract operation the step calls, or mark a step Arazzo cannot express with ${STEP_EXTENSION} (openapi/DECISIONS.md).`,
    );
    return '';
  }
  const id = operationIdOf(written);
  if (!ctx.operations.has(id)) {
    const near = closest(id, ctx.operations);
    problems.add(
      [...path, 'operationId'],
      `operationId "${id}" is not an operation of the contract. Fix: ${near.length ? `did you mean ${near.join(', ')}? ` : ''}use an operationId of openapi/families/*.yaml.`,
    );
  }
  return id;
}

function readStep(raw: unknown, path: YamlPath, ctx: JourneyContext, problems: Problems): JourneyStep | undefined {
  if (!isObj(raw)) return undefined;
  const id = str(raw.stepId) ?? '';
  const description = str(raw.description);
  if (!description)
    problems.add(
      [...path, 'stepId'],
      `step "${id}" has no description. Fix: say in one sentence what the step does and why.`,
    );
  const outputs = isObj(raw.outputs) ? raw.outputs : {};
  const body = isObj(raw.requestBody) ? raw.requestBody : undefined;
  const mark = readMark(raw, path, ctx, problems);
  return {
    id,
    description: description ?? '',
    ...mark,
    ...(mark.kind === 'call' ? {operationId: readOperation(raw, path, ctx, problems)} : {}),
    parameters: list(raw.parameters).flatMap((p) =>
      isObj(p) && str(p.name) ? [{name: str(p.name) ?? '', value: p.value, ...(str(p.in) ? {in: str(p.in)} : {})}] : [],
    ),
    ...(body && 'payload' in body ? {payload: body.payload} : {}),
    criteria: list(raw.successCriteria).flatMap((c) => (isObj(c) ? [readCriterion(c)] : [])),
    outputs: Object.fromEntries(Object.entries(outputs).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : []))),
  };
}

/** Each input's `default` (the runners' values; Respect takes the same from `--input`). */
function inputDefaults(raw: unknown): Record<string, unknown> {
  const props = isObj(raw) && isObj(raw.properties) ? raw.properties : {};
  return Object.fromEntries(
    Object.entries(props).flatMap(([k, v]) => (isObj(v) && 'default' in v ? [[k, v.default]] : [])),
  );
}

function readJourney(raw: unknown, path: YamlPath, ctx: JourneyContext, problems: Problems): Journey | undefined {
  if (!isObj(raw)) return undefined;
  const id = str(raw.workflowId) ?? '';
  const summary = str(raw.summary);
  if (!summary)
    problems.add(
      [...path, 'workflowId'],
      `workflow "${id}" has no summary. Fix: write its title, as the page shows it over the steps.`,
    );
  const steps = list(raw.steps).flatMap((s, i) => readStep(s, [...path, 'steps', i], ctx, problems) ?? []);
  if (!steps.length)
    problems.add([...path, 'workflowId'], `workflow "${id}" has no steps. Fix: list its steps under steps:.`);
  const description = str(raw.description);
  return {
    id,
    summary: summary ?? id,
    ...(description ? {description} : {}),
    inputs: inputDefaults(raw.inputs),
    steps,
  };
}

/** Parses one journey file; `journeys` is undefined when it does not parse or is not Arazzo 1.0.x. */
export function parseJourneyFile(
  file: string,
  text: string,
  ctx: JourneyContext,
): {journeys?: JourneyFile; problems: string[]} {
  const yaml = new ScenarioYaml(file, text);
  if (yaml.parseErrors.length) return {problems: yaml.parseErrors};
  const problems = new Problems(yaml);
  const raw = isObj(yaml.value) ? yaml.value : {};
  const family = familyOfFile(file);
  if (!family) problems.add([], `a journey file is named <family>.arazzo.yaml. Fix: rename ${file}.`);
  const version = typeof raw.arazzo === 'string' ? raw.arazzo : JSON.stringify(raw.arazzo ?? null);
  if (!/^1\.0\.\d+$/.test(version)) {
    problems.add(['arazzo'], `the file is not Arazzo 1.0 (arazzo: ${version}). Fix: write arazzo: 1.0.1.`);
    return {problems: problems.list};
  }
  const journeys = list(raw.workflows).flatMap((w, i) => readJourney(w, ['workflows', i], ctx, problems) ?? []);
  const title = str(isObj(raw.info) ? raw.info.title : undefined) ?? '';
  return {journeys: {file, family: family ?? '', title, journeys}, problems: problems.list};
}
