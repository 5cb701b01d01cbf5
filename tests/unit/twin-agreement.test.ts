/**
 * The page and its Markdown twin say the same things, for every operation and webhook of the real
 * contract. Each reference is rendered twice from its section tree: to HTML with react-dom/server
 * (the page's components, section by section under the headings the remark plugin adds) and to
 * Markdown (core/markdown/markdown.ts, what the twin and llms-full.txt hold). Both are read back into the
 * same facts (headings, paragraphs, labels, every field of every table, response codes, sandbox scenarios,
 * links, the changelog's badge and the rate limit, and the text of every code sample and example)
 * and compared: a difference names the page and the fact.
 *
 * And the twin carries the page's request samples (issue 14): every language of the registry, each
 * in a fence named by its language, its code equal to the page's.
 */
import {createElement, Fragment} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {parseFragment} from 'parse5';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import {beforeAll, describe, expect, it} from 'vitest';
import {contractSite} from '#node/contract/load';
import {loadedContract} from '../helpers/contract';
import {API_COMPONENTS, everySample, type ContractData} from '#node/contract/components';
import {renderTree, trees} from '#node/contract/data';
import {highlightToHtml, loadLanguages} from '#core/code/highlight';
import {defaultLabels} from '#core/contract/labels';
import {SAMPLE_LANGUAGES} from '#core/code/languages';
import {treeMarkdown} from '#core/markdown/markdown';
import type {FieldWords, ReferenceTree} from '#core/contract/tree';
import Endpoint from '../../src/components/Endpoint';
import WebhookEvent from '../../src/components/WebhookEvent';

// <Link> is the unit tests' stub (vitest.config.mts): a plain link to `to`.

/** Site paths stay site paths, so both outputs' links compare as written in the tree. */
const url = (sitePath: string): string => sitePath;

/* ------------------------------------------------------------------ the facts both outputs are read into */

interface Field {
  readonly name: string;
  readonly type: string;
  /** true, false, none (a branch's head), or the badge of a required choice ("required: one of"). */
  readonly required: boolean | string | null;
  readonly description: string;
  readonly enumValues: readonly string[];
  readonly rules: readonly string[];
  readonly defaultValue: string | null;
  readonly example: string | null;
}

interface Facts {
  readonly headings: string[];
  readonly paragraphs: string[];
  /** Captions of tables, titles of examples, labels of samples, the title of a notice. */
  readonly labels: string[];
  readonly fields: Field[];
  readonly servers: string[];
  readonly codes: string[];
  /** `send | answer | then | link` of every sandbox scenario. */
  readonly scenarios: string[];
  readonly links: string[];
  /** `label: code` of every sample and example, in order. */
  readonly code: string[];
}

const emptyFacts = (): Facts => ({
  headings: [],
  paragraphs: [],
  labels: [],
  fields: [],
  servers: [],
  codes: [],
  scenarios: [],
  links: [],
  code: [],
});

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The first column head of a sandbox-scenarios table, which tells it from the other tables. */
const SEND = defaultLabels()['api.sandbox.send'];

/* ------------------------------------------------------------------ HTML (parse5) */

interface HtmlNode {
  readonly nodeName: string;
  readonly value?: string;
  readonly attrs?: readonly {readonly name: string; readonly value: string}[];
  readonly childNodes?: readonly HtmlNode[];
}

const attr = (node: HtmlNode, name: string): string | undefined => node.attrs?.find((a) => a.name === name)?.value;
const elements = (node: HtmlNode): HtmlNode[] => (node.childNodes ?? []).filter((c) => !c.nodeName.startsWith('#'));
const rawText = (node: HtmlNode): string =>
  node.nodeName === '#text' ? (node.value ?? '') : (node.childNodes ?? []).map(rawText).join('');
const text = (node: HtmlNode): string => squash(rawText(node));

function findAll(node: HtmlNode, test: (n: HtmlNode) => boolean): HtmlNode[] {
  return elements(node).flatMap((child) => [...(test(child) ? [child] : []), ...findAll(child, test)]);
}
const first = (node: HtmlNode, name: string): HtmlNode | undefined => findAll(node, (n) => n.nodeName === name)[0];

