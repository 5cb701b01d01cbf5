import {describe, expect, it} from 'vitest';
import {descendants, nestRows, type RowNode} from '#core/contract/field-tree';

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
