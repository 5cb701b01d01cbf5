/**
 * The words `<Fact id="..." />` puts in a page (ids in /work/briefs/facts-vocab22.md, listed for
 * writers by `npm run behaviour:facts`): a sentence generated from the behaviour model or a domain
 * fact's own text, so prose states behaviour without restating it by hand. Plain text with `code`
 * spans; the remark plugin parses it as Markdown at build time, so the page, its twin and the
 * search index all get the same words.
 */
import type {CommonBehaviour, FamilyBehaviour, ModeSpec, OperationBehaviour} from './model';

/** "a, b and c" */
export function andList(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1) as string}`;
}

/** "1 (SUCCESS), 2 or 5 (PROCESSING) or 3 (FAILED)": codes grouped by the state they answer. */
export function firstAnswers(mode: ModeSpec): string {
  const byState = new Map<string, number[]>();
  for (const [code, state] of mode.first) byState.set(state, [...(byState.get(state) ?? []), code]);
  return andList(
    [...byState].map(([state, codes]) => `${andList(codes.map(String), 'or')} (${state})`),
    'or',
  );
}

/** The first answers of one mode, with "never final" where none of them is. */
function firstOfMode(mode: ModeSpec, family: FamilyBehaviour): string {
  const final = [...mode.first.values()].some((s) => family.states[s]?.final);
  return `${firstAnswers(mode)}${final ? '' : ', never final'}`;
}

/** `<op>.first`: modes that answer alike share one clause. */
export function firstFact(op: OperationBehaviour, family: FamilyBehaviour): string {
  if (op.madeIn)
    // Modes may share a state (DMT's all modes appear as PENDING): each state is named once, or the
    // sentence read "PENDING or PENDING" (issue 34).
    return `Made in ${op.madeIn}; first reported as ${andList(
      [...new Set(op.modes.flatMap((m) => m.appearsIn))],
      'or',
    )}.`;
  const groups = new Map<string, string[]>();
  for (const m of op.modes) {
    const text = firstOfMode(m, family);
    groups.set(text, [...(groups.get(text) ?? []), m.mode]);
  }
  const clauses = [...groups].map(([text, modes]) =>
    modes.includes('all') ? `the first answer is ${text}` : `${andList(modes)} requests answer ${text}`,
  );
  const sentence = clauses.join('; ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}. Any other code is a refusal: nothing was created.`;
}

/** `<op>.first.<MODE>` */
export function firstModeFact(mode: ModeSpec, family: FamilyBehaviour): string {
  if (!mode.first.size)
    return `${mode.mode === 'all' ? 'First' : `In ${mode.mode}, first`} reported as ${andList([...new Set(mode.appearsIn)], 'or')}.`;
  return `${mode.mode === 'all' ? 'The first answer is' : `${mode.mode} requests answer`} ${firstOfMode(mode, family)}.`;
}

/** The states the operation can be in: its first answers, the transitions' ends, in the file's order. */
export function statesOf(op: OperationBehaviour, family: FamilyBehaviour): string[] {
  const used = new Set([
    ...op.modes.flatMap((m) => [...m.first.values(), ...m.appearsIn]),
    ...op.transitions.flatMap((t) => [t.from, t.to]),
  ]);
  return Object.keys(family.states).filter((s) => used.has(s));
}

/** `<op>.reversal`: the windows of the changes out of a final state, per mode. */
export function reversalFact(op: OperationBehaviour, family: FamilyBehaviour): string {
  const later = op.transitions.filter((t) => family.states[t.from]?.final);
  if (!later.length) return 'No final state changes later.';
  return `${later
    .map(
      (t) =>
        `${t.from} can still become ${t.to} (${Object.entries(t.window ?? {})
          .map(([mode, w]) => (mode === 'all' ? w.within : `${mode}: ${w.within}`))
          .join('; ')})`,
    )
    .join('. ')}.`;
}

/** `<op>.final` */
export function finalFact(op: OperationBehaviour, family: FamilyBehaviour): string {
  const states = statesOf(op, family);
  const final = states.filter((s) => family.states[s]?.final);
  const endsIn = states.filter((s) => family.states[s]?.finalFor?.length);
  const ends = endsIn.map((s) => ` ${s} is where ${andList(family.states[s]?.finalFor ?? [])} ends.`).join('');
  const later = op.transitions.filter((t) => family.states[t.from]?.final);
  const verb = final.length === 1 ? 'is' : 'are';
  const rest = later.length ? `, except that ${reversalFact(op, family)}` : '.';
  return `${andList(final)} ${verb} final: once there, a transaction does not change${rest}${ends}`;
}

