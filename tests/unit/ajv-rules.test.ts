/**
 * node/contract/ajv-rules.ts: the decimal `multipleOf`, the `aadhaar` and `uri` formats,
 * in the build's ajv and in the standalone code the sandbox runs (evaluated in a context that has
 * nothing but `URL`, as a page's module would have no imports). Issue 26's refused amounts first.
 */
import vm from 'node:vm';
import {describe, expect, it} from 'vitest';
import {DECIMAL_PLACES_SOURCE, FUNCTION_FORMATS, formatCheck} from '#node/contract/ajv-rules';
import {makeSchemaCheck, standaloneObject} from '#node/contract/sandbox';
import {makeValidator} from '#node/contract/validate';
import type {JsonSchema} from '#core/contract/schema';
import type {ValidateFunction} from '#core/sandbox/model';

const MONEY: JsonSchema = {type: 'number', minimum: 0, multipleOf: 0.01};
const FIFTIES: JsonSchema = {type: 'integer', multipleOf: 50};
const AADHAAR: JsonSchema = {type: 'string', format: 'aadhaar'};
const URI: JsonSchema = {type: 'string', format: 'uri'};

/** The validators a family module would export, compiled standalone and run without Node's globals. */
function standalone(schemas: Record<string, JsonSchema>): Record<string, ValidateFunction> {
  return vm.runInNewContext(standaloneObject(schemas, false), {URL}) as Record<string, ValidateFunction>;
}

const sandboxValidators = standalone({money: MONEY, fifties: FIFTIES, aadhaar: AADHAAR, uri: URI});
const build = makeSchemaCheck();
const fences = makeValidator();

/** The same verdict from all three: the sandbox's module, the scenario checks, the fence checks. */
function verdicts(key: keyof typeof schemas, value: unknown): boolean[] {
  const schema = schemas[key];
  return [sandboxValidators[key]!(value), build(schema, value).length === 0, fences(schema, value).length === 0];
}
const schemas = {money: MONEY, fifties: FIFTIES, aadhaar: AADHAAR, uri: URI};

describe('decimal multipleOf', () => {
  it.each([2500.99, 9.94, 1.13, 273.64, 0.07, 1000000, 48250.5, 0, 1e21])('accepts %s as a two-decimal amount', (v) => {
    expect(verdicts('money', v)).toEqual([true, true, true]);
  });

  it.each([2500.999, 0.001, 1.005, 1e-7, 1.5e-7])('refuses %s (more than two decimal places)', (v) => {
    expect(verdicts('money', v)).toEqual([false, false, false]);
  });

  it('accepts every two-decimal amount from 0.01 to 100.00 and 2,500.00 to 2,600.00', () => {
    const validate = sandboxValidators.money!;
    const refused: number[] = [];
    for (const start of [0, 250_000])
      for (let paise = start + 1; paise <= start + 10_000; paise++)
        if (!validate(Number((paise / 100).toFixed(2)))) refused.push(paise / 100);
    expect(refused).toEqual([]);
  });

  it('keeps a step other than one unit: multiples of 50 only', () => {
    expect(verdicts('fifties', 1500)).toEqual([true, true, true]);
    expect(verdicts('fifties', 1525)).toEqual([false, false, false]);
  });

  it('reports the rule as ajv does, so the envelope says "at most 2 decimal places"', () => {
    const validate = sandboxValidators.money!;
    validate(1.005);
    expect(validate.errors).toEqual([
      expect.objectContaining({keyword: 'multipleOf', params: {multipleOf: 0.01}, message: 'must be multiple of 0.01'}),
    ]);
  });

  it('counts decimal places on the shortest decimal form, exponents included', () => {
    const places = vm.runInThisContext(DECIMAL_PLACES_SOURCE) as (t: string) => number;
    expect(['2500.99', '1e-7', '1.5e-7', '1e+21', '50'].map(places)).toEqual([2, 7, 8, 0, 0]);
  });
});

describe('aadhaar format', () => {
  it.each(['999941057058', '999971658847', '234123412346'])('accepts %s (Verhoeff check digit right)', (v) => {
    expect(verdicts('aadhaar', v)).toEqual([true, true, true]);
  });

  it.each([
    ['999941057057', 'wrong check digit'],
    ['123412341234', 'starts with 1'],
    ['012345678901', 'starts with 0'],
    ['99994105705', 'eleven digits'],
    ['9999 4105 7058', 'spaces'],
  ])('refuses %s (%s)', (v) => {
    expect(verdicts('aadhaar', v)).toEqual([false, false, false]);
  });
});

describe('uri format', () => {
  it.each(['https://partner.example/return?ref=RR-1#done', 'https://partner.example:8443/a%20b'])('accepts %s', (v) => {
    expect(verdicts('uri', v)).toEqual([true, true, true]);
  });

  it.each([
    'https://\u0084',
    'https://partner.example/<script>alert(1)</script>',
    'https://a b',
    'https://',
    'not a url',
  ])('refuses %j', (v) => {
    expect(verdicts('uri', v)).toEqual([false, false, false]);
  });

  it('evaluates every function format from its one source', () => {
    for (const name of Object.keys(FUNCTION_FORMATS)) expect(typeof formatCheck(name)).toBe('function');
    expect(() => formatCheck('ipv9')).toThrow('No function format "ipv9" in FUNCTION_FORMATS.');
  });
});
