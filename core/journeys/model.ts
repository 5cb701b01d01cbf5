/**
 * A journey file (openapi/journeys/<family>.arazzo.yaml, Arazzo 1.0.1) read into what our check, the
 * family pages, the page's runner and the MCP server need: each workflow's steps, each step's
 * operation or `x-journey-step`, and the `response_code` and state its success criteria expect.
 * The shape is fixed in openapi/DECISIONS.md ("Where journeys live"). The one reader of the files:
 * the pages' view (./view.ts) is built from what this reads. Pure: the text comes in.
 */
import {ScenarioYaml, type YamlPath} from '../sandbox/compile/yaml';

/** The pages a customer acts on that no API call of the partner's stands for. */
export const HOSTED_PAGES = [
  'dmt-session',
  'aeps-link',
  'pan-form',
  'paycc-payment-page',
  'paycc-kyc-page',
  'gibl-journey',
] as const;
export type HostedPage = (typeof HOSTED_PAGES)[number];

/** What an `x-journey-step` stands for: a webhook arriving, the customer's page, the sandbox's clock. */
export type JourneyEvent =
  | {readonly kind: 'webhook'; readonly webhook: string}
  | {readonly kind: 'hosted-page'; readonly page: HostedPage; readonly does: string}
  | {readonly kind: 'clock'; readonly advanceSeconds: number};

export interface JourneyStep {
  readonly stepId: string;
  readonly description: string;
  /** The API operation the step calls; absent for an `x-journey-step`. */
  readonly operationId?: string;
  readonly event?: JourneyEvent;
  /** `$response.body#/response_code == N`. */
  readonly code?: number;
  /**
   * The state the criteria expect, with the field they read it from (`data.status`, `status` in a
   * webhook, `data.transfers.0.status` for the first item of a list).
   */
  readonly state?: {readonly field: string; readonly value: string};
  /** The request body's literal values (expressions left as written); `{}` when it has none. */
  readonly payload: Readonly<Record<string, unknown>>;
  /** The request body's payload as written, when the step has one (the view sends exactly that). */
  readonly body?: {readonly payload: unknown};
  /** Each success criterion as written (the view words each one). */
  readonly criteria: readonly Readonly<Record<string, unknown>>[];
  readonly parameters: readonly {readonly in?: string; readonly name: string; readonly value: unknown}[];
  /** Output name -> runtime expression. */
  readonly outputs: Readonly<Record<string, string>>;
  /** `x-journey-step` as written (the view checks it against the contract's names). */
  readonly mark?: unknown;
  /**
   * `x-exit: procedure`: a status call after a state's bound that still answers the state, the step
   * where the partner starts the state's exit procedure (a written request to support) with what it answers.
   */
  readonly exit?: 'procedure';
  /** The URL of its `x-operation`, the journeys proxy's call. */
  readonly operationUrl?: string;
  /** The steps whose outputs this step reads (`$steps.<id>.outputs...` in its body or URL). */
  readonly uses: readonly string[];
  /** `file:line` of the step (its stepId), and of a key (or a path of keys) inside it. */
  readonly at: (...keys: (string | number)[]) => string;
}

export interface JourneyWorkflow {
  readonly workflowId: string;
  readonly summary: string;
  readonly description: string;
  readonly steps: readonly JourneyStep[];
  /** Each input's `default` (the workflow's `inputs` schema). */
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly at: string;
}

