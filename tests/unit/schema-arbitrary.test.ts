/**
 * The fuzz's generator (tests/helpers/schema-arbitrary.ts) covers every request schema of the
 * contract: each converts, and every value it generates is valid by the contract's own ajv. A keyword
 * it does not know fails, naming where, never generating `{}`.
 */
import fc from 'fast-check';
import {beforeAll, describe, expect, it} from 'vitest';
import {listOperations, type Located} from '#core/contract/openapi';
import {compiledContract} from '../helpers/contract';
import {checkOf, schemaArbitrary, UnsupportedSchemaError, type Schema} from '../helpers/schema-arbitrary';

/** Values checked per schema: about 200 schemas, a few ms each. */
const SAMPLES = 40;

let schemas: {at: string; schema: Schema}[];
beforeAll(async () => {
  const {deref} = await compiledContract();
  const ops = listOperations(deref).filter((l) => l.kind === 'operation');
  schemas = ops.flatMap((l: Located) => [
    ...[...l.itemParams, ...(l.op.parameters ?? [])].map((p) => ({
      at: `${l.op.operationId} ${p.in} ${p.name}`,
      schema: p.schema as Schema,
    })),
    ...Object.entries(l.op.requestBody?.content ?? {}).map(([type, media]) => ({
      at: `${l.op.operationId} body ${type}`,
      schema: media.schema as Schema,
    })),
  ]);
});

describe('schemaArbitrary over the contract', () => {
  it('converts every request schema, and every value it generates is valid', () => {
    expect(schemas.length).toBeGreaterThan(200);
    const invalid: string[] = [];
    for (const {at, schema} of schemas) {
      const check = checkOf(schema);
      for (const value of fc.sample(schemaArbitrary(schema, at), {numRuns: SAMPLES, seed: 33}))
        if (!check(value)) invalid.push(`${at}: ${JSON.stringify(value)} ${JSON.stringify(check.errors)}`);
    }
    expect(invalid).toEqual([]);
  });

  it('generates the branches of a oneOf of required names one at a time', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      oneOf: [{required: ['a']}, {required: ['b']}],
      properties: {a: {type: 'string', pattern: '^a+$'}, b: {type: 'integer', minimum: 1, maximum: 3}},
    };
    const seen = fc
      .sample(schemaArbitrary(schema), {numRuns: 100, seed: 1})
      .map((v) => Object.keys(v as object).join());
    expect(new Set(seen)).toEqual(new Set(['a', 'b']));
  });

  it('applies a then to the property it names when the if holds', () => {
    const schema = {
      type: 'object',
      required: ['mode', 'amount'],
      properties: {mode: {enum: ['A', 'B']}, amount: {type: 'number', minimum: 1, maximum: 1000, multipleOf: 0.01}},
      allOf: [{if: {properties: {mode: {const: 'A'}}, required: ['mode']}, then: {properties: {amount: {maximum: 5}}}}],
    };
    for (const v of fc.sample(schemaArbitrary(schema), {numRuns: 200, seed: 2}) as {mode: string; amount: number}[])
      if (v.mode === 'A') expect(v.amount).toBeLessThanOrEqual(5);
  });

  it.each([
    [{type: 'string', contains: {}}, '#: keyword "contains" has no generator (tests/helpers/schema-arbitrary.ts)'],
    [
      {type: 'object', properties: {a: {not: {}}}},
      '#/properties/a: keyword "not" has no generator (tests/helpers/schema-arbitrary.ts)',
    ],
    [{type: 'string', format: 'hostname'}, '#: format: "hostname" has no generator (schema-arbitrary.ts)'],
    [{description: 'anything'}, '#: no type, const, enum or branches to generate from'],
    [{type: 'object', required: ['a']}, '#: required "a" has no schema in properties'],
  ])('fails loudly on %j', (schema, message) => {
    expect(() => schemaArbitrary(schema)).toThrow(new UnsupportedSchemaError(message));
  });
});
