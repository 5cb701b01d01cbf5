import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {createMemo} from '#core/util/memo';
import {createDiskMemo} from '#node/contract/disk-memo';

describe('createMemo', () => {
  it('makes a result once per input, by value', () => {
    const memo = createMemo();
    let made = 0;
    const twice = (n: number): number => memo({n}, () => (made++, n * 2));
    expect([twice(2), twice(2), twice(3)]).toEqual([4, 4, 6]);
    expect(made).toBe(2);
  });

  it('forgets the least recently used input beyond its limit', () => {
    const memo = createMemo(2);
    const made: string[] = [];
    const get = (k: string): string => memo(k, () => (made.push(k), k));
    get('a');
    get('b');
    get('a'); // a is now the most recent
    get('c'); // b goes
    get('a');
    get('b');
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });
});

describe('createMemo(0)', () => {
  it('keeps nothing', () => {
    const memo = createMemo(0);
    let made = 0;
    memo('a', () => made++);
    memo('a', () => made++);
    expect(made).toBe(2);
  });
});

describe('createDiskMemo', () => {
  const dir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'disk-memo-'));

  it('hands a later process what an earlier one made, and makes it again for other code', () => {
    const folder = dir();
    const made: string[] = [];
    const make = (tag: string) => () => (made.push(tag), {diffs: [new Map([['a', 1]])]});
    const first = createDiskMemo({dir: folder, codeKey: 'v1', inMemory: createMemo(0)});
    const second = createDiskMemo({dir: folder, codeKey: 'v1', inMemory: createMemo(0)});
    const newCode = createDiskMemo({dir: folder, codeKey: 'v2', inMemory: createMemo(0)});
    expect(first({piece: 1}, make('first'))).toEqual({diffs: [new Map([['a', 1]])]});
    expect(second({piece: 1}, make('second'))).toEqual({diffs: [new Map([['a', 1]])]});
    newCode({piece: 1}, make('new code'));
    second({piece: 2}, make('other input'));
    expect(made).toEqual(['first', 'new code', 'other input']);
  });

  it('keeps nothing when the result cannot be made, and makes a damaged file again', () => {
    const folder = dir();
    const memo = createDiskMemo({dir: folder, codeKey: 'v1', inMemory: createMemo(0)});
    expect(() =>
      memo('x', () => {
        throw new Error('api-smart-diff could not compare the two contracts: boom');
      }),
    ).toThrow('api-smart-diff could not compare the two contracts: boom');
    expect(fs.readdirSync(folder)).toEqual([]);
    memo('x', () => 1);
    const [file] = fs.readdirSync(folder);
    fs.writeFileSync(path.join(folder, file as string), 'not v8');
    expect(memo('x', () => 2)).toBe(2);
  });
});