export interface JourneyFile {
  readonly file: string;
  /** The family the file is named after (`payout` for payout.arazzo.yaml). */
  readonly family: string;
  /** `info.title`. */
  readonly title: string;
  /** `arazzo:` as written. */
  readonly arazzo: unknown;
  readonly workflows: readonly JourneyWorkflow[];
  /** The YAML's own errors (nothing else is read then). */
  readonly parseErrors: readonly string[];
  /** Problems of shape: each names the file, the line and the fix. */
  readonly problems: readonly string[];
  /** `file:line` of a path of the document. */
  readonly at: (path: YamlPath) => string;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const CODE = /^\$response\.body#\/response_code\s*==\s*(\d+)$/;
// `data/status`, a webhook's `status`, or one item of a list (`data/transfers/0/status`: the first
// transfer of a session, the transactions a `made-in` operation's status call lists).
const STATE = /^\$response\.body#\/((?:data\/)?(?:[A-Za-z_]+\/\d+\/)?[A-Za-z_]+)\s*==\s*'([A-Z_]+)'$/;
const USES = /\$steps\.([A-Za-z0-9_-]+)\.outputs\./g;

/** The ids of the steps whose outputs `value` reads, wherever they sit in it. */
function stepsUsed(value: unknown): string[] {
  const text = JSON.stringify(value ?? null);
  return [...new Set([...text.matchAll(USES)].map((m) => m[1] as string))];
}

function readEvent(raw: unknown, where: string, problems: string[]): JourneyEvent | undefined {
  if (!isObj(raw)) {
    problems.push(
      `${where}: x-journey-step must be a map with a kind. Fix: see openapi/DECISIONS.md, "Where journeys live".`,
    );
    return undefined;
  }
  if (raw.kind === 'webhook' && typeof raw.webhook === 'string') return {kind: 'webhook', webhook: raw.webhook};
  if (raw.kind === 'hosted-page') {
    if ((HOSTED_PAGES as readonly string[]).includes(str(raw.page)) && typeof raw.does === 'string')
      return {kind: 'hosted-page', page: raw.page as HostedPage, does: raw.does};
    problems.push(
      `${where}: a hosted-page step names page "${str(raw.page)}"${typeof raw.does === 'string' ? '' : ' and says nothing in does'}. Fix: page is one of ${HOSTED_PAGES.join(', ')}, and does says what the customer does.`,
    );
    return undefined;
  }
  if (raw.kind === 'clock' && Number.isInteger(raw.advance_seconds) && (raw.advance_seconds as number) > 0)
    return {kind: 'clock', advanceSeconds: raw.advance_seconds as number};
  problems.push(
    `${where}: x-journey-step ${JSON.stringify(raw)} is none of {kind: webhook, webhook: <id>}, {kind: hosted-page, page, does}, {kind: clock, advance_seconds: <whole seconds>}. Fix: use one of them (openapi/DECISIONS.md, "Where journeys live").`,
  );
  return undefined;
}

function readStep(raw: Record<string, unknown>, yaml: ScenarioYaml, path: YamlPath, problems: string[]): JourneyStep {
  const at = (...keys: (string | number)[]): string => yaml.at(keys.length ? [...path, ...keys] : [...path, 'stepId']);
  const written = (Array.isArray(raw.successCriteria) ? raw.successCriteria : []).filter(isObj);
  const criteria = written.map((c) => str(c.condition).trim());
  const codes = criteria.flatMap((c) => {
    const m = CODE.exec(c);
    return m ? [Number(m[1])] : [];
  });
  const states = criteria.flatMap((c) => {
    const m = STATE.exec(c);
    return m && m[1] !== 'response_code' ? [{field: (m[1] as string).replace(/\//g, '.'), value: m[2] as string}] : [];
  });
  const stepId = str(raw.stepId);
  if (codes.length > 1 || states.length > 1)
    problems.push(
      `${at('successCriteria')}: step "${stepId}" expects ${codes.length} response_code and ${states.length} state conditions. Fix: one of each at most, as openapi/DECISIONS.md words them.`,
    );
  if (raw.operationPath !== undefined)
    problems.push(
      `${at('operationPath')}: step "${stepId}" names its operation by operationPath. Fix: name it by operationId, which our check and the pages read.`,
    );
  const hasEvent = raw['x-journey-step'] !== undefined;
  if (raw['x-operation'] !== undefined && !hasEvent)
    problems.push(
      `${at('x-operation')}: step "${stepId}" calls x-operation without saying what it stands for. Fix: add x-journey-step (a webhook, a hosted page or the clock), or call an operation by operationId.`,
    );
  const event = hasEvent ? readEvent(raw['x-journey-step'], at('x-journey-step'), problems) : undefined;
  if (raw['x-exit'] !== undefined && raw['x-exit'] !== 'procedure')
    problems.push(
      `${at('x-exit')}: step "${str(raw.stepId)}" has x-exit ${JSON.stringify(raw['x-exit'])}. Fix: x-exit: procedure, on the status call that still answers the stuck state after its bound (openapi/DECISIONS.md, "Where journeys live").`,
    );
  const body = isObj(raw.requestBody) && isObj(raw.requestBody.payload) ? raw.requestBody.payload : {};
  const operation = isObj(raw['x-operation']) ? raw['x-operation'] : {};
  const outputs = isObj(raw.outputs) ? raw.outputs : {};
  return {
    stepId,
    description: str(raw.description),
    ...(typeof raw.operationId === 'string' ? {operationId: raw.operationId} : {}),
    ...(event ? {event} : {}),
    ...(codes[0] !== undefined ? {code: codes[0]} : {}),
    ...(states[0] ? {state: states[0]} : {}),
    payload: body,
    ...(isObj(raw.requestBody) && 'payload' in raw.requestBody ? {body: {payload: raw.requestBody.payload}} : {}),
    criteria: written,
    parameters: (Array.isArray(raw.parameters) ? raw.parameters : []).flatMap((p) =>
      isObj(p) && str(p.name).trim()
        ? [{name: str(p.name).trim(), value: p.value, ...(str(p.in).trim() ? {in: str(p.in).trim()} : {})}]
        : [],
    ),
    outputs: Object.fromEntries(Object.entries(outputs).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : []))),
    ...(hasEvent ? {mark: raw['x-journey-step']} : {}),
    ...(raw['x-exit'] === 'procedure' ? {exit: 'procedure' as const} : {}),
    ...(typeof operation.url === 'string' ? {operationUrl: operation.url} : {}),
    uses: stepsUsed([body, operation.url, raw.parameters]),
    at,
  };
}

/** Each input's `default` (the runners' values; Respect takes the same from `--input`). */
function inputDefaults(raw: unknown): Record<string, unknown> {
  const props = isObj(raw) && isObj(raw.properties) ? raw.properties : {};
  return Object.fromEntries(
    Object.entries(props).flatMap(([k, v]) => (isObj(v) && 'default' in v ? [[k, v.default]] : [])),
  );
}

/** Reads one journey file; its name gives the family. */
export function parseJourneyFile(file: string, text: string): JourneyFile {
  const family = /([^/]+)\.arazzo\.yaml$/.exec(file)?.[1] ?? file;
  const yaml = new ScenarioYaml(file, text);
  const problems: string[] = [...yaml.parseErrors];
  const doc = isObj(yaml.value) ? yaml.value : {};
  if (!yaml.parseErrors.length && doc.arazzo !== '1.0.1')
    problems.push(`${yaml.at(['arazzo'])}: arazzo is ${JSON.stringify(doc.arazzo)}. Fix: arazzo: 1.0.1.`);
  const workflows = (Array.isArray(doc.workflows) ? doc.workflows : []).flatMap((w, wi): JourneyWorkflow[] => {
    if (!isObj(w)) return [];
    const steps = (Array.isArray(w.steps) ? w.steps : []).flatMap((s, si) =>
      isObj(s) ? [readStep(s, yaml, ['workflows', wi, 'steps', si], problems)] : [],
    );
    return [
      {
        workflowId: str(w.workflowId),
        summary: str(w.summary),
        description: str(w.description).trim(),
        steps,
        inputs: inputDefaults(w.inputs),
        at: yaml.at(['workflows', wi, 'workflowId']),
      },
    ];
  });
  return {
    file,
    family,
    title: str(isObj(doc.info) ? doc.info.title : undefined).trim(),
    arazzo: doc.arazzo,
    workflows,
    parseErrors: yaml.parseErrors,
    problems,
    at: (path) => yaml.at(path),
  };
}
