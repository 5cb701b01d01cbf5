/**
 * Issue 26's validation findings, held over every operation of the real contract through the engine:
 * URL fields (WHATWG URL parser, https only, URL characters only), query parameters the operation
 * does not declare, and Aadhaar numbers (leading digit and Verhoeff check digit). Each refusal is
 * code 10 naming the field. The engine's own step is tested on a hand-made model at the end.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {mergeAllOf, type JsonSchema} from '#core/contract/schema';
import type {Located} from '#core/contract/openapi';
import {unknownQueryErrors} from '#core/sandbox/engine/validate';
import {fieldsNamed, openSandboxProbe, type SandboxProbe} from './sandbox-harness';

let probe: SandboxProbe;
beforeAll(async () => {
  probe = await openSandboxProbe('validation');
}, 120_000);
afterAll(() => probe.close());

const bodySchema = (l: Located): JsonSchema | undefined =>
  Object.entries(l.op.requestBody?.content ?? {}).find(([t]) => t.includes('json'))?.[1].schema;

/** The top-level body fields of a request whose schema has this format. */
function fieldsWithFormat(l: Located, format: string): string[] {
  const schema = bodySchema(l);
  if (!schema) return [];
  const m = mergeAllOf(schema);
  const props = {
    ...m.properties,
    ...Object.assign({}, ...(m.oneOf ?? []).map((b) => mergeAllOf(b).properties)),
  } as Record<string, JsonSchema>;
  return Object.entries(props)
    .filter(([, s]) => mergeAllOf(s).format === format)
    .map(([name]) => name);
}

const withFormat = (format: string) =>
  probe.operations.flatMap((l) => fieldsWithFormat(l, format).map((field) => ({l, field})));

describe('URL fields', () => {
  it('are the six operations that take a return or redirect URL', () => {
    expect(withFormat('uri').map(({l, field}) => `${l.op.operationId} ${field}`)).toEqual([
      'aeps-generate-url returnurl',
      'dmt-generate-url redirect_url',
      'gibl-init redirect_url',
      'pan-initiate redirect_url',
      'paycc-init-kyc redirect_url',
      'paycc-create-order redirect_url',
    ]);
  });

  it.each([
    'https://\u0084',
    'https://partner.example/<script>alert(1)</script>',
    'http://partner.example/return',
    'https://partner example/return',
    'https://',
  ])('refuse %j with code 10 naming the field, on every one', async (url) => {
    for (const {l, field} of withFormat('uri'))
      expect([
        l.op.operationId,
        fieldsNamed(await probe.send(l, probe.withValue(l, probe.sample(l), field, url))),
      ]).toEqual([l.op.operationId, expect.arrayContaining([field])]);
  });

  it('accept an https URL with a query and an encoded space', async () => {
    for (const {l, field} of withFormat('uri')) {
      const req = probe.withValue(l, probe.sample(l), field, 'https://partner.example/back?to=a%20b#top');
      expect(fieldsNamed(await probe.send(l, req))).not.toContain(field);
    }
  });
});

describe('unknown query parameters', () => {
  it('answer code 10 naming the parameter, on a call with query parameters and on one without', async () => {
    const list = probe.operations.find((l) => l.op.operationId === 'payout-order-list')!;
    const pay = probe.operations.find((l) => l.op.operationId === 'payout-create-order')!;
    for (const l of [list, pay]) {
      const res = await probe.send(l, {...probe.sample(l), extraQuery: {pgae: '2'}});
      expect(res.status).toBe(400);
      expect(fieldsNamed(res)).toEqual(['pgae']);
    }
  });

  it('are every name not declared, once each', () => {
    const query = new URLSearchParams('mode=IMPS&debug=1&debug=2&x=');
    expect(unknownQueryErrors({queryParams: ['mode']}, query)).toEqual([
      {field: 'debug', rule: 'is not a parameter of this request'},
      {field: 'x', rule: 'is not a parameter of this request'},
    ]);
  });
});

describe('Aadhaar numbers', () => {
  it.each([
    ['999900010014', 'wrong check digit'],
    ['123456789012', 'starts with 1'],
    ['099990001001', 'starts with 0'],
  ])('%s (%s) answers code 10 naming the field, on every operation that takes one', async (value) => {
    const takers = withFormat('aadhaar');
    expect(takers.length).toBeGreaterThanOrEqual(9);
    for (const {l, field} of takers)
      expect(fieldsNamed(await probe.send(l, probe.withValue(l, probe.sample(l), field, value)))).toContain(field);
  });

  it('every example in the contract is a valid sandbox number: 9999 first, check digit right', async () => {
    for (const {l, field} of withFormat('aadhaar')) {
      const value = (probe.sample(l).body as Record<string, unknown> | undefined)?.[field];
      if (value === undefined) continue;
      expect(value).toMatch(/^9999\d{8}$/);
      expect(fieldsNamed(await probe.send(l, probe.sample(l)))).not.toContain(field);
    }
  });
});
