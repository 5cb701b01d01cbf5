/**
 * `<BehaviourTable family>`: per operation of a family's behaviour model, its first answers and a
 * table of its states (final or not, what each can change to and within what window, webhook or
 * not, money back), as section blocks (core/contract/sections.ts) that the page renders and the
 * Markdown twin serialises. Also the code-5 line of the response-code catalogue. Pure.
 */
import {interpolate, type Labels} from '../contract/labels';
import type {Cell, ItemsSpan, SectionBlock, Span, TableRow} from '../contract/sections';
import {linkOr} from '../contract/component-sections';
import {andList, firstFact, notFoundRules, repeatFact, statesOf} from './facts';
import type {FamilyBehaviour, MoneyBackSpec, OperationBehaviour} from './model';
import {retryText} from '../contract/tree';
import type {CodeRule, Retry} from './codes';

/** What the table needs from the rest of the build: each operation's title and page, each fact's source. */
export interface BehaviourLinks {
  readonly entry: (operationId: string) => {readonly summary: string; readonly href?: string} | undefined;
  /** The first URL of a fact's `source`. */
  readonly source: (factId: string) => string | undefined;
}

/** The key of a family's table among the component sections. */
export const behaviourTableKey = (family: string): string => `BehaviourTable/${family}`;

/** Each window in which the state can still change, per mode, with its source: an empty list for none. */
function withinItems(op: OperationBehaviour, state: string, labels: Labels, links: BehaviourLinks): Cell[] {
  return op.transitions
    .filter((t) => t.from === state && t.window)
    .flatMap((t) =>
      Object.entries(t.window ?? {}).map(([mode, w]): Cell => {
        const href = links.source(w.fact);
        const source: Span[] = href
          ? [' (', {kind: 'link', text: labels['api.behaviour.source'], href, external: true}, ')']
          : [];
        return [`${mode === 'all' ? '' : `${mode}: `}${w.within}`, ...source];
      }),
    );
}

/**
 * A money-back cell as a sentence of its own ("Back to the partner wallet, ...; confirmed by ...").
 * A state whose money goes back exactly as an earlier state's says so instead of repeating it: DMT's
 * FAILED and REVERSED carried the same 90 words twice, starting in lower case (issue 34).
 */
function moneyBackText(op: OperationBehaviour, m: MoneyBackSpec, labels: Labels): string {
  const same = op.moneyBack.find((o) => o.to === m.to && o.when === m.when && o.confirmedBy === m.confirmedBy);
  if (same && same !== m) return interpolate(labels['api.behaviour.sameAs'], {state: same.state});
  return interpolate(labels['api.behaviour.backTo'], {to: m.to, when: m.when, by: m.confirmedBy});
}

function stateRow(
  op: OperationBehaviour,
  family: FamilyBehaviour,
  state: string,
  labels: Labels,
  links: BehaviourLinks,
): TableRow {
  const spec = family.states[state];
  const next = op.transitions
    .filter((t) => t.from === state)
    .map((t) => (t.modes ? `${t.to} (${t.modes.join(', ')})` : t.to));
  const reported =
    op.webhook !== 'none' &&
    (op.webhookOnFirst.includes(state) || op.transitions.some((t) => t.to === state && t.webhook));
  const back = op.moneyBack.filter((m) => m.state === state);
  const final = spec?.final
    ? labels['api.behaviour.yes']
    : spec?.finalFor?.length
      ? interpolate(labels['api.behaviour.finalFor'], {modes: andList(spec.finalFor)})
      : labels['api.behaviour.no'];
  const within = withinItems(op, state, labels, links);
  // Four columns, not six: whether the state is final goes under its meaning, and the windows of a
  // later change under the states it can change to. Six squeezed into about 500 px, the state's
  // meaning a word a line (issue 34).
  return {
    key: state,
    id: `${op.id}-${state.toLowerCase()}`,
    cells: [
      [
        {kind: 'code', text: state, strong: true},
        ...(spec ? [{kind: 'line', text: spec.meaning} as const] : []),
        {kind: 'line', text: interpolate(labels['api.behaviour.finalLine'], {final})},
      ],
      // State names as names: the page may break them after an underscore (DOCUMENTS_PENDING), so the table fits.
      [
        ...(next.length
          ? next.flatMap((text, i): Cell => [...(i ? [', '] : []), {kind: 'name', text}])
          : [labels['api.behaviour.nothing']]),
        ...(within.length ? [{kind: 'items', items: within} satisfies ItemsSpan] : []),
      ],
      webhookCell(op, state, reported, labels),
      back.length
        ? [{kind: 'items', items: back.map((m): Cell => [moneyBackText(op, m, labels)])} satisfies ItemsSpan]
        : [labels['api.behaviour.nothing']],
    ],
  };
}

