/**
 * core/journeys/select.ts: which workflows one `<Journeys>` shows, for the page and its twin alike,
 * and the messages a wrong pick fails the build with.
 */
import {describe, expect, it} from 'vitest';
import type {SectionBlock} from '#core/contract/sections';
import {byWorkflow, pickJourneys} from '#core/journeys/select';
import {journeysKey} from '#core/journeys/sections';
import {API_COMPONENTS, everySample, type ContractData, type Props} from '#node/contract/components';

const workflow = (id: string): SectionBlock[] => [
  {kind: 'heading', depth: 3, text: `Title of ${id}`, id: `journey-${id}`},
  {kind: 'paragraph', text: `About ${id}.`},
  {kind: 'list', ordered: true, items: [{key: 'a', cell: ['step of ' + id]}]},
];
const FILE: SectionBlock[] = [...workflow('pay-paid'), ...workflow('pay-timeout'), ...workflow('pay-duplicate')];

const headings = (blocks: readonly SectionBlock[]): string[] =>
  blocks.flatMap((b) => (b.kind === 'heading' ? [b.id ?? ''] : []));

describe('byWorkflow', () => {
  it('groups each workflow with the blocks under its heading', () => {
    expect(byWorkflow(FILE).map((g) => [g.workflow, g.blocks.length])).toEqual([
      ['pay-paid', 3],
      ['pay-timeout', 3],
      ['pay-duplicate', 3],
    ]);
  });
});

describe('pickJourneys', () => {
  it('shows every workflow when nothing is picked', () => {
    expect(pickJourneys(FILE, {}, 'p.mdx')).toEqual({blocks: FILE});
  });

  it('shows only the named workflows, in the order of the file, each whole', () => {
    const result = pickJourneys(FILE, {workflows: 'pay-duplicate pay-paid'}, 'p.mdx');
    expect('blocks' in result && headings(result.blocks)).toEqual(['journey-pay-paid', 'journey-pay-duplicate']);
    expect('blocks' in result && result.blocks).toHaveLength(6);
  });

  it('shows every workflow but the excepted ones (a comma separates too)', () => {
    const result = pickJourneys(FILE, {except: 'pay-paid,pay-timeout'}, 'p.mdx');
    expect('blocks' in result && headings(result.blocks)).toEqual(['journey-pay-duplicate']);
  });

  it('names the page, the unknown workflow and the ids to use', () => {
    expect(pickJourneys(FILE, {workflows: 'pay-pad'}, 'docs/v1/x.mdx <Journeys>')).toEqual({
      problem:
        'docs/v1/x.mdx <Journeys>: <Journeys> names the workflow "pay-pad", which its family\'s journey file does not have. Fix: use one of pay-paid, pay-timeout, pay-duplicate.',
    });
  });

  it('refuses both props at once, and an except that leaves nothing', () => {
    expect(pickJourneys(FILE, {workflows: 'pay-paid', except: 'pay-timeout'}, 'p.mdx')).toEqual({
      problem: 'p.mdx: <Journeys> takes workflows="..." or except="...", not both.',
    });
    expect(pickJourneys(FILE, {except: 'pay-paid pay-timeout pay-duplicate'}, 'p.mdx')).toEqual({
      problem: 'p.mdx: <Journeys except="..."> leaves no workflow to show. Fix: drop the element.',
    });
  });
});

describe('<Journeys> in the Markdown twin', () => {
  // The twin's writer reads the family's generated blocks and picks as the page does.
  const data = {tag: new Map([['pay', {}]]), sections: {[journeysKey('pay')]: FILE}} as unknown as ContractData;
  const twin = (props: Props): string =>
    API_COMPONENTS.Journeys?.markdown(props, {
      data,
      url: (p) => p,
      where: (c) => `docs/v1/pay.mdx <${c}>`,
      samples: everySample,
    }) ?? '';

  it('writes the picked workflows only, the same the page shows', () => {
    expect(twin({family: 'pay', workflows: 'pay-timeout'})).toContain('Title of pay-timeout');
    expect(twin({family: 'pay', workflows: 'pay-timeout'})).not.toContain('Title of pay-paid');
    expect(twin({family: 'pay', except: 'pay-timeout'})).toMatch(/Title of pay-paid[\s\S]*Title of pay-duplicate/);
    expect(twin({family: 'pay'})).toContain('Title of pay-timeout');
  });

  it('fails on a workflow the family does not have, naming the page', () => {
    expect(() => twin({family: 'pay', workflows: 'pay-lost'})).toThrow(
      'docs/v1/pay.mdx <Journeys>: <Journeys> names the workflow "pay-lost", which its family\'s journey file does not have.',
    );
  });
});
