/**
 * The behaviour prose lint: what a payment does after it is sent (final states, webhooks, resends,
 * money back, retry counts, windows, T+N, what a code or a repeat answers, how often to poll, what a
 * state means) is data in openapi/behaviour/ and reaches a page through
 * `<Fact id="..." />` or the overview's `<BehaviourTable>`. A sentence that states it by hand drifts
 * from the model the day the model changes, so this lint rejects the forms such sentences recur in.
 *
 * Pure: a page's source in, findings out; the allow-list is parsed and applied here too, so the
 * tests feed both without touching the file system.
 */
import type {Link, List} from 'mdast';
import {parseYaml} from '@redocly/openapi-core';
import {SKIP, visit} from 'unist-util-visit';
import {parseMdx} from '#node/mdx-ast';
import {lineColumn, proseOf} from './prose-text';

/** The kinds of hand-written behaviour, each with the model ids that say it instead. */
export type BehaviourKind =
  | 'final'
  | 'webhook'
  | 'resend'
  | 'money-back'
  | 'retries'
  | 'window'
  | 't-plus'
  | 'code-meaning'
  | 'code-retry'
  | 'not-found'
  | 'repeat'
  | 'polling'
  | 'code-table'
  | 'state-meaning'
  | 'step-list';

export interface BehaviourFinding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly kind: BehaviourKind;
  /** The words that matched, as written (line breaks as spaces): what an allow-list entry names. */
  readonly phrase: string;
  readonly message: string;
}

/** A number written as digits or words: the windows and counts appear both ways. */
const NUM =
  '(?:\\d+(?:\\.\\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fifteen|twenty|twenty-four|thirty|sixty|ninety|a|an|a few)';
const UNIT = '(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|(?:working |business |calendar )?days?|weeks?)';