/** The webhooks sent on reaching `state`: the operation's state webhook, and a money-back entry's own (a wallet credit). */
function webhookCell(op: OperationBehaviour, state: string, reported: boolean, labels: Labels): Cell {
  const names = [
    ...(reported ? [op.webhook] : []),
    ...op.moneyBack.flatMap((m) => (m.state === state && m.webhook ? [m.webhook] : [])),
  ];
  return names.length
    ? names.flatMap((text, i): Cell => [...(i ? [', '] : []), {kind: 'name', text}])
    : [labels['api.behaviour.no']];
}

/** The blocks of one operation: its title (when the family has several), first answers, table, repeat rule. */
function operationBlocks(
  op: OperationBehaviour,
  family: FamilyBehaviour,
  labels: Labels,
  links: BehaviourLinks,
  titled: boolean,
): SectionBlock[] {
  const entry = links.entry(op.id);
  return [
    ...(titled
      ? [
          {
            kind: 'text',
            cell: [linkOr(entry?.summary ?? op.id, entry?.href), ' ', {kind: 'code', text: op.id}],
          } as const,
        ]
      : []),
    {kind: 'paragraph', text: interpolate(labels['api.behaviour.firstAnswers'], {text: firstFact(op, family)})},
    {
      kind: 'table',
      wide: true,
      stack: true,
      look: 'states',
      head: [
        labels['api.behaviour.state'],
        labels['api.behaviour.next'],
        labels['api.behaviour.webhook'],
        labels['api.behaviour.moneyBack'],
      ],
      rows: statesOf(op, family).map((s) => stateRow(op, family, s, labels, links)),
    },
    ...(op.webhook === 'none'
      ? [{kind: 'paragraph', text: interpolate(labels['api.behaviour.noWebhook'], {learn: op.learn ?? ''})} as const]
      : []),
    {kind: 'paragraph', text: repeatFact(op)},
  ];
}

/** <BehaviourTable family>: no heading of its own (the overview page writes "What can happen to a ..."). */
export function behaviourBlocks(family: FamilyBehaviour, labels: Labels, links: BehaviourLinks): SectionBlock[] {
  if (!family.movesMoney) return [{kind: 'paragraph', text: family.reason ?? ''}];
  return family.operations.flatMap((op) => operationBlocks(op, family, labels, links, family.operations.length > 1));
}

/** The anchor of the table of how code 5 resolves per family, under the catalogue (/ResponseCode). */
export const CODE5_ANCHOR = 'code-5-by-family';

/** Each family (and operation, where a family has several) whose operations list code 5, with how it resolves. */
function code5Rows(
  families: readonly FamilyBehaviour[],
  labels: Labels,
  label: (family: string) => string,
): TableRow[] {
  return families.flatMap((f) => {
    const resolving = f.operations.filter((op) => op.resolves5By);
    return resolving.map((op): TableRow => ({
      key: op.id,
      cells: [
        [`${label(f.family)}${resolving.length > 1 ? ` (${op.id})` : ''}`],
        [
          op.resolves5By === 'webhook'
            ? interpolate(labels['api.behaviour.byWebhook'], {webhook: op.webhook})
            : interpolate(labels['api.behaviour.byStatus'], {status: op.statusCall}),
        ],
      ],
    }));
  });
}

