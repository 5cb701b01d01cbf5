/**
 * The behaviour model (openapi/behaviour/*.yaml, format in its README): what a transaction can do
 * after it is sent, one file per family, and shared.yaml's numbers. This file holds the
 * types and the parser, which checks the shape and names the file and line of every problem with
 * its fix. Pure: the caller reads the files and hands over their text.
 */
import {ScenarioYaml, dotted, type YamlPath} from '../sandbox/compile/yaml';
import {closest} from '../util/closest';

export type Scalar = string | number | boolean;

/**
 * Where the money is when a request is first answered in a state (issue 32, 1): `moved` (it reached
 * where it was sent, or the fee was taken for good), `held` (taken from a wallet or an account, not
 * delivered yet), `unknown` (the bank has not said whether it took it), `none` (nothing moved).
 */
export const MONEY = ['moved', 'held', 'unknown', 'none'] as const;
export type Money = (typeof MONEY)[number];

/**
 * How long a non-final state may last (issue 32, 3): a domain fact of ../facts/ that states it, or
 * our own policy with its reason; `seconds` is the longest the words can mean (a working day counted
 * with the weekend after it), how far a journey moves the sandbox's test clock before it takes the exit.
 */
export type BoundSpec = {readonly within: string; readonly seconds: number} & (
  {readonly fact: string} | {readonly policy: string}
);

/**
 * The way out once the bound has passed: a status call that then answers a final state, an
 * escalation reason the escalation API accepts, or a documented procedure with its own bound.
 */
export type ExitSpec =
  {readonly statusCall: string} | {readonly escalation: string} | {readonly procedure: string; readonly within: string};

export interface StateSpec {
  readonly final: boolean;
  readonly meaning: string;
  /** Every non-final state of a money-moving family has a bound and an exit. */
  readonly bound?: BoundSpec;
  readonly exit?: ExitSpec;
  /** Required of a state some operation answers first (`first`): what a code answering it says of money. */
  readonly money?: Money;
  /** Modes in which this non-final state is where the transaction ends (a PAN e-card at APPROVED). */
  readonly finalFor?: readonly string[];
}

export interface ModeSpec {
  readonly mode: string;
  /** Request values that select the mode; none: every request. */
  readonly when: Readonly<Record<string, Scalar>>;
  /** response_code -> the state it answers. */
  readonly first: ReadonlyMap<number, string>;
  /** For a transaction not made by a call (`made-in`): the states it is first reported in. */
  readonly appearsIn: readonly string[];
}

export interface WindowSpec {
  readonly within: string;
  readonly fact: string;
}

export interface TransitionSpec {
  readonly from: string;
  readonly to: string;
  readonly webhook: boolean;
  /** Per mode, how long after the first state the change can still come (reversals). */
  readonly window?: Readonly<Record<string, WindowSpec>>;
  /** The modes the change happens in; none: every mode. */
  readonly modes?: readonly string[];
}

export interface MoneyBackSpec {
  readonly state: string;
  readonly to: string;
  readonly when: string;
  readonly confirmedBy: string;
  readonly fact?: string;
  /** The fields of `data` (status call and webhook) that confirm the money is back. */
  readonly fields: readonly string[];
  /**
   * A webhook that reports the money coming back rather than the state (the DMT wallet's credit
   * event after a refund): sent on reaching `state`, even by an operation whose `webhook` is none.
   */
  readonly webhook?: string;
}

export interface NotFoundSpec {
  /** Seconds after the request was sent from which a 7 is final. */
  readonly finalAfterSeconds: number;
  /** Our policy's reason for the bound. */
  readonly policy: string;
}

export interface RepeatSpec {
  readonly code: number;
  readonly scope: string;
  readonly answers: string;
  /** The fields of `data` a repeat answers with (the state and final fields): held against the answer's schema. */
  readonly fields: readonly string[];
}

