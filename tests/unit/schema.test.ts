import {describe, expect, it} from 'vitest';
import {describeConstraints, describeType, mergeAllOf, schemaToRows} from '#core/contract/schema';

describe('mergeAllOf', () => {
  it('unions properties and required of every part', () => {
    const merged = mergeAllOf({
      allOf: [
        {type: 'object', required: ['a'], properties: {a: {type: 'string'}}},
        {type: 'object', required: ['b'], properties: {b: {type: 'integer'}}},
      ],
    });
    expect(Object.keys(merged.properties ?? {})).toEqual(['a', 'b']);
    expect(merged.required).toEqual(['a', 'b']);
  });
});

describe('describeType', () => {
  it('names formats, arrays and nullables', () => {
    expect(describeType({type: 'string', format: 'date-time'})).toBe('string (date-time)');
    expect(describeType({type: 'array', items: {type: 'object', properties: {}}})).toBe('array of object');
    expect(describeType({type: ['string', 'null']})).toBe('string, nullable');
    expect(describeType({type: 'string', contentEncoding: 'base64'})).toBe('string (base64)');
  });
});

describe('describeConstraints', () => {
  it('reads ranges, steps, lengths and patterns in a stable order', () => {
    expect(describeConstraints({type: 'integer', minimum: 100, maximum: 10000, multipleOf: 50})).toEqual([
      '100 to 10000',
      'multiple of 50',
    ]);
    expect(describeConstraints({type: 'number', minimum: 1, multipleOf: 0.01})).toEqual([
      'at least 1',
      'up to 2 decimal places',
    ]);
    expect(describeConstraints({type: 'string', minLength: 6, maxLength: 36, pattern: '^[A-Z]+$'})).toEqual([
      '6 to 36 characters',
      'pattern ^[A-Z]+$',
    ]);
    expect(describeConstraints({const: 'X'})).toEqual(['always "X"']);
  });
});

describe('schemaToRows', () => {
  it('flattens nested objects and arrays of objects with depth and dotted paths', () => {
    const rows = schemaToRows({
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          description: 'Payload.',
          properties: {
            items: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id'],
                properties: {id: {type: 'string', description: 'Id.', examples: ['x1']}},
              },
            },
          },
        },
      },
    });
    expect(rows.map((r) => [r.path, r.depth, r.type, r.required])).toEqual([
      ['data', 0, 'object', true],
      ['data.items', 1, 'array of object', false],
      ['data.items[].id', 2, 'string', true],
    ]);
    expect(rows[2]?.example).toBe('x1');
  });

  it('lists enum values instead of an example', () => {
    const [row] = schemaToRows({
      type: 'object',
      properties: {mode: {type: 'string', enum: ['SITE', 'APP'], examples: ['SITE']}},
    });
    expect(row?.enumValues).toEqual(['SITE', 'APP']);
    expect(row?.example).toBeUndefined();
  });
});

describe('schemaToRows with oneOf', () => {
  it('gives each branch a labelled row and its own fields one level deeper, and names required-only branches', () => {
    const rows = schemaToRows({
      type: 'object',
      properties: {
        device: {
          type: 'object',
          description: 'Where the payment was made.',
          oneOf: [
            {
              title: 'Offline agent (AGT)',
              type: 'object',
              required: ['terminalid'],
              properties: {terminalid: {type: 'string', description: 'The terminal.'}},
            },
            {
              title: 'Internet (INT)',
              type: 'object',
              required: ['ip'],
              properties: {ip: {type: 'string', description: 'The IP.'}},
            },
          ],
        },
      },
      oneOf: [{title: 'By reference', required: ['rrn']}],
    });
    expect(rows.map((r) => [r.path, r.depth, r.type, r.variant ?? '', r.required, r.description ?? ''])).toEqual([
      ['device', 0, 'object', '', false, 'Where the payment was made.'],
      ['device[Offline agent (AGT)]', 1, 'one of these', 'one of', false, ''],
      ['device[Offline agent (AGT)].terminalid', 2, 'string', '', true, 'The terminal.'],
      ['device[Internet (INT)]', 1, 'one of these', 'one of', false, ''],
      ['device[Internet (INT)].ip', 2, 'string', '', true, 'The IP.'],
      ['[By reference]', 0, 'one of these', 'one of', false, 'Send `rrn`.'],
    ]);
  });
});

describe('oneOf / anyOf that the old rows dropped or garbled', () => {
  it('reads a choice of formats as one type, with no branch rows', () => {
    const rows = schemaToRows({
      type: 'object',
      properties: {ip: {type: 'string', description: 'The IP.', anyOf: [{format: 'ipv4'}, {format: 'ipv6'}]}},
    });
    expect(rows.map((r) => [r.path, r.type])).toEqual([['ip', 'string (ipv4 or ipv6)']]);
  });

  it('types a field that is one of several objects as object', () => {
    expect(
      describeType({
        oneOf: [
          {title: 'A', type: 'object'},
          {title: 'B', properties: {}},
        ],
      }),
    ).toBe('object');
    expect(describeType({anyOf: [{type: 'string'}, {type: 'integer'}]})).toBe('string or integer');
  });

  it("shows the branches of an array's items under `name[]`", () => {
    const rows = schemaToRows({
      type: 'object',
      properties: {
        payees: {
          type: 'array',
          items: {
            oneOf: [
              {title: 'Bank account', type: 'object', properties: {ifsc: {type: 'string'}}},
              {title: 'UPI id', type: 'object', properties: {vpa: {type: 'string'}}},
            ],
          },
        },
      },
    });
    expect(rows.map((r) => [r.path, r.depth, r.type])).toEqual([
      ['payees', 0, 'array of object'],
      ['payees[][Bank account]', 1, 'one of these'],
      ['payees[][Bank account].ifsc', 2, 'string'],
      ['payees[][UPI id]', 1, 'one of these'],
      ['payees[][UPI id].vpa', 2, 'string'],
    ]);
  });
});
