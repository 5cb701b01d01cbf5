/**
 * The pieces the scenarios compile's phases share (core/sandbox/compile/): the problem collector, the
 * YAML locator, the sample request with a scenario's inputs, and the rows. The phases themselves are
 * exercised word for word by sandbox-scenarios.test.ts.
 */
import {describe, expect, it} from 'vitest';
import type {ResponseCodeView} from '#core/contract/types';
import {isInput, requestOf, type OpInfo} from '#core/sandbox/compile/contract';
import {createProblems} from '#core/sandbox/compile/problems';
import {engineRow, scenarioRow} from '#core/sandbox/compile/rows';
import {ScenarioYaml, dotted} from '#core/sandbox/compile/yaml';

describe('createProblems', () => {
  it('keeps each problem as `where: message`, in order, and counts them', () => {
    const problems = createProblems();
    problems.add('a.yaml:3', 'first');
    const before = problems.count();
    problems.addLines(['b.yaml:1: the YAML does not parse: x']);
    expect([before, problems.count()]).toEqual([1, 2]);
    expect(problems.list()).toEqual(['a.yaml:3: first', 'b.yaml:1: the YAML does not parse: x']);
  });
});

describe('ScenarioYaml', () => {
  const file = new ScenarioYaml('f.yaml', 'operations:\n  pay:\n    scenarios:\n      - {label: A, code: 1}\n');

  it('says the line of a value, or of its nearest parent that exists', () => {
    expect(file.at(['operations', 'pay', 'scenarios', 0])).toBe('f.yaml:4');
    expect(file.at(['operations', 'pay'])).toBe('f.yaml:2');
    expect(file.at(['operations', 'pay', 'missing'])).toBe('f.yaml:2');
    expect(file.parseErrors).toEqual([]);
  });

  it('reports a file that does not parse, with no value', () => {
    const broken = new ScenarioYaml('g.yaml', 'a: [\n');
    expect(broken.value).toBeUndefined();
    expect(broken.parseErrors[0]).toMatch(/^g\.yaml:\d+:\d+: the YAML does not parse: /);
  });

  it('writes a YAML path as the format README does', () => {
    expect(dotted(['operations', 'pay', 'scenarios', 2, 'code'])).toBe('operations.pay.scenarios[2].code');
  });
});

describe('requestOf and isInput', () => {
  const o = {
    params: [{name: 'id', in: 'path', schema: {type: 'string'}}],
    sampleParams: {id: 'K1'},
    sampleBody: {amount: 5, customer: {mobile: '9'}},
    bodySchema: {
      type: 'object',
      properties: {amount: {type: 'number'}, customer: {type: 'object', properties: {mobile: {type: 'string'}}}},
    },
  } as unknown as OpInfo;

  it('puts each when: value into a parameter or a body field of the sample request', () => {
    expect(requestOf(o, {id: 'K2', 'customer.mobile': '0'})).toEqual({
      params: {id: 'K2'},
      body: {amount: 5, customer: {mobile: '0'}},
    });
  });

  it('knows the request fields', () => {
    expect([isInput(o, 'id'), isInput(o, 'customer.mobile'), isInput(o, 'customer.name')]).toEqual([true, true, false]);
  });
});

describe('rows', () => {
  const notFound: ResponseCodeView = {code: 7, name: 'NOT_FOUND', meaning: 'Not found', action: '', retry: 'no'};
  const ctx = {codeNames: new Map([[7, notFound]])};

  it('writes a scenario row from its inputs, and an engine row', () => {
    expect(
      scenarioRow(ctx, {label: 'Unknown', when: {stateid: 99, 'a.b': 'x'}, code: 7}, undefined, 'operation'),
    ).toEqual({
      input: '`stateid` `99`, `a.b` `x`',
      code: 7,
      codeName: 'NOT_FOUND',
      label: 'Unknown',
      follows: '',
      source: 'operation',
    });
    expect(engineRow(ctx, 'Anything', 3, 'Label')).toMatchObject({codeName: 'code 3', source: 'engine'});
  });
});
