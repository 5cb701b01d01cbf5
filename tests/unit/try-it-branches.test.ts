/**
 * The `oneOf` choices of a request body in Try it (core/sandbox/try-it-hints.ts branchGroups,
 * core/sandbox/try-it-branches.ts): read from the field rows, the branch a draft follows, the marks
 * it adds, and the draft switched to another branch.
 */
import {describe, expect, it} from 'vitest';
import {schemaToRows} from '#core/contract/schema';
import type {SchemaRow} from '#core/contract/types';
import {chosenBranch, hintsWithBranches, linesWithBranches, switchBranch} from '#core/sandbox/try-it-branches';
import {branchGroups, type BranchGroup} from '#core/sandbox/try-it-hints';

const ROWS: SchemaRow[] = schemaToRows({
  type: 'object',
  required: ['merchantcode'],
  oneOf: [
    {title: 'aadhaar_number', required: ['aadhaar_number']},
    {title: 'adhaarnumber (deprecated)', required: ['adhaarnumber']},
  ],
  properties: {
    merchantcode: {type: 'string'},
    aadhaar_number: {type: 'string', examples: ['999941057058']},
    adhaarnumber: {type: 'string', examples: ['999941057058'], deprecated: true},
    amount: {type: 'integer', examples: [100]},
    device: {
      type: 'object',
      oneOf: [
        {title: 'Counter (AGT)', type: 'object', required: ['terminalid'], properties: {terminalid: {type: 'string'}}},
        {
          title: 'Online (INT)',
          type: 'object',
          required: ['ip'],
          properties: {ip: {type: 'string', examples: ['10.0.0.1']}},
        },
      ],
    },
    payees: {
      type: 'array',
      items: {oneOf: [{title: 'Account', required: ['ifsc'], properties: {ifsc: {type: 'string'}}}]},
    },
  },
});

const GROUPS = branchGroups(ROWS);

const groupAt = (at: string): BranchGroup => {
  const found = GROUPS.find((g) => g.at === at);
  if (!found) throw new Error(`no oneOf group at "${at}"`);
  return found;
};
const body = (value: unknown): string => JSON.stringify(value, null, 2);

describe('Try it: the oneOf groups of a body', () => {
  it('reads each object’s branches with the fields they require, by path in the body; skips array items', () => {
    expect(GROUPS).toEqual([
      {
        at: 'device',
        branches: [
          {
            title: 'Counter (AGT)',
            required: ['device.terminalid'],
            fields: ['device.terminalid'],
            examples: {'device.terminalid': ''},
          },
          {title: 'Online (INT)', required: ['device.ip'], fields: ['device.ip'], examples: {'device.ip': '10.0.0.1'}},
        ],
      },
      {
        at: '',
        branches: [
          {
            title: 'aadhaar_number',
            required: ['aadhaar_number'],
            fields: ['aadhaar_number'],
            examples: {aadhaar_number: '999941057058'},
          },
          {
            title: 'adhaarnumber (deprecated)',
            required: ['adhaarnumber'],
            fields: ['adhaarnumber'],
            examples: {adhaarnumber: '999941057058'},
          },
        ],
      },
    ]);
  });
});

describe('Try it: the branch a draft follows and its marks', () => {
  const top = groupAt('');
  const device = groupAt('device');

  it('follows the branch whose required fields are there, else the one with most of them, else the first', () => {
    expect(chosenBranch(top, body({aadhaar_number: '9999'}))).toBe(0);
    expect(chosenBranch(top, body({adhaarnumber: '9999'}))).toBe(1);
    expect(chosenBranch(top, body({}))).toBe(0);
    expect(chosenBranch(device, body({device: {ip: '10.0.0.1'}}))).toBe(1);
    expect(chosenBranch(top, '{"not json')).toBe(0);
  });

  it('marks the fields the followed branch requires, beside the body’s own marks', () => {
    const hints = hintsWithBranches({merchantcode: {required: true}}, GROUPS, body({adhaarnumber: '9999', device: {}}));
    expect(hints).toEqual({
      merchantcode: {required: true},
      adhaarnumber: {required: true},
      'device.terminalid': {required: true},
    });
    expect(hintsWithBranches({x: {required: true}}, undefined, '{}')).toEqual({x: {required: true}});
  });

  it('switches the draft: the other branch’s fields out, the missing required ones in with their example', () => {
    expect(
      JSON.parse(switchBranch(body({merchantcode: 'M1', aadhaar_number: '9999'}), top, 'adhaarnumber (deprecated)')),
    ).toEqual({
      merchantcode: 'M1',
      adhaarnumber: '999941057058',
    });
    expect(JSON.parse(switchBranch(body({device: {terminalid: 'T1'}}), device, 'Online (INT)'))).toEqual({
      device: {ip: '10.0.0.1'},
    });
    // A body that is not JSON, or a branch that does not exist, is left as it is.
    expect(switchBranch('{"x', top, 'aadhaar_number')).toBe('{"x');
    expect(switchBranch('{}', top, 'nope')).toBe('{}');
  });

  it('lays the fields view out with each choice just before its fields, the other branch’s left-out field hidden', () => {
    const top = groupAt('');
    const fields = [
      {path: 'merchantcode', value: 'M1', type: 'string'},
      {path: 'aadhaar_number', value: '', type: 'string', omitted: true},
      {path: 'amount', value: '100', type: 'number'},
      {path: 'adhaarnumber', value: '9999', type: 'string'},
    ] as const;
    const lines = linesWithBranches(fields, [top], body({merchantcode: 'M1', amount: 100, adhaarnumber: '9999'}));
    expect(lines.map((l) => (l.kind === 'branch' ? `[${l.group.at}]` : l.field.path))).toEqual([
      'merchantcode',
      '[]',
      'adhaarnumber',
      'amount',
    ]);
    // No field of the group on screen: the choice goes last; no groups: the fields as they are.
    expect(linesWithBranches([fields[0]], [top], '{}').map((l) => l.kind)).toEqual(['field', 'branch']);
    expect(linesWithBranches([fields[0]], undefined, '{}')).toEqual([{kind: 'field', field: fields[0]}]);
  });
});
