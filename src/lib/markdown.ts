/**
 * Contract view models -> Markdown, for the AI-readable copies of the site: the `.md` twin of
 * every page, /llms.txt and /llms-full.txt (plugins/llms-txt). Each function renders what one
 * API component shows on the HTML page, with the same headings the remark plugin puts around
 * it, so a reader (or a model) finds the same structure in both.
 *
 * Pure: strings in, strings out; no React, no Docusaurus, no file system. Tested word for word
 * in tests/unit/markdown.test.ts.
 */
import {statusLabel} from './http';
import {listOf} from './list';
import {
  badgeText,
  CHANGE_LABELS,
  changeAnchor,
  CHANGELOG_PATH,
  releaseParts,
  releaseSummary,
  type ChangedItem,
  type ChangeLine,
  type Release,
} from './changelog';
import {CHANGELOG_FEEDS} from './changelog-feed';
import {ackRule} from './webhook-policy';
import {rateText, type RateLimitTable} from './rate-limits';
import type {
  CodeSample,
  ExampleView,
  OperationView,
  ParamView,
  ResponseCodeView,
  ResponseView,
  Scalar,
  SchemaRow,
  TagView,
  WebhookView,
} from './contract/types';

/** Turns a site path ('/HeaderMarkdown', '/docs/v1/...#x') into the URL a reader can open. */
export type UrlOf = (sitePath: string) => string;

export interface FlowStepInput {
  readonly title: string;
  readonly detail?: string;
}

export interface PanStatusInput {
  readonly value: string;
  readonly meaning: string;
}

export interface DownloadInput {
  readonly label: string;
  readonly path: string;
}

/* ------------------------------------------------------------------ primitives */