export interface OperationBehaviour {
  readonly id: string;
  /** False for a step of a money-moving flow that moves none itself (a session opened). */
  readonly movesMoney: boolean;
  readonly reason?: string;
  /**
   * Where the transactions are made when no call of the partner makes them (UPI payments into a
   * UPI id the operation created): its answers then describe what it created, not a transaction.
   */
  readonly madeIn?: string;
  /** The status call's operation id, or `none`. */
  readonly statusCall: string;
  readonly statusField: string;
  /** The webhook's id, or `none`. */
  readonly webhook: string;
  /** First states that the webhook reports too (an answer final at once still gets its delivery). */
  readonly webhookOnFirst: readonly string[];
  readonly learn?: string;
  readonly identity: readonly string[];
  readonly repeat: RepeatSpec;
  readonly modes: readonly ModeSpec[];
  readonly resolves5By?: 'webhook' | 'status-call';
  readonly transitions: readonly TransitionSpec[];
  readonly moneyBack: readonly MoneyBackSpec[];
  /**
   * When the status call's `response_code` 7 (no transaction with this `referenceid`) is final:
   * that many seconds after the request was sent, the request never reached us; sooner, it may still
   * be on its way, so the partner asks again (issue 32, 6). Required of an operation whose status
   * call looks it up by `referenceid`.
   */
  readonly notFound?: NotFoundSpec;
  /**
   * Where a first answer of this operation leaves the money when it differs from the state's own
   * `money`: a hosted link answers PENDING before the customer's journey has run, so nothing moved.
   */
  readonly firstMoney: Readonly<Record<string, Money>>;
}

export interface FamilyBehaviour {
  readonly file: string;
  readonly family: string;
  readonly thing: string;
  readonly overview?: string;
  readonly movesMoney: boolean;
  readonly reason?: string;
  readonly states: Readonly<Record<string, StateSpec>>;
  readonly operations: readonly OperationBehaviour[];
  /** `file:line` of a value of the file (its nearest parent when the value is absent). */
  readonly at: (path: YamlPath) => string;
}

export interface CommonBehaviour {
  readonly file: string;
  readonly polling: {
    readonly firstAfterSeconds: number;
    readonly everySeconds: number;
    readonly fastForMinutes: number;
    readonly thenEveryMinutes: number;
  };
  readonly retryAfterMinutes: readonly number[];
  readonly ackWithinSeconds: number;
  readonly retentionDays: number;
  readonly at: (path: YamlPath) => string;
}

/** The escalation API's call: an `exit: {escalation: <reason>}` is taken by calling it with that reason. */
export const ESCALATION_CALL = 'common-escalation-raise';

/** What the rest of the contract offers the parser to check names against. */
export interface BehaviourContext {
  /** Operation id -> the codes it lists (x-response-codes). */
  readonly operations: ReadonlyMap<string, readonly number[]>;
  readonly webhooks: ReadonlySet<string>;
  readonly tags: ReadonlySet<string>;
  /** Ids of openapi/facts/*.yaml. */
  readonly facts: ReadonlySet<string>;
  /** The reasons the escalation API accepts (common-escalation-raise's `reason` enum); absent: none. */
  readonly escalationReasons?: ReadonlySet<string>;
}

export class Problems {
  readonly list: string[] = [];
  constructor(private readonly yaml: ScenarioYaml) {}
  add(path: YamlPath, message: string): void {
    this.list.push(`${this.yaml.at(path)}: ${message}`);
  }
}

type Obj = Readonly<Record<string, unknown>>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
const strList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Every key of `value` not in `allowed`, reported with the closest allowed key. */
function unknownKeys(value: Obj, allowed: readonly string[], path: YamlPath, problems: Problems): void {
  for (const key of Object.keys(value)) {
    if (allowed.includes(key)) continue;
    const near = closest(key, allowed);
    problems.add(
      [...path, key],
      `unknown key "${key}" at ${dotted(path) || 'the top'}. Fix: ${near.length ? `did you mean "${near[0]}"? ` : ''}the keys are ${allowed.join(', ')} (openapi/behaviour/README.md).`,
    );
  }
}

/** A required string, or a problem naming the key. */
function required(value: Obj, key: string, path: YamlPath, problems: Problems, what: string): string {
  const found = str(value[key]);
  if (!found) problems.add([...path, key], `"${key}" is missing or empty. Fix: write ${what}.`);
  return found ?? '';
}

const FAMILY_KEYS = ['family', 'thing', 'overview', 'moves-money', 'reason', 'states', 'operations'];
const STATE_KEYS = ['final', 'meaning', 'final-for', 'money', 'bound', 'exit'];

