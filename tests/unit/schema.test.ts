import {describe, expect, it} from 'vitest';
import {describeConstraints, describeType, mergeAllOf, schemaToRows} from '../../src/lib/contract/schema';

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
