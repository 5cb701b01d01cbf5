import {describe, expect, it} from 'vitest';
import {descendants, fieldNodes, nestRows, pageRow, type RowNode} from '#core/contract/field-tree';
import {defaultLabels} from '#core/contract/labels';
import {fieldWords} from '#core/contract/tree';
import type {SchemaRow} from '#core/contract/types';

/** A node as `name(children...)`, so a tree reads on one line. */
const show = (node: RowNode<{readonly name: string}>): string =>
  node.children.length ? `${node.row.name}(${node.children.map(show).join(' ')})` : node.row.name;

describe('nestRows', () => {
  it('puts each deeper row under the row before it, keeping every row and its index', () => {
    const rows = [
      {name: 'status', depth: 0},
      {name: 'data', depth: 0},
      {name: 'errors[]', depth: 1},
      {name: 'field', depth: 2},
      {name: 'reason', depth: 2},
      {name: 'utr', depth: 1},
      {name: 'message', depth: 0},
    ];
    const tree = nestRows(rows);
    expect(tree.map(show)).toEqual(['status', 'data(errors[](field reason) utr)', 'message']);
    expect(tree[1]?.children[0]?.children[1]?.index).toBe(4);
    expect(tree.map(descendants)).toEqual([0, 4, 0]);
  });

  it('reads rows without a depth (headers, parameters) as top-level', () => {
    expect(nestRows([{name: 'Authorization'}, {name: 'X-Request-Id'}]).map(show)).toEqual([
      'Authorization',
      'X-Request-Id',
    ]);
  });
});

describe('fieldNodes', () => {
  const row = (path: string, depth: number, more: Partial<SchemaRow> = {}): SchemaRow => ({
    name: path.split('.').at(-1) ?? path,
    path,
    depth,
    type: 'string',
    required: false,
    constraints: [],
    ...more,
  });
  const choice = {kind: 'one of', names: ['aadhaar_number', 'adhaarnumber', 'vid']} as const;
  const rows = [
    row('aadhaar_number', 0, {choice}),
    row('data', 0, {type: 'object'}),
    row('data.errors[]', 1, {type: 'array'}),
    row('data.errors[].field', 2),
    row('data.utr', 1),
  ];

  it('gives the page each row nested with its anchor, its fold and its rule, in the tree words', () => {
    expect(fieldNodes(rows, fieldWords(defaultLabels()), {anchor: 'response-200', unfolded: true})).toEqual([
      {
        row: 0,
        id: 'response-200-aadhaar-number',
        rule: 'Send exactly one of `aadhaar_number`, `adhaarnumber` or `vid`.',
      },
      {
        row: 1,
        id: 'response-200-data',
        nested: {
          summary: 'Nested fields (3)',
          open: true,
          nodes: [
            {
              row: 2,
              id: 'response-200-data-errors',
              nested: {summary: 'Nested fields (1)', nodes: [{row: 3, id: 'response-200-data-errors-field'}]},
            },
            {row: 4, id: 'response-200-data-utr'},
          ],
        },
      },
    ]);
  });

  it('folds every nested field of a table that is not unfolded, and gives no anchors without a prefix', () => {
    const [, data] = fieldNodes(rows, fieldWords(defaultLabels()));
    expect(data).toEqual({
      row: 1,
      nested: {
        summary: 'Nested fields (3)',
        nodes: [{row: 2, nested: {summary: 'Nested fields (1)', nodes: [{row: 3}]}}, {row: 4}],
      },
    });
  });

  it("leaves out of each row what its node stands for: path, depth, a branch's requires, a parameter's in", () => {
    expect(pageRow(row('data.utr', 1, {variant: 'one of', requires: ['utr']}))).toEqual({
      name: 'utr',
      type: 'string',
      required: false,
      constraints: [],
      variant: 'one of',
    });
    expect(pageRow({name: 'referenceid', in: 'query', type: 'string', required: true, constraints: []})).toEqual({
      name: 'referenceid',
      type: 'string',
      required: true,
      constraints: [],
    });
  });
});