/** A state's bound, checked: within, and a fact of ../facts/ or a policy with its reason. */
function parseBound(raw: unknown, path: YamlPath, ctx: BehaviourContext, problems: Problems): BoundSpec | undefined {
  if (!isObj(raw)) return undefined;
  const at = [...path, 'bound'];
  unknownKeys(raw, ['within', 'seconds', 'fact', 'policy'], at, problems);
  const within = required(raw, 'within', at, problems, 'how long the state may last, as its source words it');
  const seconds = raw.seconds;
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds <= 0)
    problems.add(
      [...at, 'seconds'],
      `the bound "${within}" has no seconds. Fix: add "seconds: <N>", the longest "${within}" can last in whole seconds (a working day with the weekend after it), how far an exit journey moves the test clock.`,
    );
  const secs = typeof seconds === 'number' ? seconds : 0;
  const fact = str(raw.fact);
  const policy = str(raw.policy);
  if (fact && !ctx.facts.has(fact))
    problems.add(
      [...at, 'fact'],
      `fact ${fact} is not an id of openapi/facts/. Fix: record it there with its source, or write "policy: <our reason>".`,
    );
  if (!fact === !policy)
    problems.add(
      at,
      'a bound names its source: "fact: <id of openapi/facts/>" or "policy: <our reason>", one of the two.',
    );
  if (fact) return {within, seconds: secs, fact};
  return policy ? {within, seconds: secs, policy} : undefined;
}

/** A state's exit, checked against the contract: a status call, an accepted escalation reason, or a bounded procedure. */
function parseExit(raw: unknown, path: YamlPath, ctx: BehaviourContext, problems: Problems): ExitSpec | undefined {
  if (!isObj(raw)) return undefined;
  const at = [...path, 'exit'];
  unknownKeys(raw, ['status-call', 'escalation', 'procedure', 'within'], at, problems);
  const call = str(raw['status-call']);
  const reason = str(raw.escalation);
  const procedure = str(raw.procedure);
  if ([call, reason, procedure].filter(Boolean).length !== 1) {
    problems.add(
      at,
      'an exit is one of "status-call: <operation>", "escalation: <reason>" or "procedure: <what to do>" with "within:".',
    );
    return undefined;
  }
  if (call) {
    if (!ctx.operations.has(call))
      problems.add(
        [...at, 'status-call'],
        `status-call ${call} is not an operation of the contract. Fix: use one of ${closest(call, ctx.operations.keys()).join(', ') || 'the status calls of openapi/families/'}.`,
      );
    return {statusCall: call};
  }
  if (reason) {
    const accepted = ctx.escalationReasons ?? new Set<string>();
    if (!accepted.has(reason))
      problems.add(
        [...at, 'escalation'],
        `escalation reason ${reason} is not one the escalation API accepts (${[...accepted].join(', ') || 'none'}). Fix: use one of them, add it to EscalationReason in openapi/families/common.yaml (a wire change), or give a procedure.`,
      );
    return {escalation: reason};
  }
  const within = required(raw, 'within', at, problems, "the procedure's own bound (by when it is answered)");
  return {procedure: procedure ?? '', within};
}

function parseStates(raw: unknown, ctx: BehaviourContext, problems: Problems): Record<string, StateSpec> {
  const states: Record<string, StateSpec> = {};
  if (!isObj(raw)) return states;
  for (const [name, spec] of Object.entries(raw)) {
    const path = ['states', name];
    if (!isObj(spec) || typeof spec.final !== 'boolean') {
      problems.add(path, `state ${name} needs {final: true|false, meaning: ...}. Fix: say whether it is final.`);
      continue;
    }
    unknownKeys(spec, STATE_KEYS, path, problems);
    const finalFor = strList(spec['final-for']);
    const money = spec.money;
    if (money !== undefined && !MONEY.includes(money as Money))
      problems.add(
        [...path, 'money'],
        `state ${name} has money ${JSON.stringify(money)}. Fix: one of ${MONEY.join(', ')} (openapi/behaviour/README.md).`,
      );
    const bound = parseBound(spec.bound, path, ctx, problems);
    const exit = parseExit(spec.exit, path, ctx, problems);
    states[name] = {
      final: spec.final,
      meaning: required(spec, 'meaning', path, problems, `what state ${name} means for the partner`),
      ...(finalFor.length ? {finalFor} : {}),
      ...(MONEY.includes(money as Money) ? {money: money as Money} : {}),
      ...(bound ? {bound} : {}),
      ...(exit ? {exit} : {}),
    };
  }
  return states;
}