/** A code span that survives backticks inside the value. */
export function code(value: string): string {
  const longest = Math.max(0, ...[...value.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${value}${pad}${ticks}`;
}

/** A fenced block whose fence is longer than any backtick run inside. */
export function fence(body: string, lang = ''): string {
  const longest = Math.max(0, ...[...body.matchAll(/`{3,}/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  return `${ticks}${lang}\n${body.replace(/\n+$/, '')}\n${ticks}`;
}

/** One GFM table cell: pipes escaped, line breaks flattened. */
export function cell(text: string): string {
  return text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(cell).join(' | ')} |`;
  return [line(head), `| ${head.map(() => '---').join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** Paragraphs and blocks, one blank line between, empty parts left out. */
export function blocks(...parts: readonly (string | false | undefined | null)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join('\n\n');
}

function link(label: string, href: string): string {
  return `[${label.replace(/([[\]])/g, '\\$1')}](${href})`;
}

/* ------------------------------------------------------------------ parameters and fields */

function scalar(value: Scalar): string {
  return code(JSON.stringify(value));
}

function fieldName(row: ParamView | SchemaRow): string {
  return 'path' in row ? row.path : row.name;
}

function fieldNotes(row: ParamView | SchemaRow): string {
  const notes: string[] = [];
  if (row.description) notes.push(row.description);
  if (row.enumValues?.length) notes.push(`One of: ${row.enumValues.map(scalar).join(', ')}.`);
  if (row.constraints.length) notes.push(`Rules: ${row.constraints.map(code).join(', ')}.`);
  if ('defaultValue' in row && row.defaultValue !== undefined) notes.push(`Default: ${code(row.defaultValue)}.`);
  if (row.example !== undefined) notes.push(`Example: ${code(row.example)}.`);
  return notes.join(' ');
}

/** Parameters or schema fields as a table; nested fields are named by their dotted path. */
export function paramTable(rows: readonly (ParamView | SchemaRow)[]): string {
  return table(
    ['Field', 'Type', 'Required', 'Description'],
    rows.map((row) => [
      code(fieldName(row)),
      row.type,
      'variant' in row && row.variant ? '' : row.required ? 'yes' : 'no',
      fieldNotes(row),
    ]),
  );
}

/**
 * JSON examples, each under a bold label: `title: summary` (or the example's name when there
 * are several without summaries). With an empty title, a single unnamed example is the bare block.
 */
export function examplesMarkdown(examples: readonly ExampleView[], title: string): string {
  return blocks(
    ...examples.map((ex) => {
      const label = [title, ex.summary ?? (examples.length > 1 ? ex.name : '')].filter(Boolean).join(': ');
      return blocks(label && `**${label}**`, fence(ex.json, 'json'));
    }),
  );
}

export {listOf} from './list';

/* ------------------------------------------------------------------ retry advice */

/** The same words as src/components/RetryLabel. */
export const RETRY_TEXT: Readonly<Record<ResponseCodeView['retry'], string>> = {
  safe: 'Safe to resend as is',
  'new-ref': 'Only with a new referenceid',
  status: 'Never: check status first',
  no: 'Fix the request first',
};

/* ------------------------------------------------------------------ <Endpoint> */

function responseMarkdown(res: ResponseView): string {
  return blocks(
    `### ${statusLabel(res.status)}`,
    res.description,
    res.headers.length > 0 && `Response headers:\n\n${paramTable(res.headers)}`,
    res.rows.length > 0 && `Response fields:\n\n${paramTable(res.rows)}`,
    examplesMarkdown(res.examples, 'Example'),
  );
}

/**
 * One operation: request line, URLs per environment, request tables and example, the cURL
 * sample, responses with examples, response codes and related pages. Headings as on the page
 * (`## Request`, `## Code samples`, `## Responses` + `### 200 OK`, `## Response codes`, `## Related`).
 */
export function endpointMarkdown(op: OperationView, url: UrlOf): string {
  const curl = op.samples.find((s) => s.lang === 'curl');
  const others = op.samples.filter((s) => s !== curl).map((s) => s.label);
  const hasParams = op.pathParams.length + op.queryParams.length > 0;
  return blocks(
    `${code(`${op.method} ${op.path}`)}`,
    op.change && `${link(badgeText(op.change), url(op.change.href))}.`,
    op.description,
    table(
      ['Environment', 'URL'],
      op.servers.map((s) => [s.label, code(`${op.method} ${s.url}${op.path}`)]),
    ),
    `Authentication: ${link(op.auth, url('/HeaderMarkdown'))}.`,
    `Rate limit: ${link(op.rateLimits.text, url('/ResponseCode#rate-limits'))}.`,
    '## Request',
    `### Headers\n\n${paramTable(op.headers)}`,
    op.pathParams.length > 0 && `### Path parameters\n\n${paramTable(op.pathParams)}`,
    op.queryParams.length > 0 && `### Query parameters\n\n${paramTable(op.queryParams)}`,
    op.body && op.body.rows.length > 0 && `### Body fields (JSON)\n\n${paramTable(op.body.rows)}`,
    op.body && op.body.examples.length > 0 && `### Request body example\n\n${examplesMarkdown(op.body.examples, '')}`,
    !op.body && !hasParams && 'This call takes no parameters beyond the headers.',
    curl && '## Code samples',
    curl &&
      `cURL against the sandbox, generated from the contract. Replace YOUR_JWT with a token signed as described in ${link('Headers and tokens', url('/HeaderMarkdown'))}.${others.length ? ` The page also shows this request in ${listOf(others)}.` : ''}`,
    curl && fence(curl.code, curl.prism),
    '## Responses',
    'Every response uses the same envelope. Branch on `response_code`, not on the HTTP status alone.',
    ...op.responses.map(responseMarkdown),
    op.responseCodes.length > 0 && '## Response codes',
    op.responseCodes.length > 0 &&
      table(
        ['response_code', 'Name', 'Meaning', 'Retry'],
        op.responseCodes.map((c) => [
          link(String(c.code), url(`/ResponseCode#code-${c.code}`)),
          c.name,
          c.meaning,
          RETRY_TEXT[c.retry],
        ]),
      ),
    op.related.length > 0 && '## Related',
    op.related.length > 0 &&
      op.related.map((r) => `- ${link(r.label, url(r.href))}${r.kind === 'webhook' ? ' (webhook)' : ''}`).join('\n'),
  );
}

/* ------------------------------------------------------------------ <WebhookEvent> */

export function webhookMarkdown(hook: WebhookView, url: UrlOf): string {
  return blocks(
    `## ${hook.summary}`,
    `${code(hook.method)} to your webhook URL, event ${code(hook.id)}.`,
    hook.change && `${link(badgeText(hook.change), url(hook.change.href))}.`,
    hook.description,
    `### Headers we send\n\n${paramTable(hook.headers)}`,
    hook.body && hook.body.rows.length > 0 && `### Payload fields (JSON)\n\n${paramTable(hook.body.rows)}`,
    hook.body && hook.body.examples.length > 0 && `### Example payload\n\n${examplesMarkdown(hook.body.examples, '')}`,
    '### Acknowledge',
    ackRule(hook.ackTimeoutSeconds),
    hook.ack && examplesMarkdown(hook.ack.examples, 'Your answer'),
    hook.related.length > 0 && `Related: ${hook.related.map((r) => link(r.label, url(r.href))).join(', ')}.`,
  );
}

/* ------------------------------------------------------------------ lists and catalogues */

function entryLine(e: TagView['entries'][number], url: UrlOf): [string, string] {
  const call = e.kind === 'operation' ? code(`${e.method} ${e.path}`) : `Webhook ${code(e.path)}`;
  return [call, e.href ? link(e.summary, url(e.href)) : e.summary];
}

/** <OperationList tag>: every operation, then every webhook, of one family. */
export function operationListMarkdown(tag: TagView, url: UrlOf): string {
  const ordered = [
    ...tag.entries.filter((e) => e.kind === 'operation'),
    ...tag.entries.filter((e) => e.kind === 'webhook'),
  ];
  return table(
    ['Call', 'What it does'],
    ordered.map((e) => entryLine(e, url)),
  );
}

/** <ApiIndex>: every family with its operations and webhooks, as on /api. */
export function apiIndexMarkdown(tags: readonly TagView[], url: UrlOf): string {
  return blocks(
    ...tags
      .filter((t) => t.entries.length > 0)
      .map((t) =>
        blocks(
          `## ${t.label}`,
          t.overview ? `${t.description} ${link(`Overview of ${t.label}`, url(t.overview))}` : t.description,
          t.entries
            .map((e) => {
              const [call, what] = entryLine(e, url);
              return `- ${call}: ${what}`;
            })
            .join('\n'),
        ),
      ),
  );
}

/** <FlowDiagram>: the steps as an ordered list under its label. */
export function flowDiagramMarkdown(label: string, steps: readonly FlowStepInput[]): string {
  return blocks(
    `${label}:`,
    steps.map((s, i) => `${i + 1}. **${s.title}**${s.detail ? `: ${s.detail}` : ''}`).join('\n'),
  );
}

/** <JwtSamples>, <VerifySignature>: every language, labelled. */
export function codeSamplesMarkdown(samples: readonly CodeSample[]): string {
  return blocks(...samples.map((s) => `**${s.label}**\n\n${fence(s.code, s.prism)}`));
}

/** <ResponseCodeTable>: the whole `response_code` catalogue. */
export function responseCodeTableMarkdown(codes: readonly ResponseCodeView[]): string {
  return table(
    ['Code', 'Name', 'Meaning', 'What to do', 'Retry'],
    codes.map((c) => [String(c.code), c.name, c.meaning, c.action, RETRY_TEXT[c.retry]]),
  );
}

/** <RateLimitTable>: what Retry-After means, then every family's limit and the calls with their own. */
export function rateLimitTableMarkdown(data: RateLimitTable, url: UrlOf): string {
  return blocks(
    `**Retry-After**: ${data.retryAfter}`,
    table(
      ['Family', 'Family limit', 'Calls with their own limit too'],
      data.rows.map((row) => [
        row.label,
        rateText(row.limit),
        row.operations.length
          ? row.operations
              .map((op) => `${op.href ? link(op.summary, url(op.href)) : op.summary}: ${rateText(op.limit)}`)
              .join('; ')
          : 'None',
      ]),
    ),
  );
}

/** <PanStatusTable>: the values of a PAN application's `status`. */
export function panStatusTableMarkdown(statuses: readonly PanStatusInput[]): string {
  return table(
    ['status', 'Meaning and what to do'],
    statuses.map((s) => [code(s.value), s.meaning]),
  );
}

/** <DownloadLinks>. */
export function downloadLinksMarkdown(downloads: readonly DownloadInput[], url: UrlOf): string {
  return downloads.map((d) => `- ${link(d.label, url(d.path))}`).join('\n');
}

/* ------------------------------------------------------------------ <ApiChangelog> */

const changeLines = (lines: readonly ChangeLine[]): string =>
  lines.map((l) => `- **${CHANGE_LABELS[l.type]}**: ${l.text}`).join('\n');

function itemTitle(item: ChangedItem, url: UrlOf): string {
  const call = item.kind === 'operation' ? code(`${item.method} ${item.path}`) : `Webhook ${code(item.path)}`;
  return `${call} ${item.href ? link(item.summary, url(item.href)) : item.summary}${item.breaking ? ' (breaking)' : ''}`;
}

/** The changelog of the current version, with the sections and order of the page. */
export function changelogMarkdown(release: Release, url: UrlOf): string {
  const entry = (id: string): string => url(`${CHANGELOG_PATH}#${changeAnchor(id)}`);
  const {added, changed, removed, ...parts} = releaseParts(release);
  const breaking = [
    ...parts.breakingEveryOperation.map(
      (l) => `- ${link('Every operation', url(`${CHANGELOG_PATH}#every-operation`))}: ${l.text}`,
    ),
    ...parts.breaking.map((i) => `- ${link(i.summary, entry(i.id))} ${code(i.id)}`),
  ];
  return blocks(
    `## ${release.version} (${release.date})`,
    releaseSummary(release),
    `Feeds: ${link('RSS', url(CHANGELOG_FEEDS.rss))}, ${link('Atom', url(CHANGELOG_FEEDS.atom))}.`,
    breaking.length > 0 && `### Breaking changes\n\n${breaking.join('\n')}`,
    added.length > 0 && `### New operations and webhooks\n\n${added.map((i) => `- ${itemTitle(i, url)}`).join('\n')}`,
    release.everyOperation.length > 0 && `### Changes to every operation\n\n${changeLines(release.everyOperation)}`,
    changed.length > 0 &&
      `### Changed operations and webhooks\n\n${changed.map((i) => blocks(`#### ${itemTitle(i, url)}`, changeLines(i.changes))).join('\n\n')}`,
    removed.length > 0 &&
      `### Removed operations and webhooks\n\n${removed.map((i) => `- ${itemTitle(i, url)}`).join('\n')}`,
    release.api.length > 0 && `### Changes to the document as a whole\n\n${changeLines(release.api)}`,
  );
}

/* ------------------------------------------------------------------ llms.txt */

export interface LlmsLink {
  readonly title: string;
  readonly url: string;
  readonly description?: string;
}

export interface LlmsSection {
  readonly title: string;
  readonly links: readonly LlmsLink[];
}

export interface LlmsTxt {
  readonly title: string;
  readonly summary: string;
  /** Free Markdown between the summary and the first section (no headings). */
  readonly details?: string;
  readonly sections: readonly LlmsSection[];
}

/** The llmstxt.org format: `# title`, `> summary`, details, then `## section` link lists. */
export function llmsTxtMarkdown(doc: LlmsTxt): string {
  return `${blocks(
    `# ${doc.title}`,
    `> ${cell(doc.summary)}`,
    doc.details,
    ...doc.sections
      .filter((s) => s.links.length > 0)
      .map((s) =>
        blocks(
          `## ${s.title}`,
          s.links.map((l) => `- ${link(l.title, l.url)}${l.description ? `: ${cell(l.description)}` : ''}`).join('\n'),
        ),
      ),
  )}\n`;
}
