/**
 * What a `response_code` means for one operation (issue 32, 1), derived from the behaviour model
 * (openapi/behaviour/) and each operation's `x-response-codes`: what the answer created (a
 * transaction in which state, or nothing), whether money moved, what a repeat of the same identity
 * (`referenceid`) answers, and the retry rule in the catalogue's four words. The one source of
 * these rules: the operation pages' code tables, /ResponseCode, the intro's codes, certify's client
 * checks and the MCP tool all read this table, and the catalogue (openapi/response-codes.yaml)
 * keeps only what is true for every operation (`catalogueProblems` holds it to that). Pure.
 */
import {articleOf} from './checks';
import {andList} from './facts';
import type {FamilyBehaviour, Money, OperationBehaviour} from './model';

export type Retry = 'safe' | 'new-ref' | 'status' | 'no';

/**
 * What the answer did: `created` a transaction (or, for an operation whose transactions are made
 * elsewhere, the session or id it opens), `repeat` (the identity was seen: the original answers),
 * `done` (an operation that makes no transaction did what it was asked), `refused` (nothing was
 * created), `unknown` (an internal error: the status call says whether anything was created).
 */
export type Outcome = 'created' | 'repeat' | 'done' | 'refused' | 'unknown';

/** Where the money is after the answer; `original`: this request moved nothing, the original's `data` says. */
export type CodeMoney = Money | 'original';

export interface CreatedState {
  /** The modes that answer this code with this state (`all` when the operation has one mode). */
  readonly modes: readonly string[];
  readonly state: string;
  readonly final: boolean;
}

export interface CodeRule {
  readonly operation: string;
  /** The contract tag of the operation. */
  readonly family: string;
  readonly code: number;
  readonly name: string;
  readonly outcome: Outcome;
  /** With `created`: the state per mode; empty for what is not a transaction of the model. */
  readonly states: readonly CreatedState[];
  readonly money: CodeMoney;
  /** What a repeat of the same identity answers, as a sentence ('' for an operation without one). */
  readonly repeat: string;
  readonly retry: Retry;
  /** One or two sentences for this operation: what the answer created and whether money moved. */
  readonly meaning: string;
}

/** What the derivation needs of the catalogue (openapi/response-codes.yaml). */
export interface CatalogueEntry {
  readonly code: number;
  readonly name: string;
  readonly meaning: string;
  /** Absent where the rule differs by operation: then only this table states it. */
  readonly retry?: Retry;
  readonly common?: boolean;
}

/** What the derivation needs of the contract: each operation's tag and listed codes. */
export interface ContractOperation {
  readonly id: string;
  readonly family: string;
  readonly codes: readonly number[];
}

/** From the safest to the most cautious: where modes disagree, the most cautious word holds. */
const CAUTION: readonly Retry[] = ['safe', 'no', 'new-ref', 'status'];
const cautious = (rules: readonly Retry[]): Retry =>
  rules.reduce<Retry>((a, b) => (CAUTION.indexOf(b) > CAUTION.indexOf(a) ? b : a), 'safe');

const MONEY_WORDS: Readonly<Record<CodeMoney, string>> = {
  moved: 'money moved',
  held: 'the money is taken but not delivered yet',
  unknown: 'whether money moved is not known yet',
  none: 'no money moved',
  original: 'this request moved no money; `data` says whether the original did',
};

export const moneyWords = (money: CodeMoney): string => MONEY_WORDS[money];

/**
 * The retry rule of a state a request is first answered in: an open transaction is followed, never
 * started again; a final one that moved money may be repeated (the repeat answers it); a final
 * one that moved none is spent, so a new attempt needs a new identity.
 */
export function retryOfState(final: boolean, money: Money): Retry {
  if (!final) return 'status';
  return money === 'moved' ? 'safe' : 'new-ref';
}

/** The states a code answers first, grouped by state over the modes. */
function createdStates(op: OperationBehaviour, family: FamilyBehaviour, code: number): CreatedState[] {
  const byState = new Map<string, string[]>();
  for (const m of op.modes) {
    const state = m.first.get(code);
    if (state) byState.set(state, [...(byState.get(state) ?? []), m.mode]);
  }
  return [...byState].map(([state, modes]) => ({modes, state, final: family.states[state]?.final === true}));
}

/** Where a first answer in `state` leaves the money for this operation. */
function moneyOf(op: OperationBehaviour, family: FamilyBehaviour, state: string): Money {
  if (!op.movesMoney) return 'none';
  return op.firstMoney[state] ?? family.states[state]?.money ?? 'unknown';
}