/**
 * Parses one family file. Checks made here need only the file and the contract's names; the
 * checks against the scenarios and examples are in ./checks.ts.
 */
export function parseFamily(
  file: string,
  text: string,
  ctx: BehaviourContext,
): {family?: FamilyBehaviour; problems: string[]} {
  const yaml = new ScenarioYaml(file, text);
  if (yaml.parseErrors.length) return {problems: yaml.parseErrors};
  const problems = new Problems(yaml);
  const raw = yaml.value;
  if (!isObj(raw))
    return {problems: [`${file}:1: a behaviour file is a mapping. Fix: start from openapi/behaviour/README.md.`]};
  unknownKeys(raw, FAMILY_KEYS, [], problems);
  const family = required(raw, 'family', [], problems, 'the contract tag of the family');
  if (family && !ctx.tags.has(family)) {
    problems.add(
      ['family'],
      `family "${family}" is not a tag of openapi/openapi.yaml. Fix: use one of ${closest(family, ctx.tags).join(', ') || [...ctx.tags].join(', ')}.`,
    );
  }
  const movesMoney = raw['moves-money'];
  if (typeof movesMoney !== 'boolean') problems.add(['moves-money'], '"moves-money" must be true or false.');
  const states = parseStates(raw.states, ctx, problems);
  if (movesMoney === true) unboundedStates(states, problems);
  const operations = movesMoney === true ? parseOperations(raw.operations, states, ctx, problems) : [];
  firstWithoutMoney(operations, states, problems);
  if (movesMoney === true && !operations.length)
    problems.add(
      ['operations'],
      'a family that moves money needs its operations. Fix: add each operation that moves money under "operations".',
    );
  if (movesMoney === false && !str(raw.reason))
    problems.add(['reason'], 'a family that moves no money says why. Fix: add "reason: ...".');
  const overview = str(raw.overview);
  const reason = str(raw.reason);
  return {
    family: {
      file,
      family,
      thing: required(raw, 'thing', [], problems, 'what a transaction of the family is called ("payout order")'),
      ...(overview ? {overview} : {}),
      movesMoney: movesMoney === true,
      ...(reason ? {reason} : {}),
      states,
      operations,
      at: (path) => yaml.at(path),
    },
    problems: problems.list,
  };
}

/**
 * No state without a bound and an exit (issue 32, 3): a transaction left in a non-final state with
 * neither would leave the partner's customer waiting with no date and nothing to do. A state final
 * for some modes (`final-for`) still needs both for the others.
 */
function unboundedStates(states: Readonly<Record<string, StateSpec>>, problems: Problems): void {
  for (const [name, spec] of Object.entries(states)) {
    if (spec.final) continue;
    const missing = [...(spec.bound ? [] : ['bound']), ...(spec.exit ? [] : ['exit'])];
    if (missing.length)
      problems.add(
        ['states', name],
        `state ${name} is not final but has no ${missing.join(' and no ')}. Fix: add ${missing
          .map((m) =>
            m === 'bound'
              ? '"bound: {within: ..., fact: <id>}" (or "policy: <our reason>")'
              : '"exit: {status-call: <op>}" (or "escalation: <reason>", or "procedure: ..." with "within: ...")',
          )
          .join(' and ')} (openapi/behaviour/README.md).`,
      );
  }
}

/**
 * A state that answers a request first must say what that answer means for money: the per-operation
 * code table (./codes.ts) reads it, and a state without it would leave "did money move?" unanswered.
 */
function firstWithoutMoney(
  operations: readonly OperationBehaviour[],
  states: Readonly<Record<string, StateSpec>>,
  problems: Problems,
): void {
  const named = new Set<string>();
  for (const op of operations)
    for (const m of op.modes)
      for (const [code, state] of m.first) {
        if (!states[state] || states[state].money || op.firstMoney[state] || named.has(state)) continue;
        named.add(state);
        problems.add(
          ['states', state],
          `state ${state} answers ${op.id} first (code ${code}) but says nothing of money. Fix: add "money: ${MONEY.join('|')}" (openapi/behaviour/README.md).`,
        );
      }
}