/** One rule per kind: the pattern (case-insensitive, over prose only) and the ids that replace it. */
export const BEHAVIOUR_RULES: readonly {
  readonly kind: BehaviourKind;
  readonly pattern: RegExp;
  readonly fix: string;
  /** Read the prose with inline code kept as words (`behaviourProseWithCode`). */
  readonly withCode?: true;
  /**
   * Pages and posts only, not the journeys' step prose: a journey's duplicate step says what its
   * success criteria check (`response_code` 4), and its file is held to the model by the build.
   */
  readonly pagesOnly?: true;
}[] = [
  {
    kind: 'final',
    pattern:
      /\b(?:is|are|be|becomes?|stays?|remains?)\s+(?:a\s+|the\s+|now\s+|always\s+|never\s+)?(?:final|terminal)\b|^\|[^\n]*\|\s*final\??\s*\|/gim,
    fix: '<Fact id="<op>.final" />',
  },
  {
    kind: 'webhook',
    pattern:
      /\b(?:sends?|sent|fires?|posts?|delivers?)\s+(?:a|an|no|the|one)\s+(?:[\w-]+\s+){0,2}?webhooks?\b|\bno\s+webhooks?\s+(?:is|are)\s+sent\b/gi,
    fix: '<Fact id="<op>.webhook" />',
  },
  {
    kind: 'resend',
    // Also a timeout or a lost answer followed by "send (post, call) it again" (issue 32, 1): the
    // micro-ATM update page said "if the call times out, post the same result again" against its
    // code-5 rule ("never send the request again").
    pattern:
      /\bre-?send(?:s|ing)?\b(?:(?!\n[ \t]*\n)[^.!?:]){0,80}?\s(?:if|when|on|after|once)\b|\b(?:times?\s+out|timed\s+out|no\s+answer|lost\s+connection)\b(?:(?!\n[ \t]*\n)[^.!?]){0,60}?\b(?:send|post|submit|call)\s+(?:\w+\s+){0,4}?again\b/gi,
    fix: '<Fact id="<op>.code-5" /> or <Fact id="<op>.repeat" />',
  },
  {
    kind: 'money-back',
    pattern:
      /\b(?:money|amount|funds)\s+(?:returns|goes\s+back|comes\s+back|is\s+(?:refunded|returned|credited\s+back|reversed))\b[^.!?]{0,60}?\s(?:when|after|once|within|at\s+once)\b/gi,
    fix: '<Fact id="<op>.money-back" />',
  },
  {
    kind: 'retries',
    pattern: new RegExp(
      `\\b${NUM}\\s+(?:re-?tries|retries|attempts|delivery\\s+attempts|deliveries)\\b|\\b(?:retried|tried|attempted)\\s+${NUM}\\s+times\\b`,
      'gi',
    ),
    fix: '<Fact id="shared.retries" />',
  },
  {
    kind: 'window',
    pattern: new RegExp(
      `\\b(?:within|after|for|up\\s+to|over|every|in|than|past)\\s+(?:the\\s+(?:next|first|last)\\s+)?${NUM}[\\s-]?${UNIT}\\b`,
      'gi',
    ),
    fix: '<Fact id="<op>.reversal" />, <Fact id="shared.polling" />, <Fact id="shared.ack" /> or <Fact id="shared.retention" />',
  },
  {kind: 't-plus', pattern: /\bT\s?\+\s?\d+\b/g, fix: '<Fact id="<op>.reversal" />'},
  {
    // A response code named with what it did to the money or whether to send it again (issue 32, 1):
    // that differs by operation (code 1 moved money for a payout, nothing yet for a hosted link), so
    // it comes from the derived code table. Read with inline code kept: the codes are code spans.
    kind: 'code-meaning',
    withCode: true,
    pattern:
      /(?:\bresponse_code\s+|\bcodes?\s+|^[ \t]*[-*]\s+)\d{1,2}\b(?:\s*,?\s*(?:or\s+|and\s+)?\d{1,2}\b)*(?:\s*\([^)\n]*\))?(?:\s+and\s+the\s+other\s+[\w -]{0,30}?codes)?\s*[:,]?\s(?:(?!\n[ \t]*\n)[^.!?]){0,80}?\b(?:money\s+(?:has\s+)?moved|no\s+money\s+moved|nothing\s+(?:moved|paid|was\s+(?:\w+\s+(?:or|and)\s+)?(?:paid|debited|created|moved|recharged|credited|charged))|\**(?:new|fresh|same)\**\s+referenceid)/gim,
    fix: '<Fact id="<op>.code.<N>" /> or <Fact id="codes.money-moving" /> (the derived code table)',
  },
  {
    // A response code (or no answer at all) with what to do instead of sending the call again (issue
    // 32, 1): the retry rule is the derived table's (`status` for code 5 on every operation, other
    // words for other codes), so the sentence comes from it. The client wrapper's page said it by hand.
    kind: 'code-retry',
    withCode: true,
    pattern: new RegExp(
      [
        // A code, then what to do about it: `response_code` 5: ask the status call instead of ...
        String.raw`(?:\bresponse_code\s+|\bcodes?\s+)\d{1,2}\b(?:\s*,?\s*(?:or\s+|and\s+)?\d{1,2}\b)*(?:(?!\n[ \t]*\n)[^.!?]){0,120}?\b(?:instead\s+of\s+(?:re-?sending|sending|retrying)|(?:never|do\s+not|don't)\s+(?:re-?send|retry|send\s+(?:it|the\s+\w+)\s+again)|turns?\s+to\s+(?:the\s+)?(?:\w+\s+)?status\s+calls?|wait\s+for\s+the\s+webhook|ask\s+(?:for\s+)?(?:its\s+|the\s+)?(?:\w+\s+){0,2}?status)\b`,
        // What to do, then the code: send again only if it answers `response_code` 7.
        String.raw`\b(?:re-?send|send|retry)\s+(?:it\s+|them\s+)?again\b(?:(?!\n[ \t]*\n)[^.!?]){0,40}?\b(?:if|when|after|on)\b(?:(?!\n[ \t]*\n)[^.!?]){0,40}?(?:\bresponse_code|\bcodes?)\s+\d{1,2}\b`,
      ].join('|'),
      'gim',
    ),
    fix: '<Fact id="<op>.code.<N>" />, <Fact id="<op>.code-5" /> or <Fact id="codes.retry.<N>" /> (the derived code table)',
  },
  {
    // When a status call's 7 (NOT_FOUND) is final, or that an early one means "ask again" (issue 32, 6):
    // the bound is per status call in the model (`not-found`), and pages said it three ways by hand.
    kind: 'not-found',
    withCode: true,
    pattern:
      /(?:\bresponse_code\s+|\bcodes?\s+|\banswers?\s+)7\b(?:\s*\([^)\n]*\))?(?:(?!\n[ \t]*\n)[^.!?]){0,120}?\b(?:first\s+seconds|few\s+seconds|ask\s+again|short\s+wait|definitive|reached\s+us|did\s+not\s+reach|not\s+reach\s+us|send\s+(?:it\s+|them\s+|the\s+(?:\w+\s+){1,3})?again)\b|\b(?:first|few)\s+seconds\b(?:(?!\n[ \t]*\n)[^.!?]){0,80}?(?:\b7\b|NOT_FOUND)|\bwithin\s+the\s+first\s+seconds\b|(?:\bresponse_code\s+|\bcodes?\s+)7\b(?:(?!\n[ \t]*\n)[^.!?]){0,60}?\bno\s+\w+\s+(?:(?:with|for|under)\s+(?:this|that|the)\s+referenceid\b(?:(?!\n[ \t]*\n)[^.!?]){0,40}?\b(?:(?:was|were|is)\s+(?:created|made|received|sent)|exists?)|(?:has|holds|carries)\s+(?:this|that|the)\s+referenceid)\b|\bNOT_FOUND\b(?:(?!\n[ \t]*\n)[^.!?]){0,80}?\bask\s+again\b/gim,
    fix: '<Fact id="<status-call>.not-found" />',
  },
  {
    // What a repeat of a `referenceid` answers (issue 32, 1 and 6): pages said "the original result",
    // "the original application", "as it was first given", where the model answers the transaction as
    // it stands now, and each operation's repeat carries its own fields. The model's `repeat` says it.
    kind: 'repeat',
    withCode: true,
    pagesOnly: true,
    pattern:
      /\b(?:repeat(?:s|ed)?|duplicate|again|twice|second)\b(?:(?!\n[ \t]*\n)[^.!?]){0,80}?\b(?:answers?|returns?|comes?\s+back\s+as|gets?)\s+(?:response_code\s+|code\s+)?(?:4\b|DUPLICATE_REFERENCE\b)/gim,
    fix: '<Fact id="<op>.repeat" /> or <Fact id="referenceid-repeat" />',
  },
  {
    // How often to ask a status call (issue 32, 6): the model's schedule (shared.polling: a first look
    // after 30 seconds, then every minute, then every 15 minutes) or an operation's own (`learn`);
    // "no more than once a minute" on a page said neither.
    kind: 'polling',
    pagesOnly: true,
    pattern: /\b(?:once|twice)\s+(?:a|an|per|every)\s+(?:minute|hour)\b|\bpoll(?:s|ing)?\s+(?:it\s+)?every\b/gi,
    fix: '<Fact id="shared.polling" /> or <Fact id="<op>.webhook" /> (an operation\'s own way to learn the outcome)',
  },
  {
    // A table of response codes written by hand (issue 32, 1): each operation page renders its code
    // table from the derived table (<Endpoint>), and a second one drifts from it.
    kind: 'code-table',
    withCode: true,
    pagesOnly: true,
    pattern:
      /^\|\s*(?:response_code|response\s+codes?|codes?)\s*\|[^\n]*\n\|[\s:|-]+\n(?:\|[^\n]*\n)*?\|\s*\d{1,2}\s*\|/gim,
    fix: 'the operation\'s code table (<Endpoint> renders it) or <Fact id="<op>.code.<N>" /> per code',
  },
  {
    // `SUCCESS` glossed as "credited" (issue 32, 6): for a payout or a transfer the model's SUCCESS is
    // accepted by the network, which the beneficiary's bank can still return (REVERSED); what a state
    // means is the model's `meaning`.
    kind: 'state-meaning',
    withCode: true,
    pagesOnly: true,
    pattern:
      /\bSUCCESS\b\s*(?:\|\s*credited\b|(?:(?!\n)[^.!?|]){0,50}?\b(?:contact|beneficiary|payee|account)\b(?:(?!\n)[^.!?|]){0,20}?\b(?:was|is|has\s+been)\s+credited\b)/gi,
    fix: '<Fact id="<op>.state.SUCCESS" /> (what the state means, from the model)',
  },
];

