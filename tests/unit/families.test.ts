/**
 * The service families come from the contract's tags (core/contract/families.ts): the home
 * page's cards, the footer's columns and the llms.txt summary all read this one list.
 */
import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parse as parseYaml} from 'yaml';
import {familiesByGroup, familiesOf, tagViews} from '#core/contract/families';
import type {OpenApiDocument} from '#core/contract/openapi';
import type {IndexEntry} from '#core/contract/types';
import {CONTRACT_ROOT} from '#node/contract/paths';

const doc: Pick<OpenApiDocument, 'tags' | 'x-tagGroups'> = {
  tags: [
    {name: 'aeps', description: 'Aadhaar banking.', 'x-displayName': 'AEPS', 'x-overview': '/docs/v1/aeps'},
    {name: 'aeps-airtel', description: 'Second provider.', 'x-overview': '/docs/v1/aeps'},
    {name: 'common', description: 'Look-ups.', 'x-displayName': 'Common look-ups'},
    {name: 'draft', description: 'Not written yet.'},
  ],
  'x-tagGroups': [{name: 'Banking', tags: ['aeps', 'aeps-airtel']}],
};

const entry = (id: string, tag: string, href?: string): IndexEntry => ({
  kind: 'operation',
  id,
  method: 'GET',
  path: `/${id}`,
  summary: id,
  tag,
  ...(href ? {href} : {}),
});

describe('families', () => {
  const tags = tagViews(doc, [
    entry('common-bank', 'common', '/docs/v1/common/bank'),
    entry('common-state', 'common', '/docs/v1/common/state'),
    entry('draft-x', 'draft'),
  ]);

  it('tag views: label, group (Other when none), overview and entries', () => {
    expect(tags.map((t) => [t.name, t.label, t.group, t.overview ?? '', t.entries.length])).toEqual([
      ['aeps', 'AEPS', 'Banking', '/docs/v1/aeps', 0],
      ['aeps-airtel', 'aeps-airtel', 'Banking', '/docs/v1/aeps', 0],
      ['common', 'Common look-ups', 'Other', '', 2],
      ['draft', 'draft', 'Other', '', 1],
    ]);
  });

  it('orders tags group by group, as x-tagGroups lists groups and tags', () => {
    const grouped = tagViews(
      {
        tags: [
          {name: 'late', description: 'l'},
          {name: 'payments', description: 'p'},
          {name: 'atm', description: 'a'},
          {name: 'banking', description: 'b'},
        ],
        'x-tagGroups': [
          {name: 'Banking', tags: ['banking', 'atm']},
          {name: 'Payments', tags: ['payments']},
        ],
      },
      [],
    );
    expect(grouped.map((t) => `${t.group}:${t.name}`)).toEqual([
      'Banking:banking',
      'Banking:atm',
      'Payments:payments',
      'Other:late',
    ]);
  });

  it('one family per page: tags sharing an overview are one; no overview, the first page; no page, none', () => {
    expect(familiesOf(tags)).toEqual([
      {name: 'aeps', label: 'AEPS', description: 'Aadhaar banking.', group: 'Banking', href: '/docs/v1/aeps'},
      {
        name: 'common',
        label: 'Common look-ups',
        description: 'Look-ups.',
        group: 'Other',
        href: '/docs/v1/common/bank',
      },
    ]);
  });

  it('groups in the order they first appear', () => {
    expect(familiesByGroup(familiesOf(tags)).map((g) => [g.group, g.families.map((f) => f.name)])).toEqual([
      ['Banking', ['aeps']],
      ['Other', ['common']],
    ]);
  });

  it('the real contract: every tag has a label, a description and a group; its families have pages', () => {
    const contract = parseYaml(fs.readFileSync(CONTRACT_ROOT, 'utf8')) as OpenApiDocument;
    const views = tagViews(contract, []);
    for (const t of views) {
      expect(t.label, t.name).not.toBe(t.name);
      expect(t.description.trim(), t.name).not.toBe('');
      expect(t.group, `${t.name}: add it to x-tagGroups`).not.toBe('Other');
    }
    const families = familiesOf(views);
    expect(families.length).toBeGreaterThan(5);
    for (const f of families) expect(f.href).toMatch(/^\/docs\/v1\//);
  });
});
