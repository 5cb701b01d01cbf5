import {describe, expect, it} from 'vitest';
import {createMemo} from '#core/util/memo';

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
