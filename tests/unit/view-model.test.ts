import {describe, expect, it} from 'vitest';
import {
  buildViews,
  fillPath,
  indexEntries,
  listOperations,
  markSharedRows,
  operationCodes,
  operationHeaders,
  operationSamples,
  operationView,
  relatedLinks,
  viewContext,
  webhookView,
  type OpenApiDocument,
} from '#core/contract/view-model';
import type {Located} from '#core/contract/openapi';
import {crossCheck} from '#core/contract/checks';
import {ACK_TIMEOUT_SECONDS} from '#core/contract/webhook-policy';
import {SAMPLE_LANGUAGES} from '#core/code/languages';
import {requestExamples} from '#core/sandbox/try-it';
import type {OperationView, ParamView, ResponseCodeView} from '#core/contract/types';

const codes: ResponseCodeView[] = [
  {code: 1, name: 'SUCCESS', meaning: 'Done.', action: 'Nothing.', retry: 'safe'},
  {code: 10, name: 'VALIDATION_ERROR', meaning: 'Bad field.', action: 'Fix it.', retry: 'no'},
];

/** The cross-check problems of a contract as `id: message` lines. */
const problemsOf = (d: OpenApiDocument, catalogue: readonly ResponseCodeView[]): string[] =>
  crossCheck(d, catalogue, new Map()).map((p) => `${p.id}: ${p.message}`);

function doc(extra: Record<string, unknown> = {}): OpenApiDocument {
  return {
    servers: [
      {url: 'https://sandbox.example/api/v1', description: 'Sandbox'},
      {url: 'https://api.example/api/v1', description: 'Production'},
    ],
    tags: [
      {
        name: 'demo',
        description: 'Demo family.',
        'x-displayName': 'Demo',
        'x-overview': '/docs/v1/demo',
        'x-rate-limit': {requests: 60, seconds: 60},
      },
    ],
    paths: {
      '/demo/{itemId}': {
        get: {
          operationId: 'demo-get-item',
          summary: 'Get an item',
          description: 'Reads one item.',
          tags: ['demo'],
          parameters: [
            {
              name: 'itemId',
              in: 'path',
              required: true,
              description: 'The item.',
              schema: {type: 'string', examples: ['IT 1']},
            },
          ],
          responses: {
            '200': {
              description: 'The item.',
              content: {'application/json': {schema: {type: 'object'}, example: {status: true}}},
            },
            '429': {description: 'Rate limited.', headers: {'Retry-After': {description: 'Seconds.'}}},
          },
          'x-response-codes': [1, 10],
          ...extra,
        },
      },
    },
    webhooks: {},
  };
}