/**
 * The code-5 line of the catalogue: a link to the table of how each family resolves it
 * (code5Blocks). The table once sat in the cell, a 13-item list that made the row about 1,500 px
 * tall in a narrow column (issue 34); under the catalogue it spans the page's width.
 */
export function code5Cell(
  families: readonly FamilyBehaviour[],
  labels: Labels,
  label: (family: string) => string,
): Cell {
  return code5Rows(families, labels, label).length
    ? [' ', {kind: 'link', text: labels['api.behaviour.codeFive'], href: `#${CODE5_ANCHOR}`}]
    : [];
}

/** Under the catalogue: for each family whose operations list code 5, whether it resolves by webhook or by status call (`resolves-5-by`). */
export function code5Blocks(
  families: readonly FamilyBehaviour[],
  labels: Labels,
  label: (family: string) => string,
): SectionBlock[] {
  const rows = code5Rows(families, labels, label);
  return rows.length
    ? [
        {kind: 'heading', depth: 2, text: labels['api.behaviour.codeFiveHeading'], id: CODE5_ANCHOR},
        {
          kind: 'table',
          head: [labels['api.behaviour.codeFiveFamily'], labels['api.behaviour.codeFiveResolves']],
          rows,
        },
      ]
    : [];
}

/**
 * The code-7 line of the catalogue: from when a status call's 7 is final (`not-found` in the model;
 * core/behaviour/facts.ts `notFoundRules`). One line when every status call has the same bound, the
 * usual case (each status page says its own with `<Fact id="<status-call>.not-found" />`); else one
 * item per bound, naming its status calls.
 */
export function code7Cell(families: readonly FamilyBehaviour[], labels: Labels): Cell {
  const byBound = new Map<number, string[]>();
  for (const [call, rule] of notFoundRules(families))
    byBound.set(rule.seconds, [...(byBound.get(rule.seconds) ?? []), call]);
  const line = (seconds: number): string =>
    interpolate(labels['api.behaviour.notFoundAfter'], {seconds: String(seconds)});
  const [only, ...others] = [...byBound];
  if (!only) return [];
  if (!others.length) return [{kind: 'line', text: line(only[0])}];
  return [
    {
      kind: 'items',
      items: [...byBound].map(([seconds, calls]): Cell => [
        ...calls.flatMap((c, i): Span[] => [...(i ? [', '] : []), {kind: 'code', text: c}]),
        `: ${line(seconds)}`,
      ]),
    },
  ];
}

/**
 * The retry cell of a catalogue code whose rule differs by operation (core/behaviour/codes.ts): each
 * rule that fewer operations have, with those operations linked, then the most common rule for
 * "every other operation".
 */
export function retryByOperationCell(
  rules: readonly CodeRule[],
  code: number,
  labels: Labels,
  entry: BehaviourLinks['entry'],
): Cell {
  const groups = new Map<Retry, string[]>();
  for (const r of rules.filter((x) => x.code === code))
    groups.set(r.retry, [...(groups.get(r.retry) ?? []), r.operation]);
  const sorted = [...groups].sort((a, b) => a[1].length - b[1].length);
  const items = sorted.map(([retry, ops], i): Cell => {
    const label: Span = {kind: 'retry', retry, text: retryText(retry, labels)};
    if (i === sorted.length - 1 && sorted.length > 1) return [label, `: ${labels['api.catalogue.otherOperations']}`];
    return [
      label,
      ': ',
      ...ops.flatMap((id, j): Span[] => {
        const e = entry(id);
        return [...(j ? [', '] : []), linkOr(e?.summary ?? id, e?.href)];
      }),
    ];
  });
  return items.length
    ? [
        {kind: 'line', text: labels['api.catalogue.byOperation']},
        {kind: 'items', items},
      ]
    : [];
}
