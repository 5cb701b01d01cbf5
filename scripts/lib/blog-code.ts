/**
 * Code in blog posts either runs against the sandbox or says why it cannot. A post's code is read
 * long after it was written; code that nothing runs drifts from the API unseen (a field that does not
 * exist, an old signature scheme). So every fenced block of a post is one of:
 *
 *   ```json op="<id>" part="request"     sent to the sandbox engine by tests/unit/blog-code.test.ts
 *   ```json op="<id>" part="response"    compared with the sandbox's answer to that request
 *   ```js runs="webhook-verify"          a module exporting verifySignature(id, timestamp, rawBody,
 *                                        signature, secret), run on deliveries the sandbox signs
 *   ```js not-runnable="<why>"           anything else, with the reason it cannot run
 *
 * The marker is an ordinary info-string attribute: the page's code block shows only its title and
 * highlighted lines (plugins/static-code), so readers never see it.
 *
 * Pure: a post's source in, its blocks and the problems with them out.
 */

/** One fenced code block of a post, as written. */
export interface Fence {
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly lang: string;
  readonly meta: string;
  readonly body: string;
}

/** What the blog-code test does with a block. */
export type FenceRun =
  | {readonly kind: 'request' | 'response'; readonly op: string}
  | {readonly kind: 'webhook-verify'}
  | {readonly kind: 'not-runnable'; readonly reason: string};

const OPENER = /^ {0,3}(`{3,}|~{3,})([^\s`]*)\s*(.*)$/;
const ATTR = (name: string): RegExp => new RegExp(`(?:^|\\s)${name}(?:=(["'])(.*?)\\1)?(?=\\s|$)`);

/** The top-level fenced blocks of a post; a block shown inside another (a Markdown source sample) is its body. */
export function fencesOf(file: string, source: string): Fence[] {
  const lines = source.split('\n');
  const out: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPENER.exec(lines[i] ?? '');
    if (!open) continue;
    const [, marker = '```', lang = '', meta = ''] = open;
    const close = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end] ?? '')) end++;
    out.push({file, line: i + 1, lang, meta: meta.trim(), body: lines.slice(i + 1, end).join('\n')});
    i = end;
  }
  return out;
}

/** How a block runs, or the problem that says how to fix it (file:line first). */
export function fenceRun(fence: Fence): FenceRun | {readonly problem: string} {
  const where = `${fence.file}:${fence.line}`;
  const marker = ATTR('not-runnable').exec(fence.meta);
  if (marker) {
    const reason = marker[2]?.trim();
    if (!reason)
      return {
        problem: `${where}: not-runnable needs its reason. Fix: write not-runnable="<why it cannot run against the sandbox>".`,
      };
    // The code block reads `{...}` in its info string as line ranges, wherever it stands.
    if (/[{}]/.test(reason))
      return {
        problem: `${where}: the not-runnable reason has a brace, which the code block would read as a line range. Fix: reword it without { or }.`,
      };
    return {kind: 'not-runnable', reason};
  }
  const op = ATTR('op').exec(fence.meta)?.[2];
  const part = ATTR('part').exec(fence.meta)?.[2];
  if (fence.lang === 'json' && op && (part === 'request' || part === 'response')) return {kind: part, op};
  if (fence.lang === 'js' && ATTR('runs').exec(fence.meta)?.[2] === 'webhook-verify') return {kind: 'webhook-verify'};
  return {
    problem:
      `${where}: this \`\`\`${fence.lang || 'text'} block neither runs against the sandbox nor says why not. ` +
      'Fix: make it a request or response body (```json op="<operation id>" part="request"), ' +
      'or add not-runnable="<why>" to its info string.',
  };
}

/** Every problem of one post: blocks that do not run and do not say why. */
export function blogCodeProblems(file: string, source: string): string[] {
  return fencesOf(file, source).flatMap((f) => {
    const run = fenceRun(f);
    return 'problem' in run ? [run.problem] : [];
  });
}
