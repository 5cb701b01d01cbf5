/**
 * Each operation's response codes as an enum in its response schemas (core/contract/response-enums.ts):
 * on made-up documents (bundled, with shared responses by `$ref`; dereferenced, with shared objects)
 * and on the real contract, where every 200 enum must be the operation's x-response-codes.
 */
import {describe, expect, it} from 'vitest';
import {
  codesAnsweredWith,
  httpStatusOf,
  withCodeEnum,
  withListedCodeEnums,
  withResponseCodeEnums,
} from '#core/contract/response-enums';
import {listOperations, type OpenApiDocument, type Operation, type Response} from '#core/contract/openapi';
import type {JsonSchema} from '#core/contract/schema';
import {compiledContract} from '../helpers/contract';

const catalogue = [1, 2, 4, 7, 10, 11, 12, 18, 22].map((code) => ({code, common: [11, 12, 18, 22].includes(code)}));

const envelope: JsonSchema = {type: 'object', properties: {response_code: {type: 'integer'}}};
const json = (schema: JsonSchema | {$ref: string}): Response => ({
  description: 'An answer.',
  content: {'application/json': {schema: schema}},
});
const op = (id: string, codes: number[], responses: Record<string, unknown>): Operation => ({
  operationId: id,
  summary: id,
  description: id,
  tags: ['demo'],
  'x-response-codes': codes,
  responses: responses as Record<string, Response>,
});
const doc = (paths: OpenApiDocument['paths'], components?: Record<string, unknown>): OpenApiDocument => ({
  servers: [],
  tags: [],
  paths,
  ...(components ? {components: components} : {}),
});

const schemaOf = (r: unknown): JsonSchema | undefined => (r as Response).content?.['application/json']?.schema;

describe('codesAnsweredWith', () => {
  it('gives HTTP 200 the listed codes and the common codes that answer 200, in order', () => {
    expect(codesAnsweredWith(200, [4, 1, 10], catalogue)).toEqual([1, 4, 22]);
  });
  it('gives any other status every catalogued code that answers with it, listed or not', () => {
    expect(codesAnsweredWith(400, [], catalogue)).toEqual([10]);
    expect(codesAnsweredWith(401, [1], catalogue)).toEqual([11, 12]);
    expect(codesAnsweredWith(429, [1], catalogue)).toEqual([18]);
    expect(codesAnsweredWith(404, [7], catalogue)).toEqual([]);
  });
  it('maps codes to HTTP statuses as the shared responses do', () => {
    expect([1, 4, 10, 11, 12, 18, 22].map(httpStatusOf)).toEqual([200, 200, 400, 401, 401, 429, 200]);
  });
});

