/**
 * The three outputs of a run, from one CertifyReport: the terminal summary, JUnit XML for CI, and a
 * Markdown report to attach to a go-live request. Pure text functions.
 */
import type {CertifyReport, CheckResult} from './types';
import {passed} from './types';

export interface ReportContext {
  /** The docs site's origin, for the links to each rule's page. */
  readonly siteUrl: string;
  readonly productName: string;
  readonly apiVersion: string;
}

const pageUrl = (ctx: ReportContext, r: CheckResult): string => `${ctx.siteUrl}${r.rule.page}`;
const plain = (markdown: string): string => markdown.replaceAll('`', '');
const indent = (text: string, by: string): string =>
  text
    .split('\n')
    .map((l) => (l ? `${by}${l}` : '')) // no trailing spaces, which Prettier would strip from the docs page
    .join('\n');
const what = (report: CertifyReport): string =>
  report.mode === 'webhook' ? `webhook endpoint ${report.target}` : `client recorded at ${report.target}`;

function counts(report: CertifyReport): string {
  const failed = report.results.filter((r) => !r.passed).length;
  return `${report.results.length} checks: ${report.results.length - failed} passed, ${failed} failed.`;
}

/** The summary printed at the end of a run: a line per check, the deciding exchange under each failure. */
export function terminalSummary(report: CertifyReport, ctx: ReportContext): string {
  const width = Math.max(...report.results.map((r) => r.rule.id.length));
  const lines = [`${ctx.productName} certify (API ${ctx.apiVersion}): ${what(report)}`, ''];
  for (const r of report.results) {
    lines.push(`  ${r.passed ? 'PASS' : 'FAIL'}  ${r.rule.id.padEnd(width)}  ${r.detail}`);
    if (r.passed) continue;
    lines.push(`        rule: ${plain(r.rule.holds)}`, `        see:  ${pageUrl(ctx, r)}`);
    if (r.evidence)
      lines.push(
        '        request:',
        indent(r.evidence.request, '          '),
        '        response:',
        indent(r.evidence.response, '          '),
      );
  }
  lines.push('');
  if (report.timings)
    lines.push(
      `Answer times: p50 ${report.timings.p50Ms} ms, p95 ${report.timings.p95Ms} ms (${report.timings.count} answers).`,
    );
  lines.push(
    counts(report),
    passed(report) ? 'Ready for the go-live review.' : 'Fix the failed checks and run certify again.',
  );
  return `${lines.join('\n')}\n`;
}

const xml = (s: string): string =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** JUnit XML: one test case per check, a failure with its rule, link and exchange. */
export function junitXml(report: CertifyReport, ctx: ReportContext): string {
  const failures = report.results.filter((r) => !r.passed).length;
  const cases = report.results.map((r) => {
    const name = `${r.rule.id}: ${plain(r.rule.title)}`;
    const head = `    <testcase classname="certify.${report.mode}" name="${xml(name)}"`;
    if (r.passed) return `${head}/>`;
    const body = [r.detail, `Rule: ${plain(r.rule.holds)}`, `See: ${pageUrl(ctx, r)}`];
    if (r.evidence) body.push('', r.evidence.request, '', r.evidence.response);
    return `${head}>\n      <failure message="${xml(r.detail)}">${xml(body.join('\n'))}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(ctx.productName)} certify" tests="${report.results.length}" failures="${failures}">`,
    `  <testsuite name="certify ${report.mode}" tests="${report.results.length}" failures="${failures}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

const cell = (s: string): string => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The Markdown report for a go-live request: the run, a table of checks with their rules' pages, each failure's exchange. */
export function markdownReport(report: CertifyReport, ctx: ReportContext, date: string): string {
  const lines = [
    `# ${ctx.productName} go-live check: ${report.mode === 'webhook' ? 'webhook endpoint' : 'API client'}`,
    '',
    `Run on ${date} against the ${what(report)}, API ${ctx.apiVersion}. ${counts(report)}`,
    '',
    '| Result | Check | Rule | What was seen |',
    '| --- | --- | --- | --- |',
    ...report.results.map(
      (r) =>
        `| ${r.passed ? 'pass' : '**fail**'} | [${cell(r.rule.title)}](${pageUrl(ctx, r)}) (\`${r.rule.id}\`) | ${cell(r.rule.holds)} | ${cell(r.detail)} |`,
    ),
  ];
  if (report.timings)
    lines.push(
      '',
      `Answer times: p50 ${report.timings.p50Ms} ms, p95 ${report.timings.p95Ms} ms (${report.timings.count} answers).`,
    );
  for (const r of report.results.filter((x) => !x.passed && x.evidence)) {
    const ev = r.evidence as NonNullable<CheckResult['evidence']>;
    lines.push(
      '',
      `## ${r.rule.id}`,
      '',
      r.detail,
      '',
      '```http',
      ev.request,
      '```',
      '',
      '```http',
      ev.response,
      '```',
    );
  }
  return `${lines.join('\n')}\n`;
}