/** One row of a ParamTable: name cell (name, type, required or optional), notes cell. */
function htmlField(tr: HtmlNode, words: FieldWords): Field {
  const [nameCell, notes] = elements(tr) as [HtmlNode, HtmlNode];
  // The row's hover link (an anchor, not a fact) is left out.
  const parts = elements(nameCell).filter((n) => !(n.nodeName === 'a' && attr(n, 'href')?.startsWith('#')));
  const badge = parts[2] ? text(parts[2]) : undefined;
  const labelled = (label: string): string | null => {
    const div = elements(notes).find((n) => n.nodeName === 'div' && text(n).startsWith(label));
    return div ? text(first(div, 'code') as HtmlNode) : null;
  };
  const enumSpan = elements(notes).find((n) => n.nodeName === 'span' && text(n).startsWith(words.oneOf));
  // A required choice's rule, then the field's own description: one paragraph each.
  const description = elements(notes)
    .filter((n) => n.nodeName === 'p')
    .map(text)
    .join(' ');
  return {
    name: text(parts[0] as HtmlNode),
    type: text(parts[1] as HtmlNode),
    required: badge === undefined ? null : badge === words.isOptional ? false : badge === words.isRequired || badge,
    description: description || (parts.length === 2 ? text(notes) : ''),
    enumValues: enumSpan ? findAll(enumSpan, (n) => n.nodeName === 'code').map(text) : [],
    rules: findAll(notes, (n) => n.nodeName === 'li').map(text),
    defaultValue: labelled(words.default),
    example: labelled(words.example),
  };
}

function htmlFacts(html: string, words: FieldWords): Facts {
  const facts = emptyFacts();
  const visit = (node: HtmlNode): void => {
    const classes = (attr(node, 'class') ?? '').split(/\s+/);
    switch (node.nodeName) {
      case 'h2':
      case 'h3':
        facts.headings.push(`${node.nodeName.slice(1)} ${text(node)}`);
        return;
      case 'p':
        facts.paragraphs.push(text(node));
        findAll(node, (n) => n.nodeName === 'a').forEach((a) => facts.links.push(`${text(a)} -> ${attr(a, 'href')}`));
        return;
      case 'caption':
        facts.labels.push(text(node));
        return;
      case 'table': {
        const head = findAll(node, (n) => n.nodeName === 'th' && attr(n, 'scope') === 'col').map(text);
        // A field's nested fields fold in a row of one cell under it (ParamTable): their rows are read in turn.
        const rows = findAll(
          node,
          (n) => n.nodeName === 'tr' && (n.childNodes ?? []).filter((c) => c.nodeName === 'td').length > 1,
        );
        elements(node)
          .filter((n) => n.nodeName === 'caption')
          .forEach(visit);
        if (head[0] === words.name) facts.fields.push(...rows.map((tr) => htmlField(tr, words)));
        else if (head[0] === SEND) {
          for (const tr of rows) {
            const [send, answer, then] = elements(tr) as [HtmlNode, HtmlNode, HtmlNode];
            const a = first(answer, 'a') as HtmlNode;
            facts.scenarios.push(`${text(send)} | ${text(answer)} | ${text(then)} | ${attr(a, 'href')}`);
            findAll(tr, (n) => n.nodeName === 'a').forEach((l) => facts.links.push(`${text(l)} -> ${attr(l, 'href')}`));
          }
        } else if (head.length === 3) {
          // response codes: link (code and name), meaning, retry
          for (const tr of rows) {
            const [codeCell, meaning, retry] = elements(tr) as [HtmlNode, HtmlNode, HtmlNode];
            const a = first(codeCell, 'a') as HtmlNode;
            facts.codes.push(`${text(a)} | ${text(meaning)} | ${text(retry)} | ${attr(a, 'href')}`);
          }
        } else {
          // servers: label, request line; the last row links the token page
          for (const tr of findAll(node, (n) => n.nodeName === 'tr')) {
            const [th, td] = elements(tr) as [HtmlNode, HtmlNode];
            const a = first(td, 'a');
            facts.servers.push(`${text(th)}: ${text(td)}${a ? ` -> ${attr(a, 'href')}` : ''}`);
          }
        }
        return;
      }
      case 'strong':
        facts.labels.push(text(node));
        return;
      case 'li':
        facts.links.push(...findAll(node, (n) => n.nodeName === 'a').map((a) => `${text(a)} -> ${attr(a, 'href')}`));
        facts.paragraphs.push(text(node));
        return;
      default:
        if (classes.includes('api-code-sample') || classes.includes('api-json-example')) {
          // A sample: its language label; an example: the title above its code (StaticCode's first part).
          const block = elements(node)[0] as HtmlNode;
          const titled = elements(block).find((n) => !first(n, 'pre') && n.nodeName === 'div');
          const title = attr(node, 'data-lang') ?? (titled ? text(titled) : '');
          const pre = first(node, 'pre') as HtmlNode;
          facts.labels.push(title);
          facts.code.push(`${title}: ${rawText(pre).replace(/\n$/, '')}`);
          return;
        }
    }
    for (const child of elements(node)) visit(child);
  };
  visit(parseFragment(html));
  return facts;
}

