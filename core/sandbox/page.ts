/**
 * The Sandbox page from the compiled scenarios: the view (what the sandbox holds, per family and
 * operation) and the page's section tree built from it (`sandboxPageTree`), which the page's component
 * renders and the Markdown twin serialises, so the two cannot say different things. Pure; built at
 * build time by the api-contract plugin into .docusaurus/api-contract/default/sandbox-page.json.
 */
import type {LabelId, Labels} from '../contract/labels';
import {linkOr} from '../contract/component-sections';
import type {
  Cell,
  ComponentSection,
  ComponentTree,
  SectionBlock,
  TableBlock,
  TableGroup,
  TableRow,
} from '../contract/sections';
import {RESPONSE_CODE_PAGE} from '../contract/tree';
import type {IndexEntry, TagView, ScenarioRow} from '../contract/types';
import type {CompiledSandbox} from './compile';
import type {Credentials} from './model';
import {SANDBOX_KEY_ID} from './engine/token';

export interface SandboxPageOperation {
  readonly id: string;
  readonly summary: string;
  readonly method: string;
  readonly path: string;
  /** Its docs page; undefined only while a page is missing (draft builds). */
  readonly href?: string;
  readonly rows: readonly ScenarioRow[];
}

export interface SandboxPageFamily {
  readonly name: string;
  readonly label: string;
  readonly operations: readonly SandboxPageOperation[];
}

/** A sandbox scenario that applies in several families (sandbox.yaml `shared`). */
export interface SharedScenario extends ScenarioRow {
  /** Labels of the families it applies in, in contract order. */
  readonly families: readonly string[];
}

export interface SandboxPageView {
  readonly credentials: Credentials;
  readonly anyOperation: readonly ScenarioRow[];
  readonly shared: readonly SharedScenario[];
  readonly families: readonly SandboxPageFamily[];
}

export function sandboxPageView(compiled: CompiledSandbox, tags: readonly TagView[]): SandboxPageView {
  const entries = new Map<string, IndexEntry>(tags.flatMap((t) => t.entries.map((e) => [e.id, e] as const)));
  const shared = new Map<string, {row: ScenarioRow; families: string[]}>();
  const families: SandboxPageFamily[] = [];
  for (const tag of tags) {
    const operations: SandboxPageOperation[] = [];
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
  };
}

/** The section key of a family's table. */
export const familySection = (name: string): string => `family-${name}`;

/** `7` linked to its row of the catalogue, its name, and what the reader gets, on a line under them. */
function answer(row: ScenarioRow): Cell {
  return [
    {kind: 'link', text: String(row.code), href: `${RESPONSE_CODE_PAGE}#code-${row.code}`, strong: true},
    ' ',
    {kind: 'name', text: row.codeName},
    {kind: 'line', text: row.label},
  ];
}

/** A table of sandbox scenarios: cards on phones, out of the search index like the operation pages' own. */
function valuesTable(head: readonly string[], rows: readonly TableRow[], groups?: TableBlock['groups']): TableBlock {
  return {kind: 'table', look: 'sandbox-scenarios', searchIgnore: true, head, rows, ...(groups ? {groups} : {})};
}

function credentialsTable(c: Credentials, labels: Labels): TableBlock {
  const rows: [LabelId, string][] = [
    ['api.sandbox.partnerId', c.partnerId],
    ['api.sandbox.jwtSecret', c.jwtSecret],
    // The token's header must name the secret's key id; without it the sandbox answers 401.
    ['api.sandbox.keyId', SANDBOX_KEY_ID],
    ['api.sandbox.webhookSecret', c.webhookSecret],
    ...(c.signingKey
      ? ([
          ['api.sandbox.signingKeyId', c.signingKey.keyId],
          ['api.sandbox.signingKey', c.signingKey.privateKey],
          ['api.sandbox.signingPublicKey', JSON.stringify(c.signingKey.publicJwk)],
        ] as [LabelId, string][])
      : []),
  ];
  return {
    kind: 'table',
    look: 'plain',
    head: [labels['api.sandbox.what'], labels['api.sandbox.value']],
    rows: rows.map(([id, value]) => ({key: id, cells: [[labels[id]], [{kind: 'code', text: value}]]})),
  };
}

/** One family's table: each operation's rows under its title, method and path. */
function familyTable(f: SandboxPageFamily, labels: Labels): TableBlock {
  const list: TableGroup[] = f.operations.map((op) => ({
    key: op.id,
    head: [linkOr(op.summary, op.href), ' ', {kind: 'call', method: op.method, path: op.path}],
    rows: op.rows.map((r, i) => ({
      key: String(i),
      cells: [[r.input], answer(r), [r.follows || labels['api.sandbox.nothing']]],
    })),
  }));
  return valuesTable([labels['api.sandbox.send'], labels['api.sandbox.answer'], labels['api.sandbox.then']], [], {
    label: labels['api.sandbox.operation'],
    list,
  });
}

/**
 * The Sandbox page below its prose: the credentials, the values any operation takes, the values
 * shared across families, then each family's, every table under its heading. The page renders it
 * section by section (the remark plugin puts the headings in the page), the twin serialises it.
 */
export function sandboxPageTree(view: SandboxPageView, labels: Labels): ComponentTree {
  const section = (key: string, text: string, blocks: readonly SectionBlock[]): ComponentSection => ({
    key,
    heading: {depth: 2, text},
    blocks,
  });
  const send = labels['api.sandbox.send'];
  const valueRow = (r: ScenarioRow & {readonly families?: readonly string[]}): TableRow => ({
    key: `${r.input}-${r.code}`,
    cells: [[r.input], answer(r), ...(r.families ? [[r.families.join(', ')]] : [])],
  });
  return {
    sections: [
      section('credentials', labels['api.sandbox.credentials'], [credentialsTable(view.credentials, labels)]),
      section('any', labels['api.sandbox.anyOperation'], [
        valuesTable([send, labels['api.sandbox.answer']], view.anyOperation.map(valueRow)),
      ]),
      section('shared', labels['api.sandbox.anyFamily'], [
        valuesTable([send, labels['api.sandbox.answer'], labels['api.sandbox.families']], view.shared.map(valueRow)),
      ]),
      ...view.families.map((f) => section(familySection(f.name), f.label, [familyTable(f, labels)])),
    ],
  };
}
