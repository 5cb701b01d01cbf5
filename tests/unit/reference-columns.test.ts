/** core/contract/columns.ts and core/contract/field-anchors.ts: the webhook columns and the field rows' anchors. */
import {describe, expect, it} from 'vitest';
import {splitAtExamples} from '#core/contract/columns';
import {anchorSlug, fieldAnchors} from '#core/contract/field-anchors';

const kinds = (...list: string[]) => list.map((kind) => ({kind}));

describe('splitAtExamples', () => {
  it('puts the first run of examples in the column, in order, and keeps the rest around it', () => {
    const blocks = kinds('request-line', 'fields', 'examples', 'examples', 'notice', 'examples');
    expect(splitAtExamples(blocks)).toEqual({
      main: kinds('request-line', 'fields'),
      side: kinds('examples', 'examples'),
      after: kinds('notice', 'examples'),
    });
  });

  it('leaves blocks without examples in one column', () => {
    expect(splitAtExamples(kinds('fields'))).toEqual({main: kinds('fields'), side: [], after: []});
  });
});

describe('fieldAnchors', () => {
  it('names each row by its path, or by its name for a parameter', () => {
    expect(anchorSlug('data.errors[].field')).toBe('data-errors-field');
    expect(
      fieldAnchors('response', [
        {name: 'utr', path: 'data.utr'},
        {name: 'status', path: 'status'},
      ]),
    ).toEqual(['response-data-utr', 'response-status']);
    expect(fieldAnchors('request-header', [{name: 'Authorization'}])).toEqual(['request-header-authorization']);
  });

  it('numbers a repeat, so an anchor names one row', () => {
    expect(
      fieldAnchors('request', [
        {name: 'a', path: 'a'},
        {name: 'a', path: 'a'},
        {name: 'a', path: 'a'},
      ]),
    ).toEqual(['request-a', 'request-a-2', 'request-a-3']);
  });
});