/* ------------------------------------------------------------------ Markdown (remark) */

interface MdNode {
  readonly type: string;
  readonly value?: string;
  readonly depth?: number;
  readonly lang?: string | null;
  readonly url?: string;
  readonly children?: readonly MdNode[];
}

const mdText = (node: MdNode): string =>
  node.type === 'text' || node.type === 'inlineCode' ? (node.value ?? '') : (node.children ?? []).map(mdText).join('');

function mdLinks(node: MdNode): string[] {
  if (node.type === 'link') return [`${mdText(node)} -> ${node.url}`];
  return (node.children ?? []).flatMap(mdLinks);
}

/** The notes cell of a field row: description, then `One of:`, `Rules:`, `Default:`, `Example:` parts. */
function mdNotes(
  cell: MdNode,
  words: FieldWords,
): Pick<Field, 'description' | 'enumValues' | 'rules' | 'defaultValue' | 'example'> {
  const parts: Record<string, string[]> = {description: []};
  let current = 'description';
  const labels = {
    [words.oneOf]: 'enum',
    [words.rules]: 'rules',
    [words.default]: 'default',
    [words.example]: 'example',
  };
  let prose = '';
  for (const child of cell.children ?? []) {
    if (child.type === 'inlineCode') {
      if (current === 'description') prose += child.value ?? '';
      else (parts[current] ??= []).push(child.value ?? '');
      continue;
    }
    let rest = mdText(child);
    for (;;) {
      const hit = Object.keys(labels)
        .map((label) => ({label, at: rest.indexOf(label)}))
        .filter((h) => h.at >= 0)
        .sort((a, b) => a.at - b.at)[0];
      if (!hit) break;
      if (current === 'description') prose += rest.slice(0, hit.at);
      current = labels[hit.label] as string;
      rest = rest.slice(hit.at + hit.label.length);
    }
    if (current === 'description') prose += rest;
  }
  return {
    description: squash(prose),
    enumValues: parts.enum ?? [],
    rules: parts.rules ?? [],
    defaultValue: parts.default?.[0] ?? null,
    example: parts.example?.[0] ?? null,
  };
}

/** The row's name as the page shows it: the last part of its dotted path, or a branch's title. */
function nameOfPath(path: string): string {
  const branch = /\[([^\]]+)\]$/.exec(path);
  if (branch && branch[1] !== undefined) return branch[1];
  return path.replace(/\[\]/g, '').split('.').at(-1) ?? path;
}