/** The prose of a page, with `<Fact ... />` and `<BehaviourTable ... />` blanked (they are the model speaking). */
export function behaviourProseOf(source: string): string {
  return proseOf(source).replace(/<(?:Fact|BehaviourTable)\b[^>]*\/>/g, (m) => m.replace(/[^\n]/g, ' '));
}

/**
 * The prose with single-backtick code spans kept as their words (the backticks as spaces, so lines
 * and columns stay): a response code and `referenceid` are written as code spans.
 */
export function behaviourProseWithCode(source: string): string {
  const marked = source.replace(/(?<!`)`([^`\n]+)`(?!`)/g, '\uE000$1\uE000');
  return behaviourProseOf(marked).replace(/\uE000/g, ' ');
}

/**
 * Every hand-written statement of behaviour in one page, in reading order. `journey` reads a journey
 * file's prose (`journeyProse`), to which the pages-only rules do not apply.
 */
export function findBehaviour(file: string, source: string, journey = false): BehaviourFinding[] {
  const plain = behaviourProseOf(source);
  const withCode = behaviourProseWithCode(source);
  const out: BehaviourFinding[] = [];
  for (const rule of BEHAVIOUR_RULES.filter((r) => !(journey && r.pagesOnly))) {
    const text = rule.withCode ? withCode : plain;
    for (const m of text.matchAll(rule.pattern)) {
      const {line, column} = lineColumn(text, m.index);
      const phrase = (rule.kind === 'code-table' ? (m[0].split('\n')[0] ?? '') : m[0]).replace(/\s+/g, ' ').trim();
      out.push({
        file,
        line,
        column,
        kind: rule.kind,
        phrase,
        message:
          `${file}:${line}:${column}: behaviour written by hand (${rule.kind}): "${phrase}". ` +
          `Say it with ${rule.fix} (ids: npm run behaviour:facts) or link the family overview's ` +
          `"What can happen to ..." table instead.`,
      });
    }
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** One entry of the allow-list: a phrase the lint flags but cannot read, and why it stays. */
export interface AllowEntry {
  readonly file: string;
  readonly phrase: string;
  readonly reason: string;
}

/** At most this many entries: the list is for what the lint cannot read, not a way round it. */
export const MAX_ALLOWED = 10;

/** Parses the allow-list file; throws a message naming `where` and the entry for each problem. */
export function parseAllowList(where: string, text: string): AllowEntry[] {
  const data: unknown = parseYaml(text);
  const list: unknown = data && typeof data === 'object' ? (data as {allow?: unknown}).allow : undefined;
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new Error(`${where}: \`allow:\` must be a list of {file, phrase, reason}.`);
  if (list.length > MAX_ALLOWED)
    throw new Error(
      `${where}: ${list.length} entries; at most ${MAX_ALLOWED} are allowed. Rewrite the pages with <Fact id="..." /> instead of adding entries.`,
    );
  return list.map((raw: unknown, i) => {
    const entry = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const missing = ['file', 'phrase', 'reason'].filter((k) => typeof entry[k] !== 'string' || !entry[k]);
    if (missing.length)
      throw new Error(
        `${where}: entry ${i + 1} lacks ${missing.join(', ')}: each entry needs file, phrase and reason.`,
      );
    return {file: String(entry.file), phrase: String(entry.phrase), reason: String(entry.reason)};
  });
}

/** The findings no entry allows, and one problem per entry that allows nothing (stale entries hide nothing). */
export function applyAllowList(
  where: string,
  findings: readonly BehaviourFinding[],
  allow: readonly AllowEntry[],
): {readonly findings: BehaviourFinding[]; readonly stale: string[]} {
  const allows = (e: AllowEntry, f: BehaviourFinding): boolean => e.file === f.file && e.phrase === f.phrase;
  return {
    findings: findings.filter((f) => !allow.some((e) => allows(e, f))),
    stale: allow
      .map((e, i) => ({e, i}))
      .filter(({e}) => !findings.some((f) => allows(e, f)))
      .map(
        ({e, i}) =>
          `${where}: entry ${i + 1} (${e.file}, "${e.phrase}") matches nothing the lint finds. Remove it, or copy the phrase exactly as the lint prints it.`,
      ),
  };
}

/**
 * A numbered list of API calls written by hand on a family overview or an operation page (issue 32,
 * 4): an ordered list whose items link two or more operation pages retells a journey, and drifts from
 * the workflow the tests run. The page renders the workflow instead (`<Journeys family workflows>`); a
 * step that no workflow has yet belongs in the family's journey file, not in a list, and a routine
 * that is no journey is prose. `isOperationPage` says
 * whether a link of the page (as written) leads to an operation's page.
 */
export function findStepLists(
  file: string,
  source: string,
  isOperationPage: (href: string) => boolean,
): BehaviourFinding[] {
  const out: BehaviourFinding[] = [];
  visit(parseMdx(source), 'list', (list: List) => {
    if (!list.ordered) return;
    const pages = new Set<string>();
    visit(list, 'link', (link: Link) => {
      if (isOperationPage(link.url)) pages.add(link.url.replace(/#.*$/, ''));
    });
    if (pages.size < 2) return;
    const line = list.position?.start.line ?? 1;
    const column = list.position?.start.column ?? 1;
    const phrase = `an ordered list linking ${[...pages].join(', ')}`;
    out.push({
      file,
      line,
      column,
      kind: 'step-list',
      phrase,
      message:
        `${file}:${line}:${column}: API calls listed as numbered steps by hand (step-list): ${phrase}. ` +
        `Render the workflow where the list was, <Journeys family="<family>" workflows="<workflow id>" /> ` +
        `(ids: openapi/journeys/<family>.arazzo.yaml); a call no workflow has yet goes into the journey file, not into a list, ` +
        `and a routine that is no journey (a daily reconciliation, a key rotation) is written as prose.`,
    });
    return SKIP;
  });
  return out;
}