function parseOperations(
  raw: unknown,
  states: Readonly<Record<string, StateSpec>>,
  ctx: BehaviourContext,
  problems: Problems,
): OperationBehaviour[] {
  if (!isObj(raw)) return [];
  return Object.entries(raw).flatMap(([id, spec]) => {
    const path = ['operations', id];
    const codes = ctx.operations.get(id);
    if (!codes) {
      problems.add(
        path,
        `operation ${id} is not in the contract. Fix: use an operation id of openapi/families/ (closest: ${closest(id, ctx.operations.keys()).join(', ') || 'none'}).`,
      );
      return [];
    }
    if (!isObj(spec)) return [];
    return [parseOperation(id, spec, codes, states, ctx, problems)];
  });
}

const OPERATION_KEYS = [
  'moves-money',
  'made-in',
  'reason',
  'status-call',
  'status-field',
  'webhook',
  'webhook-on-first',
  'learn',
  'identity',
  'repeat',
  'modes',
  'resolves-5-by',
  'transitions',
  'money-back',
  'first-money',
  'not-found',
];

/** A state name used somewhere in the file must be one of `states`. */
function checkState(
  name: string,
  states: Readonly<Record<string, StateSpec>>,
  path: YamlPath,
  problems: Problems,
): void {
  if (name in states) return;
  const near = closest(name, Object.keys(states));
  problems.add(
    path,
    `state ${name} is not declared under "states". Fix: ${near.length ? `did you mean ${near[0]}? Else ` : ''}declare it with final and meaning.`,
  );
}

function parseOperation(
  id: string,
  spec: Obj,
  codes: readonly number[],
  states: Readonly<Record<string, StateSpec>>,
  ctx: BehaviourContext,
  problems: Problems,
): OperationBehaviour {
  const path = ['operations', id];
  unknownKeys(spec, OPERATION_KEYS, path, problems);
  const statusCall = required(spec, 'status-call', path, problems, 'the status operation, or none');
  if (statusCall && statusCall !== 'none' && !ctx.operations.has(statusCall))
    problems.add(
      [...path, 'status-call'],
      `status-call ${statusCall} is not an operation of the contract. Fix: name the status operation, or none.`,
    );
  const webhook = required(spec, 'webhook', path, problems, 'the webhook id, or none');
  if (webhook && webhook !== 'none' && !ctx.webhooks.has(webhook))
    problems.add(
      [...path, 'webhook'],
      `webhook ${webhook} is not a webhook of the contract. Fix: use one of ${closest(webhook, ctx.webhooks).join(', ') || 'the webhooks of openapi/families/'}, or none.`,
    );
  if (webhook === 'none' && !str(spec.learn))
    problems.add(
      [...path, 'learn'],
      'an operation without a webhook says how the outcome is learnt. Fix: add "learn: ..." (one sentence).',
    );
  const resolves = spec['resolves-5-by'];
  if (codes.includes(5) && resolves !== 'webhook' && resolves !== 'status-call')
    problems.add(
      [...path, 'resolves-5-by'],
      `${id} lists code 5: say how it learns its outcome. Fix: "resolves-5-by: webhook" or "resolves-5-by: status-call".`,
    );
  if (resolves === 'webhook' && webhook === 'none')
    problems.add(
      [...path, 'resolves-5-by'],
      `${id} sends no webhook, so code 5 cannot resolve by one. Fix: "resolves-5-by: status-call".`,
    );
  const webhookOnFirst = strList(spec['webhook-on-first']);
  webhookOnFirst.forEach((s, i) => checkState(s, states, [...path, 'webhook-on-first', i], problems));
  const learn = str(spec.learn);
  const reason = str(spec.reason);
  const madeIn = str(spec['made-in']);
  return {
    id,
    movesMoney: spec['moves-money'] !== false,
    ...(reason ? {reason} : {}),
    ...(madeIn ? {madeIn} : {}),
    statusCall,
    statusField: str(spec['status-field']) ?? 'status',
    webhook,
    webhookOnFirst,
    ...(learn ? {learn} : {}),
    identity: strList(spec.identity),
    repeat: parseRepeat(spec.repeat, codes, path, problems),
    modes: parseModes(spec.modes, codes, states, path, problems),
    ...(resolves === 'webhook' || resolves === 'status-call' ? {resolves5By: resolves} : {}),
    transitions: parseTransitions(spec.transitions, states, ctx, path, problems),
    moneyBack: parseMoneyBack(spec['money-back'], states, ctx, path, problems),
    firstMoney: parseFirstMoney(spec['first-money'], states, path, problems),
    ...notFoundOf(spec, statusCall, path, problems),
  };
}

