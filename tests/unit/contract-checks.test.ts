/**
 * The contract cross-checks and the unknown-id guard rail, asserted word for word: each message names
 * the file and line (where there is one), the operation, and the fix.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {crossCheck, openObjects, untitledBranches} from '#core/contract/checks';
import type {OpenApiDocument, Operation} from '#core/contract/openapi';
import type {ResponseCodeView} from '#core/contract/types';
import {locate, scanPages, unknownIds} from '#node/contract/load';

const codes: ResponseCodeView[] = [
  {code: 1, name: 'SUCCESS', meaning: 'Done.', action: 'Nothing.', retry: 'safe'},
  {code: 2, name: 'PENDING', meaning: 'Later.', action: 'Ask.', retry: 'status'},
  {code: 11, name: 'AUTH', meaning: 'Bad token.', action: 'Sign.', retry: 'no', common: true},
];

/** The rate-limited answer every operation declares (see core/contract/rate-limits.ts). */
const tooMany = {description: 'Rate limited.', headers: {'Retry-After': {description: 'Seconds.'}}};

const op = (id: string, extra: Partial<Operation> = {}): Operation => ({
  operationId: id,
  summary: id,
  description: id,
  tags: ['demo'],
  responses: {'429': tooMany},
  ...extra,
});

const doc = (...ops: Operation[]): OpenApiDocument => ({
  servers: [],
  tags: [],
  security: [{partnerJwt: []}],
  components: {securitySchemes: {partnerJwt: {type: 'http', scheme: 'bearer'}}},
  paths: Object.fromEntries(ops.map((o) => [`/demo/${o.operationId}`, {post: o}])),
});

const body = (schema: Record<string, unknown>): Operation['requestBody'] => ({
  content: {'application/json': {schema}},
});

const pages = () =>
  new Map([
    ['demo-pay', '/docs/v1/demo/pay'],
    ['demo-pay-status', '/docs/v1/demo/status'],
  ]);

describe('crossCheck', () => {
  it('passes a pending-capable call that names its status call', () => {
    const problems = crossCheck(
      doc(
        op('demo-pay', {'x-response-codes': [1, 2], 'x-related': ['demo-pay-status']}),
        op('demo-pay-status', {'x-response-codes': [1, 2]}),
      ),
      codes,
      pages(),
    );
    expect(problems).toEqual([]);
  });

  it('names every problem of the run, not only the first', () => {
    const problems = crossCheck(
      doc(
        op('demo-pay', {'x-response-codes': [1, 2, 11, 99], 'x-related': ['demo-pay-stats', 'demo-refund']}),
        op('demo-pay-status', {security: [{apiKey: []}]}),
        op('demo-refund'),
      ),
      codes,
      pages(),
    );
    expect(problems.map((p) => `${p.id} [${p.key}] ${p.message}`)).toEqual([
      'demo-pay [x-response-codes] x-response-codes lists 11, a common code that every operation returns. Remove it; every page shows the common codes.',
      'demo-pay [x-response-codes] x-response-codes lists 99, which openapi/response-codes.yaml does not define.',
      'demo-pay [x-related] x-related names "demo-pay-stats", which is not an operationId in the contract. Did you mean "demo-pay-status"?',
      'demo-pay [x-related] x-related names "demo-refund", but no docs page shows it yet.',
      "demo-pay [x-related] can answer response_code 2 (outcome not known yet), but x-related names no status call. Add the operation that reports this transaction's final state (an id ending in -status) to x-related, so its page links it.",
      'demo-pay-status [security] security names "apiKey", which components.securitySchemes does not define.',
    ]);
  });

  it('asks for additionalProperties: false on every object of a request body', () => {
    const problems = crossCheck(
      doc(
        op('demo-pay', {
          requestBody: body({
            type: 'object',
            additionalProperties: false,
            properties: {device: {type: 'object', properties: {ip: {type: 'string'}}}},
          }),
        }),
      ),
      codes,
      pages(),
    );
    expect(problems).toEqual([
      {
        id: 'demo-pay',
        key: 'requestBody',
        message:
          'the request schema at body.device accepts unknown fields. Add `additionalProperties: false` to it: the API rejects unknown fields with response_code 10, and the schema must say so.',
      },
    ]);
  });
});

