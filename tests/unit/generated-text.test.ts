/**
 * The words the build writes, read as a reader reads them (issue 34). Every page's Markdown twin is
 * built here in process the way plugins/llms-txt builds it (the MDX prose as written, each API
 * component as its registry entry writes it from the contract's trees, sections and facts), and every
 * sentence is read for:
 *
 * - an alternative named twice ("first reported as SUCCESS, FAILED, PENDING or PENDING");
 * - a sentence run on into a capitalised one after a colon ("never send the order again to find out:
 *   A code 5 learns its outcome from ..."), which a generated fact put mid-sentence reads as;
 *
 * and every error answer's field table for examples its own status contradicts (`message` "Transaction
 * successful" in the 400, 401 and 429 tables, beside `status` always false).
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {contractSite} from '#node/contract/load';
import {API_COMPONENTS, everySample, type ContractData} from '#node/contract/components';
import {componentSections, panStatuses, trees} from '#node/contract/data';
import {mdxToMarkdown, type ComponentRenderer} from '../../plugins/llms-txt/lib/mdx';
import {contractDeprecations} from '#core/contract/deprecations';
import {defaultLabels} from '#core/contract/labels';
import {sandboxPageTree, sandboxPageView} from '#core/sandbox/page';
import {sharedAnswersTree, type ReferenceTree} from '#core/contract/tree';
import {loadedContract} from '../helpers/contract';

const SITE = path.resolve(import.meta.dirname, '../..');

/** Every MDX page of the site (docs and src/pages), relative to the site. */
function mdxFiles(dir: string): string[] {
  return fs.readdirSync(path.join(SITE, dir), {withFileTypes: true}).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return mdxFiles(rel);
    return entry.name.endsWith('.mdx') ? [rel] : [];
  });
}

const loaded = await loadedContract();
const labels = defaultLabels();
const routed = contractSite(loaded, (file) => `/${file}`);
const {views} = routed;
const sandboxPage = sandboxPageView(loaded.sandbox, views.tags);
const all = trees(views, labels).map((t) => t.tree);
const byKind = (kind: ReferenceTree['kind']) =>
  new Map(all.filter((t) => t.kind === kind).map((t) => [t.id, t] as const));

const data: ContractData = {
  operation: byKind('operation'),
  webhook: byKind('webhook'),
  tag: new Map(views.tags.map((t) => [t.name, t])),
  tags: views.tags,
  sections: componentSections({
    views,
    labels,
    responseCodes: loaded.responseCodes,
    bodies: loaded.bodies,
    panStatuses: panStatuses(loaded.deref),
    samples: {},
    rateLimits: routed.rateLimits,
    releases: routed.releases,
    notes: loaded.notes,
    deprecations: contractDeprecations(loaded.deref),
    sandboxPage,
    stylesheets: {},
    sandbox: [],
    behaviour: loaded.behaviour,
    journeys: loaded.journeys,
  }),
  jwtSamples: [],
  verifySamples: [],
  sandboxPage: sandboxPageTree(sandboxPage, labels),
  facts: loaded.behaviour.facts,
  sharedAnswers: sharedAnswersTree(views.sharedAnswers, labels),
  clientSamples: [],
};

/** The twin of one page, as plugins/llms-txt writes it (links as written: only the words matter here). */
function twin(file: string): string {
  const renderers: Record<string, ComponentRenderer> = Object.fromEntries(
    Object.entries(API_COMPONENTS).map(([name, spec]) => [
      name,
      (props) => spec.markdown(props, {data, url: (p) => p, where: (c) => `${file} <${c}>`, samples: everySample}),
    ]),
  );
  return mdxToMarkdown(fs.readFileSync(path.join(SITE, file), 'utf8'), {
    title: file,
    renderers,
    resolveLink: (url) => url,
    file,
  });
}

/**
 * The prose of a twin, one line per sentence-bearing piece: code blocks dropped, links read as their
 * text, code spans as their words, table cells apart.
 */