describe('buildViews', () => {
  it('builds an operation view with servers, params, samples and response codes', () => {
    const views = buildViews(doc(), codes, new Map([['demo-get-item', '/docs/v1/demo']]));
    const op = views.operations[0];
    expect(op?.method).toBe('GET');
    expect(op?.tagLabel).toBe('Demo');
    expect(op?.servers.map((s) => s.label)).toEqual(['Sandbox', 'Production']);
    expect(op?.pathParams[0]?.example).toBe('IT 1');
    expect(op?.responseCodes.map((c) => c.code)).toEqual([1, 10]);
    expect(op?.samples.map((s) => s.lang)).toEqual(SAMPLE_LANGUAGES.map((l) => l.id));
    expect(op?.samples[0]?.code).toContain('https://sandbox.example/api/v1/demo/IT%201');
    expect(views.index[0]?.href).toBe('/docs/v1/demo');
    expect(views.tags[0]?.entries).toHaveLength(1);
  });

  // Issue 33: the operator list kept `?mobilenumber=` (deprecated) with an example, so every sample and
  // Try it sent a customer's number in the query, the form the go-live rules forbid.
  it('leaves a deprecated parameter out of the samples and empty in the Try it example', () => {
    const parameters = [
      {name: 'itemId', in: 'path', required: true, schema: {type: 'string'}, example: 'IT1'},
      {name: 'lang', in: 'query', schema: {type: 'string'}, example: 'hi'},
      {
        name: 'mobile',
        in: 'query',
        deprecated: true,
        'x-sunset': '2027-06-30',
        schema: {type: 'string'},
        example: '9000000001',
      },
    ];
    const views = buildViews(doc({parameters}), codes, new Map([['demo-get-item', '/docs/v1/demo']]));
    const op = views.operations[0];
    expect(op?.queryParams.map((p) => [p.name, p.deprecated])).toEqual([
      ['lang', undefined],
      ['mobile', true],
    ]);
    for (const sample of op?.samples ?? []) {
      expect(sample.code, sample.lang).toContain('lang');
      expect(sample.code, sample.lang).not.toContain('9000000001');
    }
    expect(requestExamples(op ? [op] : []).demo?.['demo-get-item']?.query).toEqual({lang: 'hi', mobile: ''});
  });

  it("gives each operation its family's rate limit and its own, each family its overview, and the changelog's badge", () => {
    const badge = {
      version: '1.1.0',
      status: 'added',
      breaking: false,
      href: '/docs/v1/changelog#change-demo-get-item',
    } as const;
    const views = buildViews(
      doc({'x-rate-limit': {requests: 5, seconds: 3600}}),
      codes,
      new Map([['demo-get-item', '/docs/v1/demo']]),
      {changes: new Map([['demo-get-item', badge]])},
    );
    expect(views.operations[0]?.rateLimits).toEqual({
      family: {requests: 60, seconds: 60},
      operation: {requests: 5, seconds: 3600},
      text: '60 requests a minute per partner id for all Demo calls together, and 5 requests an hour for this call',
    });
    expect(views.operations[0]?.change).toEqual(badge);
    expect(views.tags[0]?.overview).toBe('/docs/v1/demo');
    expect(buildViews(doc(), codes, new Map()).operations[0]?.change).toBeUndefined();
  });

  // buildViews trusts its caller to have cross-checked the contract (node/contract/load.ts
  // withPages): the rules a view relies on are crossCheck's, asserted here as the build reports them.
  it('rejects a response code that the catalogue does not define, naming the operation', () => {
    expect(problemsOf(doc({'x-response-codes': [99]}), codes)).toContain(
      'demo-get-item: x-response-codes lists 99, which openapi/response-codes.yaml does not define.',
    );
  });

  it('adds the common codes to every operation, in code order, and rejects an operation that lists one', () => {
    const withCommon = [
      ...codes,
      {code: 11, name: 'AUTH', meaning: 'Bad token.', action: 'Sign again.', retry: 'no', common: true} as const,
    ];
    expect(buildViews(doc(), withCommon, new Map()).operations[0]?.responseCodes.map((c) => c.code)).toEqual([
      1, 10, 11,
    ]);
    expect(problemsOf(doc({'x-response-codes': [1, 11]}), withCommon)).toContain(
      'demo-get-item: x-response-codes lists 11, a common code that every operation returns. Remove it; every page shows the common codes.',
    );
  });

  it('rejects x-related ids that are not operations', () => {
    expect(problemsOf(doc({'x-related': ['nope']}), codes)).toContain(
      'demo-get-item: x-related names "nope", which is not an operationId in the contract.',
    );
  });
});

describe('authHeaders', () => {
  const secured = (): OpenApiDocument => ({
    ...doc(),
    security: [{partnerJwt: []}],
    components: {
      securitySchemes: {
        partnerJwt: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A JWT.',
          'x-example': 'Bearer a.b.c',
        },
      },
    },
  });

  it('shows the security scheme as the Authorization header, once, before the other headers', () => {
    const op = buildViews(secured(), codes, new Map()).operations[0];
    expect(op?.headers.filter((h) => h.name === 'Authorization')).toEqual([
      {
        name: 'Authorization',
        in: 'header',
        required: true,
        type: 'string',
        description: 'A JWT.',
        constraints: [],
        example: 'Bearer a.b.c',
      },
    ]);
  });

  it('shows no Authorization header on an operation that opts out with security: []', () => {
    const op = buildViews({...secured(), paths: doc({security: []}).paths}, codes, new Map()).operations[0];
    expect(op?.headers.map((h) => h.name)).toEqual([]);
  });

  it('names the operation when its security scheme is not defined', () => {
    expect(problemsOf({...doc(), security: [{partnerJwt: []}]}, codes)).toContain(
      'demo-get-item: security names "partnerJwt", which components.securitySchemes does not define.',
    );
  });
});

describe('fillPath', () => {
  it('replaces path parameters by their encoded examples and leaves unknown ones', () => {
    expect(
      fillPath('/a/{x}/{y}', [
        {name: 'x', in: 'path', required: true, type: 'string', constraints: [], example: 'K/1'},
      ]),
    ).toBe('/a/K%2F1/{y}');
  });
});