/** `not-found: {final-after-seconds, policy}`, required where the status call looks up a `referenceid`. */
function notFoundOf(spec: Obj, statusCall: string, path: YamlPath, problems: Problems): {notFound?: NotFoundSpec} {
  const raw = spec['not-found'];
  const at = [...path, 'not-found'];
  const byReference = statusCall && statusCall !== 'none' && strList(spec.identity).join() === 'referenceid';
  if (raw === undefined) {
    if (byReference)
      problems.add(
        path,
        `${path[1]} has a status call by referenceid (${statusCall}) but does not say when its response_code 7 is final. Fix: add "not-found: {final-after-seconds: <N>, policy: <why N>}".`,
      );
    return {};
  }
  if (!isObj(raw)) {
    problems.add(at, 'not-found is a map. Fix: "not-found: {final-after-seconds: <N>, policy: <why N>}".');
    return {};
  }
  unknownKeys(raw, ['final-after-seconds', 'policy'], at, problems);
  const seconds = raw['final-after-seconds'];
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds <= 0)
    problems.add(
      [...at, 'final-after-seconds'],
      'final-after-seconds is a whole number of seconds above 0. Fix: the seconds after the request from which a 7 is final.',
    );
  const policy = required(raw, 'policy', at, problems, 'why the bound is what it is');
  return typeof seconds === 'number' ? {notFound: {finalAfterSeconds: seconds, policy}} : {};
}

function parseFirstMoney(
  raw: unknown,
  states: Readonly<Record<string, StateSpec>>,
  path: YamlPath,
  problems: Problems,
): Record<string, Money> {
  const out: Record<string, Money> = {};
  for (const [state, money] of Object.entries(isObj(raw) ? raw : {})) {
    const at = [...path, 'first-money', state];
    checkState(state, states, at, problems);
    if (MONEY.includes(money as Money)) out[state] = money as Money;
    else problems.add(at, `first-money of ${state} is ${JSON.stringify(money)}. Fix: one of ${MONEY.join(', ')}.`);
  }
  return out;
}

function parseRepeat(raw: unknown, codes: readonly number[], path: YamlPath, problems: Problems): RepeatSpec {
  const at = [...path, 'repeat'];
  if (!isObj(raw)) {
    problems.add(at, '"repeat" is missing. Fix: {code: 4, scope: ..., answers: ...} (decisions of issue 22, 6).');
    return {code: 4, scope: '', answers: '', fields: []};
  }
  unknownKeys(raw, ['code', 'scope', 'answers', 'fields'], at, problems);
  const code = typeof raw.code === 'number' ? raw.code : 4;
  if (!codes.includes(code))
    problems.add(
      [...at, 'code'],
      `repeat code ${code} is not in the operation's x-response-codes (${codes.join(', ')}). Fix: list it in the contract or change it here.`,
    );
  return {
    code,
    scope: required(raw, 'scope', at, problems, 'where the identity must be unique'),
    answers: required(raw, 'answers', at, problems, 'what a repeat gets back'),
    fields: strList(raw.fields),
  };
}