const identityWords = (op: OperationBehaviour | undefined): string =>
  op?.identity.length ? andList(op.identity.map((f) => `\`${f}\``)) : 'the same request';

function createdRule(
  op: OperationBehaviour,
  family: FamilyBehaviour,
  states: readonly CreatedState[],
): Pick<CodeRule, 'money' | 'retry' | 'meaning' | 'repeat'> {
  const monies = [...new Set(states.map((s) => moneyOf(op, family, s.state)))];
  const money: Money = monies.length === 1 ? (monies[0] as Money) : 'unknown';
  // The state's own money decides the rule, even for a call that moves none (a balance enquiry
  // answered SUCCESS was done; answered FAILED, a new attempt needs a new identity).
  const retry = cautious(
    states.map((s) => retryOfState(s.final, op.firstMoney[s.state] ?? family.states[s.state]?.money ?? 'unknown')),
  );
  const where = states
    .map((s) => (s.modes.includes('all') ? `\`${s.state}\`` : `\`${s.state}\` (${andList(s.modes)})`))
    .join(', or ');
  const open = states.some((s) => !s.final);
  return {
    money,
    retry,
    meaning: `${capital(articleOf(family.thing))} ${family.thing} was created in ${where}${open ? ', not final' : ''}: ${moneyWords(money)}.`,
    repeat: repeatAnswers(op),
  };
}

/** "A repeat of the same `referenceid` answers code 4 with ...". */
const repeatAnswers = (op: OperationBehaviour): string =>
  `A repeat of the same ${identityWords(op)} answers code ${op.repeat.code} with ${op.repeat.answers}.`;

const capital = (s: string): string => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

/** A refusal's rule: the catalogue's word; `new-ref` would say something was created, so it reads as `no`. */
const refusalRetry = (entry: CatalogueEntry): Retry => (entry.retry && entry.retry !== 'new-ref' ? entry.retry : 'no');

/** The rule of one code of one operation. */
export function codeRule(
  operation: ContractOperation,
  entry: CatalogueEntry,
  model: {op: OperationBehaviour; family: FamilyBehaviour} | undefined,
): CodeRule {
  const base = {operation: operation.id, family: operation.family, code: entry.code, name: entry.name};
  const op = model?.op;
  const ident = identityWords(op);
  const states = model ? createdStates(model.op, model.family, entry.code) : [];
  if (model && states.length)
    return {...base, outcome: 'created', states, ...createdRule(model.op, model.family, states)};
  if (op && entry.code === op.repeat.code)
    return {
      ...base,
      outcome: op.madeIn ? 'created' : 'repeat',
      states: [],
      money: op.madeIn ? 'none' : 'original',
      retry: 'safe',
      meaning: op.madeIn
        ? `${capital(op.madeIn.split(',')[0] as string)} is open, or was already; no money moved by this call.`
        : `${capital(ident)} was seen before: \`data\` holds the original as it stands now; nothing was executed twice.`,
      repeat: op.madeIn ? repeatAnswers(op) : '',
    };
  if (op?.madeIn && entry.code === 1)
    return {
      ...base,
      outcome: 'created',
      states: [],
      money: 'none',
      retry: 'safe',
      meaning: `Opened ${op.madeIn}; no money moved by this call.`,
      repeat: repeatAnswers(op),
    };
  if (entry.retry === 'status')
    return {
      ...base,
      outcome: 'unknown',
      states: [],
      money: 'unknown',
      retry: 'status',
      meaning: `${entry.meaning} Whether anything was created is not known: the status call says.`,
      repeat: op
        ? `A repeat of the same ${ident} answers code ${op.repeat.code} if the first was created, and is answered afresh if not: ask the status call before sending it again.`
        : '',
    };
  if (entry.code === 1)
    return {
      ...base,
      outcome: 'done',
      states: [],
      money: 'none',
      retry: entry.retry ?? 'safe',
      meaning: `${entry.meaning} No transaction is made, and no money moves.`,
      repeat: '',
    };
  if (entry.code === 4)
    return {
      ...base,
      outcome: 'repeat',
      states: [],
      money: 'original',
      retry: 'safe',
      meaning: entry.meaning,
      repeat: '',
    };
  return {
    ...base,
    outcome: 'refused',
    states: [],
    money: 'none',
    retry: refusalRetry(entry),
    meaning: `${entry.meaning} Nothing was created and no money moved.`,
    repeat: op
      ? `A repeat of the same ${ident} is answered afresh: once the cause is fixed, it may be sent again.`
      : '',
  };
}

