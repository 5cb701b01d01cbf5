/**
 * The Test data page from the compiled atlas: one view that the page's component renders and the
 * Markdown twin serialises, so the two cannot say different things. Pure; built at build time by the
 * api-contract plugin into .docusaurus/api-contract/default/test-data.json.
 */
import {table} from '../markdown/markdown';
import {NOTHING_FOLLOWS} from '../contract/labels';
import type {IndexEntry, TagView, TestValueRow} from '../contract/types';
import type {CompiledAtlas} from './compile';
import type {Credentials} from './model';

export interface TestDataOperation {
  readonly id: string;
  readonly summary: string;
  readonly method: string;
  readonly path: string;
  /** Its docs page; undefined only while a page is missing (draft builds). */
  readonly href?: string;
  readonly rows: readonly TestValueRow[];
}

export interface TestDataFamily {
  readonly name: string;
  readonly label: string;
  readonly operations: readonly TestDataOperation[];
}

/** A test value that applies in several families (sandbox.yaml `shared`). */
export interface SharedTestValue extends TestValueRow {
  /** Labels of the families it applies in, in contract order. */
  readonly families: readonly string[];
}

/**
 * One table of the page under its heading. The remark plugin reads these from the generated file
 * and puts each heading in the page (table of contents) before `<TestData section="<key>" />`.
 */
export interface TestDataSection {
  readonly key: string;
  readonly heading: {readonly depth: 2; readonly text: string};
}

export interface TestDataView {
  readonly credentials: Credentials;
  readonly anyOperation: readonly TestValueRow[];
  readonly shared: readonly SharedTestValue[];
  readonly families: readonly TestDataFamily[];
  readonly sections: readonly TestDataSection[];
}

export function testDataView(compiled: CompiledAtlas, tags: readonly TagView[]): TestDataView {
  const entries = new Map<string, IndexEntry>(tags.flatMap((t) => t.entries.map((e) => [e.id, e] as const)));
  const shared = new Map<string, {row: TestValueRow; families: string[]}>();
  const families: TestDataFamily[] = [];
  for (const tag of tags) {
    const operations: TestDataOperation[] = [];
    for (const entry of tag.entries) {
      if (entry.kind !== 'operation') continue;
      const rows = compiled.rows[entry.id] ?? [];
      for (const row of rows.filter((r) => r.source === 'sandbox')) {
        const key = `${row.input}\n${row.code}`;
        const known = shared.get(key) ?? {row, families: []};
        if (!known.families.includes(tag.label)) known.families.push(tag.label);
        shared.set(key, known);
      }
      const own = rows.filter((r) => r.source === 'operation' || r.source === 'family');
      if (!own.length) continue;
      const e = entries.get(entry.id) ?? entry;
      operations.push({
        id: e.id,
        summary: e.summary,
        method: e.method,
        path: e.path,
        ...(e.href ? {href: e.href} : {}),
        rows: own,
      });
    }
    if (operations.length) families.push({name: tag.name, label: tag.label, operations});
  }
  return {
    credentials: compiled.index.credentials,
    anyOperation: compiled.anyOperation,
    shared: [...shared.values()].map(({row, families: f}) => ({...row, families: f})),
    families,
    sections: testDataSections(families),
  };
}

/** The headings of the page's first tables, in order; each family's follows under its label. */
export const TEST_DATA_SECTIONS = {
  credentials: 'Credentials',
  anyOperation: 'Any operation',
  shared: 'Any family',
} as const;

/** The section key of a family's table. */
export const familySection = (name: string): string => `family-${name}`;

/** The sections of the page, in order: what the component renders one by one, and the twin's headings. */
export function testDataSections(families: readonly Pick<TestDataFamily, 'name' | 'label'>[]): TestDataSection[] {
  const section = (key: string, text: string): TestDataSection => ({key, heading: {depth: 2, text}});
  return [
    section('credentials', TEST_DATA_SECTIONS.credentials),
    section('any', TEST_DATA_SECTIONS.anyOperation),
    section('shared', TEST_DATA_SECTIONS.shared),
    ...families.map((f) => section(familySection(f.name), f.label)),
  ];
}

const code = (text: string): string => `\`${text}\``;

/** `2 PENDING` */
export const outcome = (row: Pick<TestValueRow, 'code' | 'codeName'>): string => `${row.code} ${row.codeName}`;

export function credentialRows(c: Credentials): [string, string][] {
  return [
    ['Partner id (`partnerId` claim)', code(c.partnerId)],
    ['JWT secret (signs the request token, HS256)', code(c.jwtSecret)],
    ['Webhook secret (signs `X-Signature`)', code(c.webhookSecret)],
  ];
}

/** The whole page body below its prose, as Markdown: `## ` sections, one table each. */
export function testDataMarkdown(view: TestDataView, url: (sitePath: string) => string): string {
  const parts = [
    `## ${TEST_DATA_SECTIONS.credentials}\n\n${table(['What', 'Value'], credentialRows(view.credentials))}`,
    `## ${TEST_DATA_SECTIONS.anyOperation}\n\n${table(
      ['Send', 'Code', 'What you get'],
      view.anyOperation.map((r) => [r.input, outcome(r), r.label]),
    )}`,
    `## ${TEST_DATA_SECTIONS.shared}\n\n${table(
      ['Send', 'Code', 'What you get', 'Families'],
      view.shared.map((r) => [r.input, outcome(r), r.label, r.families.join(', ')]),
    )}`,
    ...view.families.map(
      (f) =>
        `## ${f.label}\n\n${table(
          ['Operation', 'Send', 'Code', 'What you get', 'Then'],
          f.operations.flatMap((op) =>
            op.rows.map((r) => [
              op.href ? `[${op.summary}](${url(op.href)})` : op.summary,
              r.input,
              outcome(r),
              r.label,
              r.follows || NOTHING_FOLLOWS,
            ]),
          ),
        )}`,
    ),
  ];
  return parts.join('\n\n');
}
