import {describe, expect, it} from 'vitest';
import type {OperationModel} from '#core/sandbox/model';
import {
  applyChoice,
  bodyFields,
  buildRequest,
  curlCommand,
  DraftError,
  headerLines,
  initialDraft,
  keyProblem,
  sandboxBaseUrl,
  requestExamples,
  requestPath,
  setBodyField,
  shellQuote,
  scenarioChoices,
  tryItSettings,
  webhookExamples,
  type RequestExample,
} from '#core/sandbox/try-it';

const EXAMPLE: RequestExample = {
  method: 'POST',
  path: '/service/bbps/bill/{billerId}/fetch',
  pathParams: {billerId: 'BESCOM'},
  query: {lang: 'en', page: ''},
  body: '{\n  "amount": 500,\n  "customerparams": [\n    {\n      "name": "Consumer number",\n      "value": "1234"\n    }\n  ],\n  "notify": true\n}',
};

const OP: OperationModel = {
  id: 'bbps-fetch',
  family: 'bbps',
  method: 'POST',
  path: EXAMPLE.path,
  pathParams: ['billerId'],
  queryParams: ['lang', 'page'],
  hasBody: true,
  codes: [1, 2, 13],
  carry: [],
  unique: [],
  scenarios: [
    {id: 'a#1', label: 'Bill found', when: [], code: 1, httpStatus: 200, body: {}, then: []},
    {
      id: 'a#2',
      label: 'No bill due',
      when: [{input: 'customerparams[0].value', value: '000013'}],
      code: 13,
      httpStatus: 200,
      body: {},
      then: [],
    },
    {
      id: 'a#3',
      label: 'Biller down',
      when: [
        {input: 'billerId', value: 'DOWN'},
        {input: 'lang', value: 'hi'},
      ],
      code: 2,
      httpStatus: 200,
      body: {},
      then: [],
    },
    {id: 'a#4', label: 'Rate limited', partnerId: 'PS000018', when: [], code: 18, httpStatus: 429, body: {}, then: []},
  ],
};

describe('Try it: building the request', () => {
  const draft = initialDraft(EXAMPLE, 'PS001234');

  it('fills path parameters (encoded) and leaves empty query values out', () => {
    expect(requestPath('/api/v1', EXAMPLE, {...draft, pathParams: {billerId: 'A B/C'}})).toBe(
      '/api/v1/service/bbps/bill/A%20B%2FC/fetch?lang=en',
    );
  });

  it('sends the token, the JSON content type and the body text exactly as edited', () => {
    expect(buildRequest(sandboxBaseUrl('/api/v1'), EXAMPLE, {...draft, body: '{"amount": 5}'}, 'h.p.s')).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:4010/api/v1/service/bbps/bill/BESCOM/fetch?lang=en',
      headers: {Authorization: 'Bearer h.p.s', 'Content-Type': 'application/json'},
      body: '{"amount": 5}',
    });
  });

  it('sends no content type and no body for an operation without one', () => {
    const get: RequestExample = {method: 'GET', path: '/common/bank', pathParams: {}, query: {service: 'aeps'}};
    expect(buildRequest('https://sandbox.rupeerail.example/api/v1', get, initialDraft(get, 'PS001234'), 't')).toEqual({
      method: 'GET',
      url: 'https://sandbox.rupeerail.example/api/v1/common/bank?service=aeps',
      headers: {Authorization: 'Bearer t'},
    });
  });
});

describe('Try it: sandbox scenarios', () => {
  const draft = initialDraft(EXAMPLE, 'PS001234');
  const choices = scenarioChoices(OP);

  it('offers every scenario of the operation, with its code and label', () => {
    expect(choices.map((c) => `${c.key} ${c.code} ${c.label} ${c.partnerId ?? ''}`.trim())).toEqual([
      '0 1 Bill found',
      '1 13 No bill due',
      '2 2 Biller down',
      '3 18 Rate limited PS000018',
    ]);
  });

  it('sets a body field by its path and keeps the rest of the body', () => {
    const next = applyChoice(draft, choices[1]!, EXAMPLE, 'PS001234');
    expect(JSON.parse(next.body!)).toEqual({
      amount: 500,
      customerparams: [{name: 'Consumer number', value: '000013'}],
      notify: true,
    });
    expect(next.partnerId).toBe('PS001234');
  });

  it('sets path and query parameters, and the test partner id of a partner scenario', () => {
    const next = applyChoice(draft, choices[2]!, EXAMPLE, 'PS001234');
    expect([next.pathParams, next.query, next.body]).toEqual([{billerId: 'DOWN'}, {lang: 'hi', page: ''}, draft.body]);
    const partner = applyChoice(next, choices[3]!, EXAMPLE, 'PS001234');
    expect(partner.partnerId).toBe('PS000018');
    expect(applyChoice(partner, choices[0]!, EXAMPLE, 'PS001234').partnerId).toBe('PS001234');
  });

  it('says what to do when the edited body is not JSON', () => {
    expect(() => applyChoice({...draft, body: '{"amount": '}, choices[1]!, EXAMPLE, 'PS001234')).toThrow(
      new DraftError(
        `The request body is not valid JSON (${errorOf('{"amount": ')}): fix it, or reset the example, before picking a sandbox scenario.`,
      ),
    );
  });
});

