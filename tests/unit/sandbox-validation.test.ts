/**
 * Issue 26's validation findings, held over every operation of the real contract through the engine:
 * URL and e-mail fields (the one rule each that the contract's `HttpsUrl` and `Email` patterns say,
 * issue 33), query parameters the operation does not declare, and Aadhaar numbers (leading digit and
 * Verhoeff check digit). Each refusal is code 10 naming the field. The engine's own step is tested
 * on a hand-made model at the end.
 */
import {readFileSync} from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {formatCheck} from '#node/contract/ajv-rules';
import {FORMATS} from '#node/contract/sandbox';
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
    // Issue 33: the WHATWG parser reads this (user `_+eJ`, password `G=NkAp@`, host 0.0.0.7), RFC 3986 does not.
    'https://_+eJ@G=NkAp@07',
    // Found by the property below: an encoded international label that does not decode, which the
    // URL parser refuses (a label's third and fourth characters are never both hyphens).
    'https://xN--A.0.a',
    'https://user:secret@partner.example/return',
    'https://partner/return',
    'https://203.0.113.9/return',
    'https://partner.example:70000/return',
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

describe('e-mail fields', () => {
  it.each(['meera@mailhost', 'meera j@mail.example', 'meera@@mail.example', '.meera@mail.example'])(
    'refuse %j with code 10 naming the field, on every one',
    async (email) => {
      expect(withFormat('email').length).toBeGreaterThan(0);
      for (const {l, field} of withFormat('email'))
        expect([
          l.op.operationId,
          fieldsNamed(await probe.send(l, probe.withValue(l, probe.sample(l), field, email))),
        ]).toEqual([l.op.operationId, expect.arrayContaining([field])]);
    },
  );

  it('accept an address with a plus part on a dotted domain', async () => {
    for (const {l, field} of withFormat('email')) {
      const req = probe.withValue(l, probe.sample(l), field, 'meera.j+pan@mail.example');
      expect(fieldsNamed(await probe.send(l, req))).not.toContain(field);
    }
  });
});

describe("the contract's URL and e-mail patterns", () => {
  const schemas = (
    parse(readFileSync('openapi/components/common.yaml', 'utf8')) as {
      schemas: Record<string, {pattern: string; format: string}>;
    }
  ).schemas;
  // What outside tools check a `format` by: ajv-formats' full formats (RFC 3986, RFC 5321/5322).
  const tools = addFormats(new Ajv2020({strict: false}), {mode: 'full'});

  it.each([
    ['HttpsUrl', 'uri', formatCheck('uri')],
    ['Email', 'email', (v: string) => FORMATS.email!.test(v)],
  ] as const)(
    '%s: every value its pattern takes passes the sandbox format and the RFC format, so the pattern is the whole rule',
    (name, format, sandbox) => {
      const schema = schemas[name]!;
      expect(schema.format).toBe(format);
      const rfc = tools.compile({type: 'string', format});
      fc.assert(
        fc.property(fc.stringMatching(new RegExp(schema.pattern)), (value) => sandbox(value) && rfc(value)),
        {numRuns: 2000},
      );
    },
  );
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
