/** src/theme/TOCItems/active.ts: the active entry of the table of contents. */
import {describe, expect, it} from 'vitest';
import {activeHeading} from '../../src/theme/TOCItems/active';

const tops = [
  {id: 'request', top: -400},
  {id: 'responses', top: 60},
  {id: 'codes', top: 700},
];

describe('activeHeading', () => {
  it('is the last heading at or above the line, else the first', () => {
    expect(activeHeading(tops, 80)).toBe('responses');
    expect(activeHeading(tops, 40)).toBe('request');
    expect(activeHeading([{id: 'a', top: 500}], 80)).toBe('a');
    expect(activeHeading([], 80)).toBeUndefined();
  });

  it('is the last heading at the bottom of the page', () => {
    expect(activeHeading(tops, 80, true)).toBe('codes');
  });
});