describe('the steps of buildViews', () => {
  const pages = new Map([['demo-get-item', '/docs/v1/demo']]);
  const ctx = viewContext(doc(), codes, pages);
  const located = listOperations(doc())[0] as Located;

  it('operationHeaders: Content-Type only with a body', () => {
    expect(operationHeaders(located, [], doc()).map((h) => h.name)).toEqual([]);
    const withBody = {...located, op: {...located.op, requestBody: {content: {}}}};
    expect(operationHeaders(withBody, [], doc()).map((h) => h.name)).toEqual(['Content-Type']);
  });

  it('operationSamples: path and query examples reach the URL of every language', () => {
    const params = [
      {name: 'itemId', in: 'path', required: true, type: 'string', constraints: [], example: 'IT1'},
      {name: 'page', in: 'query', required: false, type: 'integer', constraints: [], example: '2'},
    ] satisfies ParamView[];
    for (const s of operationSamples(located, params, ctx))
      expect(s.code, s.lang).toContain('https://sandbox.example/api/v1/demo/IT1?page=2');
  });

  it('operationSamples: a parameter no client wrapper sends fails with the operation and the fix', () => {
    const cookie = [
      {name: 'session', in: 'cookie', required: true, type: 'string', constraints: []},
    ] satisfies ParamView[];
    expect(() => operationSamples(located, cookie, ctx)).toThrow(
      'demo-get-item: takes cookie session, which no client wrapper sends. Fix: teach samples/client/* to send it and core/code/client.ts to ask for it.',
    );
  });

  it('operationView: a cookie parameter in its own list, never among the headers', () => {
    const withCookie = doc({
      parameters: [{name: 'session', in: 'cookie', description: 'A session.', schema: {type: 'string'}}],
    });
    const view = operationView(listOperations(withCookie)[0] as Located, viewContext(withCookie, codes, pages));
    expect(view.cookieParams.map((p) => p.name)).toEqual(['session']);
    expect(view.headers.map((h) => h.name)).not.toContain('session');
  });

  it('operationCodes and relatedLinks', () => {
    expect(operationCodes(located.op, ctx).map((c) => c.code)).toEqual([1, 10]);
    expect(relatedLinks(located, ctx)).toEqual([]);
  });

  it('webhookView: the acknowledgement time of the policy unless the webhook states its own', () => {
    const withHook: OpenApiDocument = {
      ...doc(),
      webhooks: {
        'demo-done': {
          post: {
            operationId: 'demo-done',
            summary: 'Done',
            description: 'Sent when done.',
            tags: ['demo'],
            responses: {'200': {description: 'OK'}},
          },
        },
      },
    };
    const hook = listOperations(withHook).find((l) => l.kind === 'webhook') as Located;
    const view = webhookView(hook, viewContext(withHook, codes, pages));
    expect(view.ackTimeoutSeconds).toBe(ACK_TIMEOUT_SECONDS);
    expect(view.ack?.status).toBe('200');
  });

  it('indexEntries: a page where there is one', () => {
    expect(indexEntries([located], pages)[0]).toEqual({
      kind: 'operation',
      id: 'demo-get-item',
      method: 'GET',
      path: '/demo/{itemId}',
      summary: 'Get an item',
      tag: 'demo',
      href: '/docs/v1/demo',
    });
    expect(indexEntries([located], new Map())[0]?.href).toBeUndefined();
  });

  it('markSharedRows: rows half the operations show word for word, and no others', () => {
    const row = (name: string) => ({name, path: name, depth: 0, type: 'string', required: true, constraints: []});
    const view = buildViews(doc(), codes, pages).operations[0] as OperationView;
    const a = {...view, responses: [{...view.responses[0], rows: [row('status'), row('a')]}]} as OperationView;
    const b = {...view, responses: [{...view.responses[0], rows: [row('status'), row('b')]}]} as OperationView;
    const c = {...view, responses: [{...view.responses[0], rows: [row('c')]}]} as OperationView;
    const marked = markSharedRows([a, b, c]);
    expect(marked.map((o) => o.responses[0]?.rows.map((r) => `${r.name}${r.shared ? '*' : ''}`))).toEqual([
      ['status*', 'a'],
      ['status*', 'b'],
      ['c'],
    ]);
  });
});