describe('oneOf / anyOf branches need a title (the reference names each branch by it)', () => {
  it('names every untitled branch, in bodies, responses and parameters, but not a choice of formats', () => {
    const problems = crossCheck(
      doc(
        op('demo-pay', {
          parameters: [{name: 'mode', in: 'query', schema: {oneOf: [{type: 'string'}, {type: 'integer'}]}}],
          requestBody: body({
            type: 'object',
            additionalProperties: false,
            properties: {
              ip: {type: 'string', anyOf: [{format: 'ipv4'}, {format: 'ipv6'}]},
              payee: {
                oneOf: [
                  {title: 'Bank', type: 'object', additionalProperties: false, properties: {}},
                  {type: 'object', additionalProperties: false, properties: {}},
                ],
              },
            },
          }),
          responses: {
            '200': {
              description: 'OK',
              content: {
                'application/json': {
                  schema: {type: 'object', properties: {items: {type: 'array', items: {anyOf: [{type: 'object'}]}}}},
                },
              },
            },
            '429': tooMany,
          },
        }),
      ),
      codes,
      pages(),
    );
    expect(problems.map((p) => `[${p.key}] ${p.message}`)).toEqual([
      '[parameters] the schema at parameter mode (one of branch 1) has no title. Give every oneOf/anyOf branch a `title` (and a `description`): the reference names each branch by it.',
      '[parameters] the schema at parameter mode (one of branch 2) has no title. Give every oneOf/anyOf branch a `title` (and a `description`): the reference names each branch by it.',
      '[requestBody] the schema at body.payee (one of branch 2) has no title. Give every oneOf/anyOf branch a `title` (and a `description`): the reference names each branch by it.',
      '[responses] the schema at response 200.items[] (any of branch 1) has no title. Give every oneOf/anyOf branch a `title` (and a `description`): the reference names each branch by it.',
    ]);
  });

  it('looks inside branches too', () => {
    expect(untitledBranches({oneOf: [{title: 'A', properties: {x: {anyOf: [{type: 'string'}]}}}]}, 'body')).toEqual([
      'body.x (any of branch 1)',
    ]);
  });
});

describe('openObjects', () => {
  it('treats unevaluatedProperties: false beside allOf as closing the composed object', () => {
    const base = {type: 'object', properties: {a: {type: 'string'}}};
    expect(openObjects({unevaluatedProperties: false, allOf: [base, {properties: {b: {type: 'string'}}}]})).toEqual([]);
    expect(openObjects({allOf: [base]})).toEqual(['body']);
  });

  it('checks array items and each oneOf branch', () => {
    expect(
      openObjects({
        type: 'object',
        additionalProperties: false,
        properties: {
          items: {type: 'array', items: {type: 'object'}},
          device: {oneOf: [{type: 'object', additionalProperties: false}, {type: 'object'}]},
        },
      }),
    ).toEqual(['body.items[]', 'body.device']);
  });
});

describe('file and line of contract problems', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checks-'));
  afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));
  const families = path.join(dir, 'openapi', 'families');
  fs.mkdirSync(families, {recursive: true});
  fs.writeFileSync(
    path.join(families, 'demo.yaml'),
    `paths:
  /demo/pay:
    post:
      operationId: demo-pay
      summary: Pay
      x-response-codes: [1, 99]
      x-related: [demo-pay-stats]
  /demo/other:
    post:
      operationId: demo-other
      summary: Other
`,
  );

  it('points at the key inside the operation, or at its operationId when the key is not written', () => {
    expect(locate('demo-pay', 'x-related', families)).toMatch(/openapi\/families\/demo\.yaml:7$/);
    expect(locate('demo-pay', 'x-response-codes', families)).toMatch(/demo\.yaml:6$/);
    expect(locate('demo-other', 'requestBody', families)).toMatch(/demo\.yaml:10$/);
  });
});

describe('unknown ids on pages', () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-'));
  afterAll(() => fs.rmSync(site, {recursive: true, force: true}));
  const docs = path.join(site, 'docs', 'v1', 'service', 'aeps');
  fs.mkdirSync(docs, {recursive: true});
  fs.writeFileSync(
    path.join(docs, 'withdrawal.mdx'),
    '---\ntitle: Cash withdrawal\n---\n\nProse.\n\n<Endpoint op="aeps-cash-withdrawl" />\n',
  );
  fs.writeFileSync(path.join(docs, 'overview.mdx'), '---\ntitle: AEPS\n---\n\n<OperationList tag="aeps" />\n');

  it('reports the file, line and closest ids of each unknown id, and nothing for known ones', () => {
    const uses = scanPages([path.join(site, 'docs')], site);
    expect(uses.map((u) => `${u.file}:${u.line} ${u.kind} ${u.id}`)).toEqual([
      'docs/v1/service/aeps/overview.mdx:5 tag aeps',
      'docs/v1/service/aeps/withdrawal.mdx:7 operation aeps-cash-withdrawl',
    ]);
    const ids = {
      operation: new Set(['aeps-cash-withdrawal', 'aeps-airtel-cash-withdrawal', 'aeps-daily-2fa']),
      webhook: new Set<string>(),
      tag: new Set(['aeps']),
    };
    expect(unknownIds(uses, ids)).toEqual([
      'docs/v1/service/aeps/withdrawal.mdx:7: <Endpoint op="aeps-cash-withdrawl" /> names an operation that the API contract does not define.\n' +
        '  Fix: use an existing operation id (closest first: aeps-cash-withdrawal, aeps-airtel-cash-withdrawal), or add "aeps-cash-withdrawl" to a file under openapi/ first.',
    ]);
  });
});