/** The row's words for a page or a tool: what the answer did, then what a repeat answers. */
export const ruleText = (rule: Pick<CodeRule, 'meaning' | 'repeat'>): string =>
  rule.repeat ? `${rule.meaning} ${rule.repeat}` : rule.meaning;

/** The behaviour model's operation of each operation id (an operation modelled twice keeps its first). */
function modelled(
  families: readonly FamilyBehaviour[],
): Map<string, {op: OperationBehaviour; family: FamilyBehaviour}> {
  const out = new Map<string, {op: OperationBehaviour; family: FamilyBehaviour}>();
  for (const family of families) for (const op of family.operations) if (!out.has(op.id)) out.set(op.id, {op, family});
  return out;
}

/**
 * The whole table: every operation's listed codes and the common ones every operation returns, in
 * code order. A listed code the catalogue lacks is the contract check's to report; it is skipped here.
 */
export function deriveCodeRules(
  families: readonly FamilyBehaviour[],
  catalogue: readonly CatalogueEntry[],
  operations: readonly ContractOperation[],
): CodeRule[] {
  const byCode = new Map(catalogue.map((c) => [c.code, c]));
  const common = catalogue.filter((c) => c.common).map((c) => c.code);
  const models = modelled(families);
  return operations.flatMap((operation) =>
    [...new Set([...operation.codes, ...common])]
      .sort((a, b) => a - b)
      .flatMap((code) => {
        const entry = byCode.get(code);
        return entry ? [codeRule(operation, entry, models.get(operation.id))] : [];
      }),
  );
}

/** The rules of one operation, by code. */
export const rulesOf = (rules: readonly CodeRule[], operation: string): CodeRule[] =>
  rules.filter((r) => r.operation === operation);

/**
 * The catalogue keeps a retry word only where every operation that returns the code derives that
 * word, and omits it only where they differ (then /ResponseCode shows it per family): each mismatch
 * names the catalogue's line, an operation that disagrees and the fix.
 */
export function catalogueProblems(
  rules: readonly CodeRule[],
  catalogue: readonly CatalogueEntry[],
  at: (code: number) => string,
): string[] {
  return catalogue.flatMap((entry) => {
    const mine = rules.filter((r) => r.code === entry.code);
    if (!mine.length) return [];
    const words = [...new Set(mine.map((r) => r.retry))];
    if (entry.retry === undefined)
      return words.length === 1
        ? [
            `${at(entry.code)}: code ${entry.code} has no retry, yet every operation that returns it derives "${words[0]}". Fix: write "retry: ${words[0]}" in the catalogue.`,
          ]
        : [];
    const other = mine.find((r) => r.retry !== entry.retry);
    return other
      ? [
          `${at(entry.code)}: code ${entry.code} says retry "${entry.retry}", but for ${other.operation} it is "${other.retry}" (${other.outcome}: ${other.meaning}). Fix: remove "retry" from the catalogue (the rule then shows per operation), or change the behaviour model (openapi/behaviour/${other.family}.yaml).`,
        ]
      : [];
  });
}

/** Per family, the retry words of one code where they differ by operation: /ResponseCode's breakdown. */
export function retryByFamily(
  rules: readonly CodeRule[],
  code: number,
): {family: string; retry: Retry; operations: string[]}[] {
  const out = new Map<string, {family: string; retry: Retry; operations: string[]}>();
  for (const r of rules.filter((x) => x.code === code)) {
    const key = `${r.family}|${r.retry}`;
    const row = out.get(key) ?? {family: r.family, retry: r.retry, operations: []};
    row.operations.push(r.operation);
    out.set(key, row);
  }
  return [...out.values()];
}

/** The retry rule as a sentence, with the operation's identity (`referenceid`, `transfer_id`). */
export function retrySentence(retry: Retry, ident: string): string {
  switch (retry) {
    case 'safe':
      return `Sending it again with the same ${ident} is safe: it is answered afresh, or with the original.`;
    case 'new-ref':
      return `A new attempt needs a new ${ident}; this one answers code 4 with the failed transaction.`;
    case 'status':
      return `Never send it again: ask the status call with the same ${ident}.`;
    case 'no':
      return `Fix the cause first; nothing was created, so the fixed request may carry the same ${ident}.`;
  }
}

