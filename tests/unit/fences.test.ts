/**
 * JSON in prose is checked against the contract (core/contract/fences.ts), and envelope examples
 * keep `status` and `response_code` in step (core/contract/envelope.ts): messages word for word.
 */
import {describe, expect, it} from 'vitest';
import {addressProblems, envelopeProblems} from '#core/contract/envelope';
import {checkJsonFence, parseFenceMeta, schemaAt, type BodySchemas} from '#core/contract/fences';
import {makeValidator} from '#node/contract/validate';

const bodies = new Map<string, BodySchemas>([
  [
    'demo-pay',
    {
      request: {
        type: 'object',
        required: ['referenceid', 'amount'],
        additionalProperties: false,
        properties: {
          referenceid: {type: 'string', pattern: '^[A-Za-z0-9_-]{6,36}$'},
          amount: {type: 'number', minimum: 1},
          params: {type: 'array', items: {type: 'object', required: ['name'], properties: {name: {type: 'string'}}}},
        },
      },
      responses: {'200': {type: 'object', required: ['status'], properties: {status: {type: 'boolean'}}}},
    },
  ],
]);
const check = (json: string, meta: string): string | undefined =>
  checkJsonFence(json, meta, 'docs/v1/demo.mdx:12', bodies, makeValidator());

describe('checkJsonFence', () => {
  it('accepts a valid request, a response, a field of a body and JSON marked other', () => {
    expect(check('{"referenceid": "RR-000001", "amount": 10}', 'op="demo-pay" part="request"')).toBeUndefined();
    expect(check('{"status": true}', 'title="x" op="demo-pay" part="response" status="200"')).toBeUndefined();
    expect(check('[{"name": "consumerno"}]', 'op="demo-pay" part="request" field="params"')).toBeUndefined();
    expect(check('{"anything": 1}', 'part="other"')).toBeUndefined();
  });

  it('asks a block without meta to say what it shows', () => {
    expect(check('{}', 'title="x"')).toBe(
      'docs/v1/demo.mdx:12: a JSON block must say what it shows, so the build can check it against the contract. Write ```json op="<operation or webhook id>" part="request" (or part="response", or part="other").',
    );
  });

  it('names an unknown operation with the closest ids, and a body the operation does not have', () => {
    expect(check('{}', 'op="demo-pya" part="request"')).toBe(
      'docs/v1/demo.mdx:12: op="demo-pya" names no operation or webhook of the contract. Did you mean "demo-pay"?',
    );
    expect(check('{}', 'op="demo-pay" part="response" status="400"')).toBe(
      'docs/v1/demo.mdx:12: demo-pay has no 400 response body (it has 200). Fix part= or status=.',
    );
    expect(check('{}', 'op="demo-pay" part="request" field="device"')).toBe(
      'docs/v1/demo.mdx:12: the request of demo-pay has no field device.',
    );
  });

  it("lists the validator's errors: a missing field, a wrong value, an unknown field", () => {
    expect(check('{"referenceid": "x", "amonut": 10}', 'op="demo-pay" part="request"')).toBe(
      'docs/v1/demo.mdx:12: this JSON is not valid as the request of demo-pay:\n' +
        "    (the whole body) must have required property 'amount'\n" +
        '    (the whole body) must NOT have additional properties `amonut`\n' +
        '    /referenceid must match pattern "^[A-Za-z0-9_-]{6,36}$"\n' +
        '  Fix the JSON (the contract is the source of truth), or the meta if it names the wrong body.',
    );
    expect(check('{"status": tru}', 'op="demo-pay" part="response"')).toMatch(
      /^docs\/v1\/demo\.mdx:12: the JSON does not parse: /,
    );
  });

  it('holds a valid body in prose to the envelope rule too, at any depth', () => {
    expect(check('{"status": true, "response_code": 2}', 'op="demo-pay" part="response"')).toBe(
      'docs/v1/demo.mdx:12: this JSON says status true with response_code 2. status is true exactly when response_code is 1: set status: false.',
    );
    expect(
      check(
        '[{"name": "a", "inner": {"status": false, "response_code": 1}}]',
        'op="demo-pay" part="request" field="params"',
      ),
    ).toBe(
      'docs/v1/demo.mdx:12: this JSON says status false with response_code 1. status is true exactly when response_code is 1: set status: true.',
    );
    expect(check('{"status": false, "response_code": 3}', 'op="demo-pay" part="response"')).toBeUndefined();
  });
});

describe('parseFenceMeta and schemaAt', () => {
  it('reads the attributes in any order and quote style', () => {
    expect(parseFenceMeta(`title="a b" part='response' op="x" status="201"`)).toEqual({
      part: 'response',
      op: 'x',
      status: '201',
    });
  });

  it('walks properties and array items', () => {
    const schema = bodies.get('demo-pay')?.request ?? {};
    expect(schemaAt(schema, 'params[]')).toEqual({
      type: 'object',
      required: ['name'],
      properties: {name: {type: 'string'}},
    });
    expect(schemaAt(schema, 'params[].name')).toEqual({type: 'string'});
  });
});

describe('envelopeProblems', () => {
  it('names the file and line of an example whose status disagrees with its response_code', () => {
    const yaml = `examples:
  ok:
    value:
      status: true
      response_code: 1
  pending:
    value:
      status: true
      response_code: 2
  webhook:
    value:
      status: SUCCESS
      response_code: 1
`;
    expect(envelopeProblems(yaml, 'openapi/families/demo.yaml')).toEqual([
      'openapi/families/demo.yaml:8: this example says status true with response_code 2. status is true exactly when response_code is 1: set status: false.',
    ]);
  });
});

describe('addressProblems', () => {
  it('names a district put in the wrong state, and a district the district list does not show', () => {
    const known = new Map([
      [496, 21],
      [510, 21],
    ]);
    const yaml = `example:
  address:
    city: Mumbai
    stateid: 27
    districtid: 496
  other:
    stateid: 21
    districtid: 519
  fine:
    stateid: 21
    districtid: 510
`;
    expect(addressProblems(yaml, 'openapi/families/aeps.yaml', known, 'openapi/families/common.yaml')).toEqual([
      'openapi/families/aeps.yaml:5: this example puts districtid 496 in stateid 27, but the district list (openapi/families/common.yaml) has it in stateid 21. Use a district of that state, or add it to the district list example.',
      'openapi/families/aeps.yaml:8: districtid 519 is not in the district list example (openapi/families/common.yaml); add it there with its state, so every example uses ids a reader can look up.',
    ]);
  });
});