function errorOf(text: string): string {
  try {
    JSON.parse(text);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
}

describe('Try it: the fields view', () => {
  it('lists the scalar leaves of the body by path, with their JSON types', () => {
    expect(bodyFields(EXAMPLE.body!)).toEqual([
      {path: 'amount', value: '500', type: 'number'},
      {path: 'customerparams[0].name', value: 'Consumer number', type: 'string'},
      {path: 'customerparams[0].value', value: '1234', type: 'string'},
      {path: 'notify', value: 'true', type: 'boolean'},
    ]);
  });

  it('keeps a number a number and a boolean a boolean while the text reads as one', () => {
    const body = EXAMPLE.body!;
    const set = (path: string, text: string) =>
      JSON.parse(setBodyField(body, path, text)) as {
        amount: unknown;
        notify: unknown;
        customerparams: {value: unknown}[];
      };
    expect(set('amount', '750').amount).toBe(750);
    expect(set('amount', '7x').amount).toBe('7x');
    expect(set('amount', '').amount).toBe('');
    expect(set('notify', 'false').notify).toBe(false);
    expect(set('customerparams[0].value', '99').customerparams[0]?.value).toBe('99');
  });
});

describe('Try it: Copy as cURL', () => {
  it('repeats the method, the URL, every header and the body byte for byte', () => {
    const body = '{\n  "name": "O\'Brien"\n}';
    expect(
      curlCommand({
        method: 'POST',
        url: 'http://127.0.0.1:4010/api/v1/x?a=1&b=2',
        headers: {Authorization: 'Bearer h.p.s', 'Content-Type': 'application/json'},
        body,
      }),
    ).toBe(
      [
        "curl --request POST 'http://127.0.0.1:4010/api/v1/x?a=1&b=2' \\",
        "  --header 'Authorization: Bearer h.p.s' \\",
        "  --header 'Content-Type: application/json' \\",
        `  --data-raw '{`,
        `  "name": "O'\\''Brien"`,
        `}'`,
      ].join('\n'),
    );
  });

  it('has no body option for a request without one', () => {
    expect(curlCommand({method: 'GET', url: 'https://x.example/a', headers: {Authorization: 'Bearer t'}})).toBe(
      "curl --request GET 'https://x.example/a' \\\n  --header 'Authorization: Bearer t'",
    );
    expect(shellQuote("it's")).toBe("'it'\\''s'");
  });
});

describe('Try it: the reader key', () => {
  it('accepts a sandbox JWT secret', () => {
    expect(keyProblem('  jwt_test_7c2e91 ')).toBeUndefined();
  });

  it('refuses a production-looking key with a clear message', () => {
    const message =
      'This looks like a production key. Try it sends to the sandbox only: use your sandbox secret (jwt_test_...), and rotate a production secret that was pasted anywhere.';
    expect(keyProblem('jwt_live_91ab77')).toBe(message);
    expect(keyProblem('sk_live_abc')).toBe(message);
    expect(keyProblem('partner_prod_secret')).toBe(message);
  });

  it('refuses an empty key, a signed token and a key of no known kind, saying what to enter', () => {
    expect(keyProblem(' ')).toBe('Enter your sandbox JWT secret from the dashboard.');
    expect(keyProblem('eyJhbGciOiJIUzI1NiJ9.eyJwYXJ0bmVySWQiOiJQUzEifQ.c2ln')).toBe(
      'This is a signed token, and a token is good for one request: enter the JWT secret instead, and the panel signs a fresh token for each request.',
    );
    expect(keyProblem('hunter2')).toBe(
      'Sandbox JWT secrets start with jwt_test_: copy it from the Sandbox (UAT) keys of the dashboard.',
    );
  });
});

describe('Try it: the files the build writes per family', () => {
  const param = (name: string, where: 'path' | 'query' | 'header', example?: string) =>
    ({name, in: where, type: 'string', required: true, constraints: [], ...(example ? {example} : {})}) as const;

  it('gives each operation its method, path, parameter examples and first body example, by family', () => {
    const ops = [
      {
        id: 'bill-fetch',
        tag: 'bbps',
        method: 'POST',
        path: '/bill/{id}',
        pathParams: [param('id', 'path', 'B1')],
        queryParams: [param('lang', 'query')],
        headers: [],
        body: {
          rows: [
            {path: 'x', required: true, enumValues: [1, 2]},
            {path: 'note', required: false},
          ],
          examples: [
            {name: 'a', json: '{\n  "x": 1\n}'},
            {name: 'b', json: '{}'},
          ],
        },
      },
      {id: 'banks', tag: 'common', method: 'GET', path: '/banks', pathParams: [], queryParams: [], headers: []},
      {
        id: 'ping',
        tag: 'common',
        method: 'POST',
        path: '/ping',
        pathParams: [],
        queryParams: [],
        headers: [],
        body: {examples: []},
      },
    ] as unknown as Parameters<typeof requestExamples>[0];
    expect(requestExamples(ops)).toEqual({
      bbps: {
        'bill-fetch': {
          method: 'POST',
          path: '/bill/{id}',
          pathParams: {id: 'B1'},
          query: {lang: ''},
          body: '{\n  "x": 1\n}',
          // Required marks and allowed values for the panel (core/sandbox/try-it-hints.ts); none for `note`.
          hints: {body: {x: {required: true, enum: [1, 2]}}, params: {id: {required: true}, lang: {required: true}}},
        },
      },
      common: {
        banks: {method: 'GET', path: '/banks', pathParams: {}, query: {}},
        ping: {method: 'POST', path: '/ping', pathParams: {}, query: {}, body: '{}'},
      },
    });
  });

  it('gives each webhook with an example its first one as one line of JSON', () => {
    const hooks = [
      {id: 'a-update', body: {examples: [{name: 'x', json: '{\n  "event": "A",\n  "n": 1\n}'}]}},
      {id: 'b-update'},
    ] as unknown as Parameters<typeof webhookExamples>[0];
    expect(webhookExamples(hooks)).toEqual({'a-update': '{"event":"A","n":1}'});
  });
});

describe('Try it: headers as text', () => {
  it('writes one `Name: value` line per header, in order', () => {
    expect(headerLines({'Content-Type': 'application/json', 'X-Webhook-Id': 'wh_1'})).toBe(
      'Content-Type: application/json\nX-Webhook-Id: wh_1',
    );
    expect(headerLines({})).toBe('');
  });
});

describe('Try it: header parameters and the token transition from the contract', () => {
  const param = (name: string, required: boolean, example?: string) =>
    ({name, in: 'header', type: 'string', required, constraints: [], ...(example ? {example} : {})}) as const;

  it('lists the headers the operation declares, not the token or the content type the panel writes', () => {
    const ops = [
      {
        id: 'rotate',
        tag: 'webhooks',
        method: 'POST',
        path: '/webhooks/secret/rotate',
        pathParams: [],
        queryParams: [],
        headers: [
          param('Authorization', true),
          param('X-Webhook-Secret-Proof', true, 'v1=3b'),
          param('Content-Type', true),
        ],
      },
    ] as unknown as Parameters<typeof requestExamples>[0];
    expect(requestExamples(ops).webhooks?.rotate).toEqual({
      method: 'POST',
      path: '/webhooks/secret/rotate',
      pathParams: {},
      query: {},
      headers: {'X-Webhook-Secret-Proof': 'v1=3b'},
      hints: {body: {}, params: {'X-Webhook-Secret-Proof': {required: true}}},
    });
  });

  it('sends a header with a value and leaves an empty one out', () => {
    const example: RequestExample = {...EXAMPLE, headers: {'X-A': 'x', 'X-B': ''}};
    const draft = initialDraft(example, 'PS001234');
    expect(buildRequest('', example, draft, 't').headers).toEqual({
      Authorization: 'Bearer t',
      'Content-Type': 'application/json',
      'X-A': 'x',
    });
  });

  it('reads the token transition (kid) from the contract’s deprecations: the form of every call naming kid', () => {
    const form = {
      part: 'form',
      old: 'a token without kid',
      replacement: 'a token with `kid` in its header',
      sunset: '2027-06-30',
    } as const;
    expect(
      tryItSettings([
        {...form, entries: ['x-op']},
        {...form, entries: []},
      ]),
    ).toEqual({
      tokenTransition: {old: form.old, replacement: form.replacement, sunset: '2027-06-30'},
    });
    expect(tryItSettings([{...form, replacement: 'a longer key', entries: []}])).toEqual({});
  });
});
