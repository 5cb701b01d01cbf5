import {describe, expect, it} from 'vitest';
import {foldRequiredChoices} from '#core/contract/required-choice';
import type {SchemaRow} from '#core/contract/types';

const field = (path: string, depth = 0): SchemaRow => ({
  name: path.split('.').at(-1) ?? path,
  path,
  depth,
  type: 'string',
  required: false,
  constraints: [],
});
const branch = (path: string, requires: readonly string[], depth = 0): SchemaRow => ({
  ...field(path, depth),
  type: 'one of these',
  variant: 'one of',
  requires,
});

describe('foldRequiredChoices', () => {
  it('moves a oneOf of bare required lists onto the fields it names, once, and drops its branch rows', () => {
    const rows = [
      field('referenceid'),
      field('aadhaar_number'),
      field('adhaarnumber'),
      field('amount'),
      branch('[aadhaar_number]', ['aadhaar_number']),
      branch('[adhaarnumber (deprecated)]', ['adhaarnumber']),
    ];
    const choice = {kind: 'one of', names: ['aadhaar_number', 'adhaarnumber']};
    expect(foldRequiredChoices(rows)).toEqual([
      field('referenceid'),
      {...field('aadhaar_number'), choice},
      {...field('adhaarnumber'), choice},
      field('amount'),
    ]);
  });

  it('finds the named fields beside a nested object’s branches', () => {
    const rows = [
      field('device'),
      field('device.terminalid', 1),
      field('device.serial', 1),
      branch('device[a]', ['terminalid'], 1),
      branch('device[b]', ['serial'], 1),
    ];
    expect(foldRequiredChoices(rows).map((r) => [r.path, r.choice?.names.join(' ')])).toEqual([
      ['device', undefined],
      ['device.terminalid', 'terminalid serial'],
      ['device.serial', 'terminalid serial'],
    ]);
  });

  it('keeps branches that have fields of their own, or name a field the object does not list', () => {
    const shapes = [field('mode'), branch('[bank]', ['ifsc']), field('[bank].ifsc', 1), branch('[upi]', ['mode'])];
    expect(foldRequiredChoices(shapes)).toEqual(shapes);
    const unknown = [field('a'), branch('[a]', ['a']), branch('[b]', ['b'])];
    expect(foldRequiredChoices(unknown)).toEqual(unknown);
  });
});