function mdFacts(markdown: string, words: FieldWords): Facts {
  const facts = emptyFacts();
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as MdNode;
  let label: string | undefined;
  for (const node of tree.children ?? []) {
    if (node.type === 'heading') facts.headings.push(`${node.depth} ${squash(mdText(node))}`);
    else if (node.type === 'paragraph') {
      const only = node.children?.length === 1 ? node.children[0] : undefined;
      if (only?.type === 'strong') {
        label = squash(mdText(only));
        // A sample's or an example's label comes with its code; the others are captions and titles.
        facts.labels.push(label);
      } else {
        facts.paragraphs.push(squash(mdText(node)));
        facts.links.push(...mdLinks(node));
      }
    } else if (node.type === 'code') facts.code.push(`${label}: ${node.value}`);
    else if (node.type === 'list') {
      for (const item of node.children ?? []) {
        const line = squash(mdText(item));
        const links = mdLinks(item);
        // The URL list (servers) is written as `label: request`; any other list is links.
        if (facts.headings.length === 0) {
          facts.servers.push(`${line}${links.length ? ` -> ${links[0]?.split(' -> ')[1]}` : ''}`);
        } else {
          facts.links.push(...links);
          facts.paragraphs.push(line);
        }
      }
    } else if (node.type === 'table') {
      const [head, ...rows] = node.children ?? [];
      const heads = (head?.children ?? []).map((c) => squash(mdText(c)));
      for (const row of rows) {
        const cells = row.children ?? [];
        if (heads[0] === SEND) {
          const [send, answer, then] = cells.map((c) => squash(mdText(c)));
          facts.scenarios.push(`${send} | ${answer} | ${then} | ${mdLinks(cells[1] as MdNode)[0]?.split(' -> ')[1]}`);
          facts.links.push(...cells.flatMap(mdLinks));
        } else if (heads[0] === words.name) {
          const path = squash(mdText(cells[0] as MdNode));
          const required = squash(mdText(cells[2] as MdNode));
          facts.fields.push({
            name: nameOfPath(path),
            type: squash(mdText(cells[1] as MdNode)),
            required: required === '' ? null : required === words.no ? false : required === words.yes || required,
            ...mdNotes(cells[3] as MdNode, words),
          });
        } else {
          const [code, name, meaning, retry] = cells.map((c) => squash(mdText(c)));
          facts.codes.push(
            `${code} ${name} | ${meaning} | ${retry} | ${mdLinks(cells[0] as MdNode)[0]?.split(' -> ')[1]}`,
          );
        }
      }
    }
  }
  return facts;
}

/* ------------------------------------------------------------------ the contract, rendered both ways */

const loaded = await loadedContract();
// Any route per file will do: the test compares two renderings of the same links.
const {views} = contractSite(loaded, (file) => `/${file}`);
await loadLanguages();
const labels = defaultLabels();
const all: ReferenceTree[] = trees(views, labels).map((t) => t.tree);

/** The page's part: each section under the heading the remark plugin puts before it. */
function pageHtml(tree: ReferenceTree): string {
  const data = renderTree(tree, highlightToHtml);
  const component = tree.kind === 'operation' ? Endpoint : WebhookEvent;
  return renderToStaticMarkup(
    createElement(
      Fragment,
      null,
      ...tree.sections.map((s) =>
        createElement(
          Fragment,
          {key: s.key},
          s.heading && createElement(`h${s.heading.depth}`, null, s.heading.text),
          createElement(component, {data, section: s.key}),
        ),
      ),
    ),
  );
}

/**
 * The page's facts of a tree, rendered once: the twin of every operation (issue 14, below) reads the
 * facts the comparison above read, and rendering a page is most of this file's time.
 */
const pageFactsById = new Map<string, Facts>();
function pageFacts(tree: ReferenceTree): Facts {
  const key = `${tree.kind} ${tree.id}`;
  let facts = pageFactsById.get(key);
  if (!facts) {
    facts = htmlFacts(pageHtml(tree), tree.words);
    pageFactsById.set(key, facts);
  }
  return facts;
}

describe('page and Markdown twin, from one tree', () => {
  beforeAll(() => {
    expect(all.filter((t) => t.kind === 'operation').length).toBe(views.operations.length);
    expect(all.filter((t) => t.kind === 'webhook').length).toBe(views.webhooks.length);
  });

  it.each(all.map((t) => [`${t.kind} ${t.id}`, t] as const))('%s: same facts', (_name, tree) => {
    const page = pageFacts(tree);
    const twin = mdFacts(treeMarkdown(tree, url), tree.words);
    // Not vacuous: every reference has headings, fields and a code block (samples or examples).
    expect(page.headings.length).toBeGreaterThan(0);
    expect(page.fields.length).toBeGreaterThan(0);
    expect(page.code.length).toBeGreaterThan(0);
    expect(twin.headings).toEqual(page.headings);
    expect(twin.paragraphs).toEqual(page.paragraphs);
    expect(twin.labels).toEqual(page.labels);
    expect(twin.fields).toEqual(page.fields);
    expect(twin.servers).toEqual(page.servers);
    expect(twin.codes).toEqual(page.codes);
    expect(twin.scenarios).toEqual(page.scenarios);
    expect(twin.links).toEqual(page.links);
    expect(twin.code).toEqual(page.code);
  });
});