describe('withResponseCodeEnums', () => {
  it('narrows each inline 200 to its own codes and each shared response once, by the status it is used with', () => {
    const bundled = doc(
      {
        '/a': {
          post: op('a', [1, 2, 10], {
            '200': json({$ref: '#/components/schemas/A'}),
            '400': {$ref: '#/components/responses/Bad'},
          }),
        },
        '/b': {
          get: op('b', [1, 4], {
            '200': json({$ref: '#/components/schemas/A'}),
            '400': {$ref: '#/components/responses/Bad'},
          }),
        },
      },
      {responses: {Bad: json(envelope), Unused: json(envelope)}},
    );
    const out = withResponseCodeEnums(bundled, catalogue);
    expect(schemaOf(out.paths['/a']?.post?.responses['200'])).toEqual(
      withCodeEnum({$ref: '#/components/schemas/A'}, [1, 2, 22]),
    );
    expect(schemaOf(out.paths['/b']?.get?.responses['200'])).toEqual(
      withCodeEnum({$ref: '#/components/schemas/A'}, [1, 4, 22]),
    );
    expect(out.paths['/a']?.post?.responses['400']).toEqual({$ref: '#/components/responses/Bad'});
    const shared = (out.components as {responses: Record<string, Response>}).responses;
    expect(schemaOf(shared.Bad)).toEqual(withCodeEnum(envelope, [10]));
    expect(shared.Unused).toEqual(json(envelope));
  });

  it('copies, never mutates: a dereferenced response shared by two operations gets each its own narrowing', () => {
    const sharedOk = json(envelope);
    const input = doc({
      '/a': {post: op('a', [1, 2], {'200': sharedOk})},
      '/b': {post: op('b', [1, 4], {'200': sharedOk})},
    });
    const before = JSON.stringify(input);
    const out = withResponseCodeEnums(input, catalogue);
    expect(JSON.stringify(input)).toBe(before);
    const enumOf = (path: string): unknown =>
      schemaOf(out.paths[path]?.post?.responses['200'])?.allOf?.[1]?.properties?.response_code?.enum;
    expect(enumOf('/a')).toEqual([1, 2, 22]);
    expect(enumOf('/b')).toEqual([1, 4, 22]);
  });

  it('narrows a payload schema whose response_code lists its codes, and names an uncatalogued one', () => {
    const listed = (codes: number[]): JsonSchema => ({
      type: 'object',
      properties: {response_code: {$ref: '#/components/schemas/ResponseCode', 'x-response-codes': codes}},
    });
    const input = doc({}, {schemas: {Event: listed([1, 7]), Other: envelope}});
    const out = withListedCodeEnums(input, catalogue);
    const schemas = (out.components as {schemas: Record<string, JsonSchema>}).schemas;
    expect(schemas.Event).toEqual(withCodeEnum(listed([1, 7]), [1, 7]));
    expect(schemas.Other).toBe(envelope);
    expect(() => withListedCodeEnums(doc({}, {schemas: {Event: listed([1, 3])}}), catalogue)).toThrow(
      '#/components/schemas/Event/properties/response_code: x-response-codes lists 3, which openapi/response-codes.yaml does not catalogue. List catalogued codes only, or add the code to the catalogue.',
    );
  });

  it('leaves webhooks and responses without a JSON body as they are', () => {
    const hook = op('h', [1], {'200': {description: 'Acknowledged.'}});
    const input: OpenApiDocument = {
      ...doc({'/a': {post: op('a', [1], {'204': {description: 'Nothing.'}})}}),
      webhooks: {h: {post: hook}},
    };
    const out = withResponseCodeEnums(input, catalogue);
    expect(out.webhooks).toBe(input.webhooks);
    expect(out.paths['/a']?.post?.responses['204']).toEqual({description: 'Nothing.'});
  });
});

/**
 * The money-moving operations that list code 4, and the field of `data` that carries the outcome a
 * code-4 example must show (decision 6 of issue 22). The hosted journeys carry their status call's
 * outcome beside the link: a DMT session its `session_status` (and `transfers`), an AEPS journey its
 * transaction's `status`, an insurance journey its policy's `status`.
 */
const OUTCOME_FIELD: Readonly<Record<string, string>> = {
  'payout-create-order': 'status',
  'aeps-cash-withdrawal': 'status',
  'aeps-airtel-cash-withdrawal': 'status',
  'matm-update': 'status',
  'bbps-pay-bill': 'paymentstatus',
  'bbps-quickbill-pay': 'paymentstatus',
  'recharge-initiate': 'rechargestatus',
  'paycc-create-order': 'status',
  'dmt-generate-url': 'session_status',
  'aeps-generate-url': 'status',
  'gibl-init': 'status',
};

describe('the published contract', async () => {
  const {responseCodes: codes, deref} = await compiledContract();

  it("narrows every operation's 200 to its x-response-codes and the common codes answering 200", () => {
    for (const {kind, op} of listOperations(deref)) {
      if (kind !== 'operation') continue;
      const enumOf = schemaOf(op.responses['200'])?.allOf?.[1]?.properties?.response_code?.enum;
      const listed = (op['x-response-codes'] ?? []).filter((c) => httpStatusOf(c) === 200);
      expect(enumOf, op.operationId).toEqual([...listed, 22].sort((a, b) => a - b));
      expect(codesAnsweredWith(200, op['x-response-codes'] ?? [], codes), op.operationId).toEqual(enumOf);
    }
  });

  it("shows the original transaction's current outcome in a code-4 example of every money-moving operation", () => {
    const ops = new Map(listOperations(deref).map((l) => [l.op.operationId, l.op]));
    for (const [id, field] of Object.entries(OUTCOME_FIELD)) {
      const examples = Object.values(ops.get(id)?.responses['200']?.content?.['application/json']?.examples ?? {});
      const repeat = examples.find((e) => (e.value as {response_code?: unknown}).response_code === 4);
      expect((repeat?.value as {data?: Record<string, unknown>} | undefined)?.data?.[field], id).toMatch(/^[A-Z_]+$/);
      expect(ops.get(id)?.['x-response-codes'], id).toContain(4);
    }
  });
});