function proseLines(markdown: string): string[] {
  return markdown
    .replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .split(/\n|(?<!\\)\|/)
    .map((line) => line.replace(/^\s*(?:[-*>#]+|\d+\.)\s*/, '').trim())
    .filter(Boolean);
}

/** `SUCCESS, FAILED, PENDING or PENDING`: a list of one-word alternatives that names one twice. */
function repeatedAlternatives(line: string): string[] {
  const lists = line.match(/(?:[\w-]+, )*[\w-]+ (?:or|and) [\w-]+/g) ?? [];
  return lists.filter((list) => {
    const items = list.split(/, | or | and /);
    return new Set(items).size < items.length;
  });
}

const files = [...mdxFiles('docs'), ...mdxFiles('src/pages')].sort();
const twins = new Map(files.map((f) => [f, proseLines(twin(f))]));

/** Where a sentence or a paragraph begins: the clause before a colon starts after the last one. */
const SENTENCE_START = /[.!?;](?=\s)|\n[ \t]*\n/g;

/** Where a list item begins: a colon in its first clause ends the item's label ("- `3`: ..."). */
const LIST_ITEM = /(?:^|\n)[ \t]*(?:[-*]|\d+\.) /g;

/** A label that introduces a fact at a paragraph's start ("The rules this follows:") is shorter. */
const RUNNING_PROSE_WORDS = 8;

/**
 * `never send the order again to find out: <Fact id="payout-create-order.code-5" />`: a generated
 * sentence ("A code 5 learns its outcome ...") put after a colon that ends a clause of running prose,
 * where its capital reads as one mid-sentence.
 */
function factsMidSentence(file: string, source = fs.readFileSync(path.join(SITE, file), 'utf8')): string[] {
  return [...source.matchAll(/: <Fact id="([^"]+)" \/>/g)].flatMap((m) => {
    const before = source.slice(0, m.index);
    const from = Math.max(0, ...[...before.matchAll(SENTENCE_START)].map((b) => b.index + b[0].length));
    const item = Math.max(-1, ...[...before.matchAll(LIST_ITEM)].map((b) => b.index + b[0].length));
    if (item >= from) return [];
    const clause = before.slice(from).replace(/[*`]/g, '').replace(/\s+/g, ' ').trim();
    const fact = data.facts[m[1] as string] ?? '';
    if (clause.split(' ').length < RUNNING_PROSE_WORDS || !/^[A-Z][a-z]* /.test(fact)) return [];
    const line = before.split('\n').length;
    return [`${file}:${line}: "${clause}: ${fact.split(' ').slice(0, 4).join(' ')} ..."`];
  });
}

describe("every page's generated sentences", () => {
  it('reads every MDX page of the site, references and facts included', () => {
    expect(files.length).toBeGreaterThan(100);
    const withdrawal = (twins.get('docs/v1/service/aeps/withdrawal.mdx') ?? []).join('\n');
    expect(withdrawal).toContain('learns its outcome from');
    expect(withdrawal).toContain('response_code');
    expect((twins.get('docs/v1/service/dmt/index.mdx') ?? []).join('\n')).toContain(
      'first reported as SUCCESS, FAILED or PENDING.',
    );
  });

  it.each(files)('%s: no alternative named twice, no generated sentence put mid-sentence', (file) => {
    expect((twins.get(file) ?? []).flatMap(repeatedAlternatives)).toEqual([]);
    expect(factsMidSentence(file)).toEqual([]);
  });

  it('the checks catch the sentences issue 34 found', () => {
    expect(repeatedAlternatives('Transfers are first reported as SUCCESS, FAILED, PENDING or PENDING.')).toEqual([
      'SUCCESS, FAILED, PENDING or PENDING',
    ]);
    const before =
      'If a delivery never arrives, ask the status call.\nNever send the order again to find out: <Fact id="payout-create-order.code-5" />';
    expect(factsMidSentence('demo.mdx', before)).toEqual([
      'demo.mdx:2: "Never send the order again to find out: A code 5 learns ..."',
    ]);
    expect(factsMidSentence('demo.mdx', '- The other failure codes: <Fact id="payout-create-order.code-5" />')).toEqual(
      [],
    );
  });
});

describe('error answers', () => {
  const answers = views.operations.flatMap((op) =>
    op.responses.filter((r) => !r.status.startsWith('2')).map((r) => ({id: op.id, answer: r})),
  );

  it.each(answers.map(({id, answer}) => [`${id} ${answer.status}`, answer] as const))(
    '%s: no field example of a success, no field its code never carries',
    (_name, answer) => {
      const example = JSON.parse(answer.examples[0]?.json ?? '{}') as {status?: unknown; response_code?: unknown};
      const rows = new Map(answer.rows.map((r) => [r.path, r]));
      if (example.status === false) expect(rows.get('status')?.example ?? 'false').toBe('false');
      if (rows.get('message')?.example !== undefined)
        expect(answer.examples.map((e) => (JSON.parse(e.json) as {message?: string}).message)).toContain(
          rows.get('message')?.example,
        );
      if (typeof example.response_code === 'number')
        expect(rows.get('response_code')?.example ?? String(example.response_code)).toBe(String(example.response_code));
      if (example.response_code !== 10) expect([...rows.keys()].filter((p) => p.startsWith('data.errors'))).toEqual([]);
    },
  );

  it('the shared 400, 401 and 429 are shown once (/ResponseCode), and linked from the pages', () => {
    expect(views.sharedAnswers.map((r) => [r.status, r.shared])).toEqual([
      ['400', 'BadRequest'],
      ['401', 'Unauthorized'],
      ['429', 'TooManyRequests'],
    ]);
    const withdrawal = (twins.get('docs/v1/service/aeps/withdrawal.mdx') ?? []).join('\n');
    expect(withdrawal).toContain(
      'This call can also answer 400 Bad Request, 401 Unauthorized and 429 Too Many Requests',
    );
    expect(withdrawal).not.toContain('Token expired or reqId already used');
    const codes = (twins.get('src/pages/ResponseCode.mdx') ?? []).join('\n');
    expect(codes.match(/Token expired or reqId already used/g)?.length).toBeGreaterThan(0);
  });

  it('are there to read: the shared 400, 401 and 429 on every operation that answers them', () => {
    expect(answers.filter((a) => a.answer.status === '401').length).toBeGreaterThan(50);
    const bad = answers.find((a) => a.id === 'aeps-cash-withdrawal' && a.answer.status === '400')?.answer;
    expect(bad?.rows.map((r) => [r.path, r.example])).toContainEqual(['data.errors[].field', 'referenceid']);
  });
});