/** `<op>.webhook` */
export function webhookFact(op: OperationBehaviour): string {
  const credits = op.moneyBack
    .filter((m) => m.webhook)
    .map((m) => ` \`${m.webhook}\` reports the money coming back on ${m.state}.`)
    .join('');
  if (op.webhook === 'none')
    return `Sends no webhook${credits ? ' of its state' : ''}.${credits} ${op.learn ?? ''}`.trim();
  const changes = op.transitions.filter((t) => t.webhook).map((t) => `${t.from} → ${t.to}`);
  const parts = [
    ...(changes.length ? [`the changes ${andList(changes)}`] : []),
    ...(op.webhookOnFirst.length ? [`a first answer of ${andList(op.webhookOnFirst, 'or')}`] : []),
  ];
  return `\`${op.webhook}\` reports ${parts.join(', and ') || 'nothing'}.${credits}${op.statusCall !== 'none' ? ` The status call \`${op.statusCall}\` reports the state at any time.` : ''}`;
}

/** `<op>.money-back` */
export function moneyBackFact(op: OperationBehaviour): string {
  if (!op.moneyBack.length) return 'No money goes back: nothing is taken that a later state returns.';
  return op.moneyBack.map((m) => `On ${m.state}: back to ${m.to}, ${m.when}; confirmed by ${m.confirmedBy}.`).join(' ');
}

/** `<op>.repeat` */
export function repeatFact(op: OperationBehaviour): string {
  const identity = andList(op.identity.map((f) => `\`${f}\``)) || 'The identity';
  return `${identity} must be unique across ${op.repeat.scope}. A repeat answers code ${op.repeat.code} with ${op.repeat.answers}.`;
}

/** Per status call that looks a transaction up by `referenceid`: from how many seconds its 7 is final, and for which operations. */
export function notFoundRules(
  families: readonly FamilyBehaviour[],
): Map<string, {seconds: number; operations: string[]}> {
  const out = new Map<string, {seconds: number; operations: string[]}>();
  for (const op of families.flatMap((f) => f.operations)) {
    if (!op.notFound) continue;
    const rule = out.get(op.statusCall) ?? {seconds: op.notFound.finalAfterSeconds, operations: []};
    // One rule per status call: checks.ts `notFoundProblems` names operations that disagree; the longest bound is the safe one.
    out.set(op.statusCall, {
      seconds: Math.max(rule.seconds, op.notFound.finalAfterSeconds),
      operations: [...rule.operations, op.id],
    });
  }
  return out;
}

/** `<status-call>.not-found`: when that call's `response_code` 7 is final. */
export function notFoundFact(statusCall: string, seconds: number): string {
  return (
    `\`response_code\` 7 from \`${statusCall}\` (no transaction with this \`referenceid\`) is final once ${seconds} seconds have passed since the request was sent: ` +
    `the request never reached us, nothing was created or debited, and it may be sent again with the same \`referenceid\`. ` +
    `Asked sooner, a 7 can mean the request is still on its way: ask again when the ${seconds} seconds are up.`
  );
}

/** `<op>.code-5` */
export function code5Fact(op: OperationBehaviour, common: CommonBehaviour | undefined): string {
  const status = op.statusCall !== 'none' ? `the status call \`${op.statusCall}\`` : 'the status call';
  if (op.resolves5By === 'webhook')
    return `A code 5 learns its outcome from the \`${op.webhook}\` webhook; if it has not come, ask ${status} before anything else. Never send the request again.`;
  return `A code 5 learns its outcome from ${status}${common ? ` (${pollingFact(common).replace(/\.$/, '').replace(/^C/, 'c')})` : ''}. Never send the request again.`;
}

const minutesText = (m: number): string => (m > 60 && m % 60 === 0 ? `${m / 60}` : `${m}`);

/** `shared.retries`: "1, 5, 15 and 60 minutes, then at 3, 6, ... and 24 hours after the first attempt". */
export function retriesFact(common: CommonBehaviour): string {
  const minutes = common.retryAfterMinutes.filter((m) => m <= 60);
  const hours = common.retryAfterMinutes.filter((m) => m > 60);
  const total = common.retryAfterMinutes.length + 1;
  const last = common.retryAfterMinutes.at(-1) ?? 0;
  const span = last % 60 === 0 ? `${last / 60} hours` : `${last} minutes`;
  return `A delivery that is not acknowledged is tried again ${minutes.length ? `after ${andList(minutes.map(String))} minutes` : ''}${hours.length ? `, then at ${andList(hours.map(minutesText))} hours after the first attempt` : ''}: ${total} attempts over ${span}.`;
}