describe("what main's branches added reaches both outputs, and is not vacuous", () => {
  const facts = (id: string) => {
    const tree = all.find((t) => t.id === id) as ReferenceTree;
    return {page: pageFacts(tree), twin: mdFacts(treeMarkdown(tree, url), tree.words)};
  };

  it("the changelog's badge on the request line, the rate limit beside the servers, the sandbox scenarios", () => {
    const {page, twin} = facts('aeps-cash-withdrawal');
    for (const out of [page, twin]) {
      // 1.4.0 declares data.status in its answer (issue 32, 2): the badge names the latest release that changed it.
      expect(out.paragraphs[0]).toBe('POST /service/aeps/withdrawal Changed in 1.4.0');
      expect(out.links).toContain('Changed in 1.4.0 -> /docs/v1/changelog#v1.4.0-shared-4');
      expect(out.servers).toContain(
        'Rate limit: 600 requests a minute per partner id for all Aadhaar banking (AEPS) calls together -> /ResponseCode#rate-limits',
      );
      expect(out.headings).toContain('2 Sandbox scenarios');
      expect(out.links).toContain('Sandbox -> /docs/v1/test-data');
      expect(out.scenarios).toContain(
        '`aadhaar_number` `999900030201` | 2 PENDING: Pending at the bank, then success | Status call: PENDING. After 30 s: status SUCCESS, webhook `aeps-transaction`. | /ResponseCode#code-2'.replace(
          /`/g,
          '',
        ),
      );
    }
  });

  it('sandbox scenarios on every operation the sandbox has scenarios for, and on no other', () => {
    const shown = all
      .filter((t) => t.kind === 'operation' && t.sections.some((s) => s.key === 'sandbox-scenarios'))
      .map((t) => t.id);
    const scenarios = views.operations
      .filter((op) => op.scenarios.some((r) => r.source !== 'engine'))
      .map((op) => op.id);
    expect(shown).toEqual(scenarios);
    expect(shown.length).toBeGreaterThan(20);
    expect(shown.length).toBeLessThan(views.operations.length);
  });
});

describe('the twin of every operation page carries its request samples (issue 14)', () => {
  const data: ContractData = {
    operation: new Map(all.filter((t) => t.kind === 'operation').map((t) => [t.id, t])),
    webhook: new Map(),
    facts: {},
    tag: new Map(),
    tags: [],
    sections: {},
    jwtSamples: [],
    clientSamples: [],
    verifySamples: [],
    sandboxPage: {sections: []},
  };
  const fences = SAMPLE_LANGUAGES.map((l) => `**${l.label}**\n\n\`\`\`${l.prism}\n`);

  it.each(views.operations.map((op) => [op.id, op] as const))(
    '%s: every language of the registry, in fences named by their language, code as on the page',
    (id, op) => {
      const twin =
        API_COMPONENTS.Endpoint?.markdown({op: id}, {data, url, where: () => id, samples: everySample}) ?? '';
      for (const fence of fences) expect(twin, fence).toContain(fence);
      for (const sample of op.samples) expect(twin).toContain(`\`\`\`${sample.prism}\n${sample.code}\n\`\`\``);
      const tree = data.operation.get(id) as ReferenceTree;
      const page = pageFacts(tree);
      const shown = page.code.filter((c) => SAMPLE_LANGUAGES.some((l) => c.startsWith(`${l.label}: `)));
      expect(shown).toEqual(op.samples.map((s) => `${s.label}: ${s.code}`));
      expect(op.samples.map((s) => s.lang)).toEqual(SAMPLE_LANGUAGES.map((l) => l.id));
    },
  );
});