function parseModes(
  raw: unknown,
  codes: readonly number[],
  states: Readonly<Record<string, StateSpec>>,
  path: YamlPath,
  problems: Problems,
): ModeSpec[] {
  if (!Array.isArray(raw) || !raw.length) {
    problems.add([...path, 'modes'], 'no modes. Fix: list the modes, or one entry "mode: all" with its first answers.');
    return [];
  }
  return raw.flatMap((m: unknown, i): ModeSpec[] => {
    const at = [...path, 'modes', i];
    if (!isObj(m)) return [];
    unknownKeys(m, ['mode', 'when', 'first', 'appears-in'], at, problems);
    const appearsIn = strList(m['appears-in']);
    appearsIn.forEach((s, j) => checkState(s, states, [...at, 'appears-in', j], problems));
    const first = new Map<number, string>();
    for (const [code, state] of Object.entries(isObj(m.first) ? m.first : {})) {
      const n = Number(code);
      if (!codes.includes(n))
        problems.add(
          [...at, 'first', Number.isNaN(n) ? code : n],
          `first code ${code} is not in the operation's x-response-codes (${codes.join(', ')}). Fix: remove it, or list it in the contract.`,
        );
      if (typeof state === 'string') checkState(state, states, [...at, 'first', n], problems);
      first.set(n, String(state));
    }
    const when = isObj(m.when)
      ? (Object.fromEntries(
          Object.entries(m.when).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v)),
        ) as Record<string, Scalar>)
      : {};
    return [{mode: required(m, 'mode', at, problems, 'the mode name (IMPS, NEFT, all ...)'), when, first, appearsIn}];
  });
}

function parseWindow(
  raw: unknown,
  ctx: BehaviourContext,
  at: YamlPath,
  problems: Problems,
): Record<string, WindowSpec> | undefined {
  if (!isObj(raw)) return undefined;
  const out: Record<string, WindowSpec> = {};
  for (const [mode, w] of Object.entries(raw)) {
    if (!isObj(w)) continue;
    const wAt = [...at, 'window', mode];
    unknownKeys(w, ['within', 'fact'], wAt, problems);
    const fact = required(w, 'fact', wAt, problems, 'the id of the fact in openapi/facts/ that states the window');
    if (fact && !ctx.facts.has(fact))
      problems.add(
        [...wAt, 'fact'],
        `fact ${fact} is not an id of openapi/facts/. Fix: record it there with its source${closest(fact, ctx.facts).length ? `, or use ${closest(fact, ctx.facts).join(', ')}` : ''}.`,
      );
    out[mode] = {within: required(w, 'within', wAt, problems, 'the window as its source words it'), fact};
  }
  return out;
}

function parseTransitions(
  raw: unknown,
  states: Readonly<Record<string, StateSpec>>,
  ctx: BehaviourContext,
  path: YamlPath,
  problems: Problems,
): TransitionSpec[] {
  return (Array.isArray(raw) ? raw : []).flatMap((t: unknown, i): TransitionSpec[] => {
    const at = [...path, 'transitions', i];
    if (!isObj(t)) return [];
    unknownKeys(t, ['from', 'to', 'webhook', 'window', 'modes'], at, problems);
    const from = required(t, 'from', at, problems, 'the state it leaves');
    const to = required(t, 'to', at, problems, 'the state it reaches');
    if (from) checkState(from, states, [...at, 'from'], problems);
    if (to) checkState(to, states, [...at, 'to'], problems);
    if (typeof t.webhook !== 'boolean')
      problems.add(
        [...at, 'webhook'],
        'say whether the change sends a webhook. Fix: "webhook: true" or "webhook: false".',
      );
    if (states[from]?.final && !isObj(t.window))
      problems.add(
        at,
        `${from} is final, so ${from} -> ${to} is a later change that needs its bounded window per mode. Fix: add "window:" with within and fact.`,
      );
    const window = parseWindow(t.window, ctx, at, problems);
    const modes = strList(t.modes);
    return [{from, to, webhook: t.webhook === true, ...(window ? {window} : {}), ...(modes.length ? {modes} : {})}];
  });
}