/** `shared.polling` */
export function pollingFact(common: CommonBehaviour): string {
  const p = common.polling;
  return `Call status no sooner than ${p.firstAfterSeconds} seconds after a 2 or 5, then every ${p.everySeconds} seconds for ${p.fastForMinutes} minutes, then every ${p.thenEveryMinutes} minutes, and stop once the state is final.`;
}

/** `shared.ack` */
export const ackFact = (common: CommonBehaviour): string =>
  `Acknowledge a delivery with any 2xx status within ${common.ackWithinSeconds} seconds; anything else is a failed attempt.`;

/** `shared.retention` */
export const retentionFact = (common: CommonBehaviour): string =>
  `Deliveries can be listed and redelivered for ${common.retentionDays} days.`;

/** One domain fact of openapi/facts/*.yaml: its id and its text. */
export interface DomainFact {
  readonly id: string;
  readonly fact: string;
}

/** Every `<Fact>` id with its text: the model's, shared.yaml's, then the domain facts'. */
export function factTexts(
  families: readonly FamilyBehaviour[],
  common: CommonBehaviour | undefined,
  domain: readonly DomainFact[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const family of families) {
    for (const op of family.operations) {
      out[`${op.id}.first`] = firstFact(op, family);
      for (const m of op.modes) out[`${op.id}.first.${m.mode}`] = firstModeFact(m, family);
      out[`${op.id}.final`] = finalFact(op, family);
      out[`${op.id}.reversal`] = reversalFact(op, family);
      out[`${op.id}.webhook`] = webhookFact(op);
      out[`${op.id}.money-back`] = moneyBackFact(op);
      out[`${op.id}.repeat`] = repeatFact(op);
      out[`${op.id}.code-5`] = code5Fact(op, common);
      // What each state means (issue 32, 6): pages glossed payout's SUCCESS as "credited" where the
      // model says "accepted by the network", so a state's meaning comes from the model too.
      for (const state of statesOf(op, family)) out[`${op.id}.state.${state}`] = family.states[state]?.meaning ?? '';
    }
  }
  for (const [statusCall, rule] of notFoundRules(families))
    out[`${statusCall}.not-found`] = notFoundFact(statusCall, rule.seconds);
  if (common) {
    out['shared.polling'] = pollingFact(common);
    out['shared.retries'] = retriesFact(common);
    out['shared.ack'] = ackFact(common);
    out['shared.retention'] = retentionFact(common);
  }
  for (const f of domain) out[f.id] = f.fact;
  return out;
}

/** The per-operation ids, after `<op>.` (a mode's own `first.<MODE>` besides). */
export const OPERATION_FACTS = ['first', 'final', 'reversal', 'webhook', 'money-back', 'repeat', 'code-5'] as const;

/** The short list of `<Fact>` ids for CONTRIBUTING.md: the patterns, the operations, the shared and domain ids. */
export function factIdList(families: readonly FamilyBehaviour[], facts: Readonly<Record<string, string>>): string {
  const ops = families.flatMap((f) =>
    f.operations.map((op) => `\`${op.id}\` (${op.modes.map((m) => m.mode).join(', ')})`),
  );
  const shared = Object.keys(facts).filter((id) => id.startsWith('shared.'));
  const opIds = new Set(families.flatMap((f) => f.operations.map((op) => op.id)));
  // `<op>.code.<N>` of every operation and `codes.*` come from the derived code table (./codes.ts).
  const codes = Object.keys(facts).filter((id) => id.startsWith('codes.'));
  const domain = Object.keys(facts).filter(
    (id) =>
      !id.startsWith('shared.') &&
      !id.startsWith('codes.') &&
      !/\.(code\.\d+|refusals|not-found)$/.test(id) &&
      !opIds.has(id.split('.')[0] ?? ''),
  );
  return [
    `- Per operation: ${OPERATION_FACTS.map((k) => `\`<op>.${k}\``).join(', ')}, \`<op>.first.<MODE>\`, and \`<op>.state.<STATE>\` (what a state means). Operations (modes): ${ops.join(', ') || 'none yet'}.`,
    `- Per response code (every operation): \`<op>.code.<N>\`, and \`<op>.refusals\` for the operations above; across them: ${codes.map((id) => `\`${id}\``).join(', ') || 'none'}.`,
    `- Per status call, when its response_code 7 is final: ${[...notFoundRules(families).keys()].map((id) => `\`${id}.not-found\``).join(', ') || 'none'}.`,
    `- Shared: ${shared.map((id) => `\`${id}\``).join(', ') || 'none yet'}.`,
    `- Domain facts (their \`fact:\` text): ${domain.map((id) => `\`${id}\``).join(', ')}.`,
  ].join('\n');
}
