/** core/contract/money.ts: money fields found by their marker, and the build's check of the marker. */
import {describe, expect, it} from 'vitest';
import {moneyMarkerProblems, numberFields, rangeFor, requestMoneyFields} from '#core/contract/money';
import type {Located, Operation} from '#core/contract/openapi';
import type {JsonSchema} from '#core/contract/schema';

const AMOUNT: JsonSchema = {type: 'number', minimum: 1, multipleOf: 0.01, 'x-money': true};

const body = (schema: JsonSchema): Operation =>
  ({
    operationId: 'demo-pay',
    tags: ['demo'],
    requestBody: {content: {'application/json': {schema}}},
    responses: {},
  }) as unknown as Operation;

describe('numberFields', () => {
  it('walks properties, allOf, branches and array items', () => {
    const schema: JsonSchema = {
      allOf: [{type: 'object', properties: {amount: AMOUNT}}],
      oneOf: [{title: 'a', properties: {fee: {type: 'number'}}}],
      properties: {lines: {type: 'array', items: {properties: {value: {type: 'integer'}}}}},
    };
    expect(numberFields(schema).map((f) => f.path)).toEqual(['fee', 'amount', 'lines[0].value']);
  });
});

describe('requestMoneyFields', () => {
  it('finds marked body fields and query parameters, and nothing unmarked', () => {
    const op = {
      ...body({type: 'object', properties: {amount: AMOUNT, count: {type: 'integer'}}}),
      parameters: [{name: 'min_amount', in: 'query', schema: AMOUNT}],
    } as Operation;
    const l: Pick<Located, 'op' | 'itemParams'> = {op, itemParams: []};
    expect(requestMoneyFields(l).map((f) => `${f.in}:${f.path}`)).toEqual(['query:min_amount', 'body:amount']);
  });
});

describe('moneyMarkerProblems', () => {
  it('accepts marked amounts', () => {
    expect(moneyMarkerProblems(body({type: 'object', properties: {amount: AMOUNT}}))).toEqual([]);
  });

  it('refuses an amount in paise without the marker, saying where and what to add', () => {
    const unmarked = body({type: 'object', properties: {amount: {type: 'number', multipleOf: 0.01}}});
    expect(moneyMarkerProblems(unmarked)).toEqual([
      {
        key: 'requestBody',
        message:
          "the number at body: amount has `multipleOf: 0.01` (an amount in rupees and paise) but no `x-money: true`. Add `x-money: true` beside its `multipleOf` (in the shared schema, if the field references one): the sandbox's money test finds amounts by this marker.",
      },
    ]);
  });

  it('refuses a marked amount without a step', () => {
    const stepless = body({type: 'object', properties: {amount: {type: 'number', 'x-money': true}}});
    expect(moneyMarkerProblems(stepless)).toEqual([
      {
        key: 'requestBody',
        message:
          'the amount at body: amount is marked `x-money: true` but has no `multipleOf`. Add `multipleOf: 0.01` (or its step, 50 for whole multiples of 50 rupees): the marker promises a step the sandbox checks.',
      },
    ]);
  });
});

describe('rangeFor', () => {
  const byMode: JsonSchema = {
    type: 'object',
    properties: {amount: {...AMOUNT, maximum: 1000000}, mode: {type: 'string'}},
    allOf: [
      {if: {properties: {mode: {const: 'RTGS'}}, required: ['mode']}, then: {properties: {amount: {minimum: 200000}}}},
      {if: {properties: {mode: {const: 'UPI'}}, required: ['mode']}, then: {properties: {amount: {maximum: 100000}}}},
    ],
  };

  it("narrows the field's own range by the branches whose if holds for the request", () => {
    expect(rangeFor(byMode, {mode: 'RTGS'}, 'amount', {minimum: 1, maximum: 1000000})).toEqual({
      minimum: 200000,
      maximum: 1000000,
    });
    expect(rangeFor(byMode, {mode: 'UPI'}, 'amount', {minimum: 1, maximum: 1000000})).toEqual({
      minimum: 1,
      maximum: 100000,
    });
    expect(rangeFor(byMode, {mode: 'NEFT'}, 'amount', {minimum: 1, maximum: 1000000})).toEqual({
      minimum: 1,
      maximum: 1000000,
    });
  });

  it('refuses an if it cannot read, saying the form it reads', () => {
    const other: JsonSchema = {allOf: [{if: {required: ['mode']}, then: {properties: {amount: {maximum: 5}}}}]};
    expect(() => rangeFor(other, {mode: 'UPI'}, 'amount', {})).toThrow(
      'rangeFor: an allOf branch\'s if is not a set of const properties ({"required":["mode"]}). Write it as if: {properties: {<field>: {const: <value>}}, required: [<field>]}.',
    );
  });
});
