/** core/behaviour/schema-fields.ts: every field the behaviour model names is in the schema that carries it. */
import {describe, expect, it} from 'vitest';
import type {Located} from '#core/contract/openapi';
import {hasField, schemaFieldProblems} from '#core/behaviour/schema-fields';
import {DEMO_FILE, DEMO_TEXT, demoFamily} from './behaviour-helpers';

const answer = (data: object) => ({
  '200': {
    content: {
      'application/json': {
        schema: {allOf: [{type: 'object', properties: {status: {type: 'boolean'}}}, {properties: {data}}]},
      },
    },
  },
});
const object = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, {type: 'string'}])),
});

/** demo-pay, its status call and its webhook, with `pay` as the fields of demo-pay's answer. */
function contract(pay: object): Located[] {
  const op = (operationId: string, responses: object) =>
    ({
      kind: 'operation',
      method: 'POST',
      path: `/${operationId}`,
      op: {operationId, responses},
      itemParams: [],
    }) as unknown as Located;
  return [
    op('demo-pay', answer(pay)),
    op('demo-status', answer(object('status', 'utr'))),
    {
      kind: 'webhook',
      method: 'POST',
      path: 'demo-update',
      op: {operationId: 'demo-update', requestBody: {content: {'application/json': {schema: object('status')}}}},
      itemParams: [],
    } as unknown as Located,
  ];
}

const WITH_FIELDS = DEMO_TEXT.replace(
  "      answers: the original payment's current state in data\n",
  "      answers: the original payment's current state in data\n      fields: [status, utr]\n",
);
const locate = (id: string, key: string): string =>
  `openapi/families/demo.yaml:${id === 'demo-pay' ? 12 : 40} (${key})`;

describe('schemaFieldProblems', () => {
  it('passes when the answer, the status call and the webhook carry every promised field', () => {
    expect(schemaFieldProblems([demoFamily(WITH_FIELDS)], contract(object('status', 'utr')), locate)).toEqual([]);
  });

  it("names the model's line, the field, why it is promised and the schema that lacks it", () => {
    expect(schemaFieldProblems([demoFamily(WITH_FIELDS)], contract(object('status')), locate)).toEqual([
      `${DEMO_FILE}:22: demo-pay promises "utr" (a field a repeat answers with), but the \`data\` of demo-pay's 200 answer (openapi/families/demo.yaml:12 (responses)) has no such field. Fix: add it to that schema (a wire change: a line in the 1.4.0 notes), or correct the model.`,
    ]);
  });
});

describe('hasField', () => {
  it('reads allOf parts and a field of each item of a list', () => {
    const schema = {allOf: [{properties: {transfers: {type: 'array', items: object('status')}}}]};
    expect(hasField(schema, 'transfers[].status')).toBe(true);
    expect(hasField(schema, 'transfers[].utr')).toBe(false);
    expect(hasField(schema, 'status')).toBe(false);
  });
});