/**
 * The `<Fact>` texts of the code table (ids `<op>.code.<N>` for each modelled operation, and
 * `codes.money-moving`, the intro's summary of codes 1, 2, 3 and 5 over the calls that move money,
 * and `codes.retry.<N>`, one code's retry rule over every call),
 * so a page states what a code means through the table, never by hand (the prose lint holds it).
 */
export function codeFacts(rules: readonly CodeRule[], families: readonly FamilyBehaviour[]): Record<string, string> {
  const models = modelled(families);
  const out: Record<string, string> = {};
  for (const r of rules) {
    const model = models.get(r.operation);
    // An operation outside the model has no identity to repeat: its code's meaning alone.
    out[`${r.operation}.code.${r.code}`] = model
      ? `${r.meaning} ${retrySentence(r.retry, identityWords(model.op))}`
      : r.meaning;
  }
  for (const [id, model] of models) {
    const refused = rules
      .filter((r) => r.operation === id && r.outcome === 'refused' && r.retry === 'no')
      .map((r) => String(r.code));
    if (refused.length)
      out[`${id}.refusals`] =
        `${refused.length > 1 ? `Codes ${andList(refused)} are refusals` : `Code ${refused[0] ?? ''} is a refusal`}: nothing was created and no money moved. ${retrySentence('no', identityWords(model.op))}`;
  }
  out['codes.money-moving'] = moneyMovingFact(rules, models);
  for (const code of new Set(rules.map((r) => r.code))) {
    const fact = retryFact(rules, models, code);
    if (fact) out[`codes.retry.${code}`] = fact;
  }
  return out;
}

/**
 * `codes.retry.<N>`: the retry rule of one code, for a page about every call at once (the client
 * wrapper's, which turns to the status call on a 5), where every operation that answers the code
 * derives the same word and repeats an identity: "Code 5, from any of the 6 calls that answer it:
 * Never send it again: ask the status call with the same `referenceid`." Other codes differ by
 * operation, and their pages say them per operation (`<op>.code.<N>`).
 */
function retryFact(
  rules: readonly CodeRule[],
  models: ReadonlyMap<string, {op: OperationBehaviour; family: FamilyBehaviour}>,
  code: number,
): string | undefined {
  const mine = rules.filter((r) => r.code === code);
  const words = new Set(mine.map((r) => r.retry));
  const identities = new Set(mine.map((r) => identityWords(models.get(r.operation)?.op)));
  const [retry] = words;
  const [ident] = identities;
  if (words.size !== 1 || identities.size !== 1 || !retry || !ident || !models.has(mine[0]?.operation ?? '')) return;
  const calls =
    mine.length === 1 ? 'from the one call that answers it' : `from any of the ${mine.length} calls that answer it`;
  return `Code ${code}, ${calls}: ${retrySentence(retry, ident)}`;
}

/** Codes 1, 2, 3 and 5 over the calls that make money-moving transactions, grouped by what they mean. */
function moneyMovingFact(
  rules: readonly CodeRule[],
  models: ReadonlyMap<string, {op: OperationBehaviour; family: FamilyBehaviour}>,
): string {
  // Per operation, the codes of each meaning; then operations whose codes mean the same are one clause.
  const perOp = new Map<string, {codes: number[]; rule: CodeRule; ident: string}>();
  for (const r of rules) {
    const op = models.get(r.operation)?.op;
    if (!op?.movesMoney || op.madeIn || r.outcome !== 'created' || ![1, 2, 3, 5].includes(r.code)) continue;
    const key = `${r.operation}|${r.retry}|${r.money}`;
    const entry = perOp.get(key) ?? {codes: [], rule: r, ident: identityWords(op)};
    entry.codes.push(r.code);
    perOp.set(key, entry);
  }
  const groups = new Map<string, {codes: number[]; ops: string[]; rule: CodeRule; ident: string}>();
  for (const e of perOp.values()) {
    const key = `${e.codes.join(',')}|${e.rule.retry}|${e.rule.money}|${e.ident}`;
    const g = groups.get(key) ?? {codes: e.codes, ops: [], rule: e.rule, ident: e.ident};
    g.ops.push(e.rule.operation);
    groups.set(key, g);
  }
  return [...groups.values()]
    .sort((a, b) => a.codes.join().localeCompare(b.codes.join()))
    .map(
      (g) =>
        `${capital(
          andList(
            g.codes.map((c) => `code ${c}`),
            'or',
          ),
        )} from ${andList(g.ops.map((id) => `\`${id}\``))}: ${moneyWords(g.rule.money)}. ${retrySentence(g.rule.retry, g.ident)}`,
    )
    .join(' ');
}
