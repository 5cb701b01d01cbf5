/**
 * The "For AI assistants" section of /llms.txt (plugins/llms-txt/lib/assistants.ts): written from
 * the contract, the code catalogue and the sandbox scenarios, so a change in any of them changes it;
 * a missing source fails the build with where the fact lives.
 */
import {describe, expect, it} from 'vitest';
import {assistantsSection, type AssistantSources} from '../../plugins/llms-txt/lib/assistants';
import type {ResponseCodeView} from '#core/contract/types';
import type {OperationModel} from '#core/sandbox/model';

const code = (
  c: number,
  name: string,
  retry: ResponseCodeView['retry'],
  meaning = `${name} happened.`,
): ResponseCodeView => ({
  code: c,
  name,
  meaning,
  action: 'Act.',
  retry,
});

const op = (id: string, extra: Partial<OperationModel> = {}): OperationModel => ({
  id,
  family: 'demo',
  method: 'POST',
  path: `/${id}`,
  pathParams: [],
  queryParams: [],
  hasBody: true,
  codes: [1],
  carry: [],
  unique: [],
  scenarios: [],
  ...extra,
});

const sources = (over: Partial<AssistantSources> = {}): AssistantSources => ({
  doc: {
    servers: [],
    tags: [],
    paths: {},
    security: [{partnerJwt: []}],
    components: {
      securitySchemes: {
        partnerJwt: {type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A JWT signed with HS256'},
      },
      schemas: {
        Envelope: {
          required: ['status', 'response_code', 'message'],
          properties: {message: {description: 'Do not parse it; branch on `response_code`.'}},
        },
      },
    },
  },
  responseCodes: [
    code(1, 'SUCCESS', 'safe'),
    code(2, 'PENDING', 'status'),
    code(4, 'DUPLICATE_REFERENCE', 'safe', 'Seen before; nothing ran twice.'),
    code(5, 'TIMEOUT_UNKNOWN', 'status'),
  ],
  families: [
    {
      operations: [
        op('pay', {
          idempotencyKey: 'referenceid',
          tracking: {status: 'pay-status', key: 'referenceid', field: 'referenceid'},
        }),
        op('refund', {idempotencyKey: 'referenceid'}),
        op('pay-status'),
      ],
    },
  ],
  url: (p) => `https://docs.example${p}`,
  ...over,
});

describe('llms.txt: For AI assistants', () => {
  it('states the four rules from their sources', () => {
    expect(assistantsSection(sources())).toBe(
      [
        '## For AI assistants',
        '',
        '- **Authenticate** every request with `Authorization` (bearer JWT): A JWT signed with HS256. See https://docs.example/HeaderMarkdown.',
        '- **Read the envelope**: every answer is `{status, response_code, message, data}`; about `message`: Do not parse it; branch on `response_code`. What each code means and whether to retry: https://docs.example/ResponseCode.',
        '- **Idempotency**: 2 calls are idempotent on `referenceid`. Use a new `referenceid` for each new transaction and the same one for a retry of it; a repeat answers 4 (DUPLICATE_REFERENCE). Seen before; nothing ran twice.',
        "- **Never resend** on 2 (PENDING) and 5 (TIMEOUT_UNKNOWN): the outcome is not known yet, and a resend can move money twice. Call the operation's status call with the same `referenceid` instead (such as `pay-status`; 1 in all), or wait for the webhook.",
      ].join('\n'),
    );
  });

  it('follows the catalogue: a third code marked retry: status joins the list', () => {
    const codes = [...sources().responseCodes, code(22, 'INTERNAL_ERROR', 'status')];
    expect(assistantsSection(sources({responseCodes: codes}))).toContain(
      '- **Never resend** on 2 (PENDING), 5 (TIMEOUT_UNKNOWN) and 22 (INTERNAL_ERROR):',
    );
  });

  it('names the source of a fact it cannot find', () => {
    const base = sources();
    expect(() => assistantsSection(sources({doc: {...base.doc, security: []}}))).toThrow(
      'llms.txt "For AI assistants": the contract has no top-level `security` requirement (openapi/openapi.yaml).',
    );
    expect(() => assistantsSection(sources({doc: {...base.doc, components: {securitySchemes: {}}}}))).toThrow(
      'llms.txt "For AI assistants": the security scheme "partnerJwt" is not in components.securitySchemes (openapi/openapi.yaml).',
    );
    expect(() =>
      assistantsSection(sources({responseCodes: base.responseCodes.filter((c) => c.retry !== 'status')})),
    ).toThrow('llms.txt "For AI assistants": no code in openapi/response-codes.yaml has `retry: status`.');
    expect(() => assistantsSection(sources({families: [{operations: [op('pay')]}]}))).toThrow(
      'llms.txt "For AI assistants": no operation of the sandbox scenarios names an idempotency field (openapi/scenarios/).',
    );
  });
});