function parseMoneyBack(
  raw: unknown,
  states: Readonly<Record<string, StateSpec>>,
  ctx: BehaviourContext,
  path: YamlPath,
  problems: Problems,
): MoneyBackSpec[] {
  return (Array.isArray(raw) ? raw : []).flatMap((m: unknown, i): MoneyBackSpec[] => {
    const at = [...path, 'money-back', i];
    if (!isObj(m)) return [];
    unknownKeys(m, ['state', 'to', 'when', 'confirmed-by', 'fact', 'fields', 'webhook'], at, problems);
    const state = required(m, 'state', at, problems, 'the state that returns money');
    if (state) checkState(state, states, [...at, 'state'], problems);
    const fact = str(m.fact);
    if (fact && !ctx.facts.has(fact))
      problems.add(
        [...at, 'fact'],
        `fact ${fact} is not an id of openapi/facts/. Fix: record it there with its source.`,
      );
    const webhook = str(m.webhook);
    if (webhook && !ctx.webhooks.has(webhook))
      problems.add(
        [...at, 'webhook'],
        `webhook ${webhook} is not a webhook of the contract. Fix: use one of ${closest(webhook, ctx.webhooks).join(', ') || 'the webhooks of openapi/families/'}, or leave it out.`,
      );
    return [
      {
        state,
        to: required(m, 'to', at, problems, 'where the money goes'),
        when: required(m, 'when', at, problems, 'when it goes back'),
        confirmedBy: required(m, 'confirmed-by', at, problems, 'what confirms it'),
        ...(fact ? {fact} : {}),
        fields: strList(m.fields),
        ...(webhook ? {webhook} : {}),
      },
    ];
  });
}

const num = (v: unknown): number => (typeof v === 'number' ? v : NaN);

/** Parses shared.yaml: the shared numbers (polling, retries, acknowledgement, retention). */
export function parseCommon(file: string, text: string): {common?: CommonBehaviour; problems: string[]} {
  const yaml = new ScenarioYaml(file, text);
  if (yaml.parseErrors.length) return {problems: yaml.parseErrors};
  const problems = new Problems(yaml);
  const raw = isObj(yaml.value) ? yaml.value : {};
  unknownKeys(raw, ['polling', 'retries', 'ack', 'retention'], [], problems);
  const polling = isObj(raw.polling) ? raw.polling : {};
  const retries = isObj(raw.retries) ? raw.retries : {};
  const ack = isObj(raw.ack) ? raw.ack : {};
  const retention = isObj(raw.retention) ? raw.retention : {};
  unknownKeys(
    polling,
    ['first-after-seconds', 'every-seconds', 'fast-for-minutes', 'then-every-minutes'],
    ['polling'],
    problems,
  );
  unknownKeys(retries, ['after-minutes'], ['retries'], problems);
  unknownKeys(ack, ['within-seconds'], ['ack'], problems);
  unknownKeys(retention, ['days'], ['retention'], problems);
  const common: CommonBehaviour = {
    file,
    polling: {
      firstAfterSeconds: num(polling['first-after-seconds']),
      everySeconds: num(polling['every-seconds']),
      fastForMinutes: num(polling['fast-for-minutes']),
      thenEveryMinutes: num(polling['then-every-minutes']),
    },
    retryAfterMinutes: Array.isArray(retries['after-minutes']) ? retries['after-minutes'].map(num) : [],
    ackWithinSeconds: num(ack['within-seconds']),
    retentionDays: num(retention.days),
    at: (path) => yaml.at(path),
  };
  const numbers: [YamlPath, number][] = [
    [['polling', 'first-after-seconds'], common.polling.firstAfterSeconds],
    [['polling', 'every-seconds'], common.polling.everySeconds],
    [['polling', 'fast-for-minutes'], common.polling.fastForMinutes],
    [['polling', 'then-every-minutes'], common.polling.thenEveryMinutes],
    [['ack', 'within-seconds'], common.ackWithinSeconds],
    [['retention', 'days'], common.retentionDays],
  ];
  for (const [path, n] of numbers) if (!(n > 0)) problems.add(path, `${dotted(path)} must be a positive number.`);
  if (!common.retryAfterMinutes.length || common.retryAfterMinutes.some((n) => !(n > 0)))
    problems.add(
      ['retries', 'after-minutes'],
      'retries.after-minutes must list the minutes after the first attempt, each a positive number.',
    );
  return {common, problems: problems.list};
}

/**
 * Operation id -> its status call's operation id, for every operation that has one: what the
 * request samples' client wrappers ask on no answer or code 5, instead of sending again.
 */
export function statusCalls(families: readonly FamilyBehaviour[]): Map<string, string> {
  return new Map(
    families.flatMap((f) =>
      f.operations.filter((o) => o.statusCall !== 'none').map((o) => [o.id, o.statusCall] as const),
    ),
  );
}
