/** The section tree (core/contract/tree.ts): what each builder puts where, in order. */
import {describe, expect, it} from 'vitest';
import {defaultLabels} from '#core/contract/labels';
import {
  ackNotice,
  codesSection,
  examples,
  fields,
  mapBlocks,
  operationTree,
  overviewSection,
  relatedSection,
  requestSection,
  responseSection,
  responsesSections,
  retryText,
  samplesSection,
  scenariosSection,
  sharedAnswersTree,
  treeHeadings,
  webhookTree,
  type Block,
} from '#core/contract/tree';
import type {OperationView, ParamView, WebhookView} from '#core/contract/types';
import type {ScenarioRow} from '#core/sandbox/compile';

const labels = defaultLabels();

const header: ParamView = {name: 'Authorization', in: 'header', required: true, type: 'string', constraints: []};
const cookie: ParamView = {name: 'session', in: 'cookie', required: false, type: 'string', constraints: []};

const op: OperationView = {
  kind: 'operation',
  id: 'demo-get',
  method: 'GET',
  path: '/demo',
  summary: 'Get a demo',
  description: 'Reads one.',
  tag: 'demo',
  tagLabel: 'Demo',
  servers: [{label: 'Sandbox', url: 'https://sb.example/api'}],
  headers: [header],
  pathParams: [],
  queryParams: [],
  cookieParams: [],
  samples: [{lang: 'curl', label: 'cURL', prism: 'bash', code: 'curl https://sb.example/api/demo'}],
  responses: [
    {status: '200', description: 'The demo.', headers: [], rows: [], examples: []},
    {
      status: '400',
      description: 'Bad request.',
      headers: [],
      rows: [{name: 'status', path: 'status', depth: 0, type: 'boolean', required: true, constraints: []}],
      examples: [],
    },
  ],
  responseCodes: [{code: 10, name: 'VALIDATION', meaning: 'Bad field.', action: 'Fix.', retry: 'no'}],
  related: [],
  rateLimits: {
    family: {requests: 60, seconds: 60},
    text: '60 requests a minute per partner id for all Demo calls together',
  },
  scenarios: [],
};

/** What the sandbox answers every operation (success, validation), and a sandbox scenario of its own. */
const engineRows: ScenarioRow[] = [
  {
    input: 'Any other valid request',
    code: 1,
    codeName: 'SUCCESS',
    label: 'The documented example answer',
    follows: '',
    source: 'engine',
  },
  {
    input: '`id` `!`',
    code: 10,
    codeName: 'VALIDATION',
    label: 'Validation error listing the field',
    follows: '',
    source: 'engine',
  },
];
const ownRow: ScenarioRow = {
  input: '`id` `999900030201`',
  code: 2,
  codeName: 'PENDING',
  label: 'Pending, then success',
  follows: 'After 30 s: status SUCCESS, webhook `demo-hook`.',
  source: 'operation',
};

const kinds = (blocks: readonly Block[]): string[] => blocks.map((b) => b.kind);

describe('operation sections', () => {
  it('overview: request line, description, the URL per environment, the token page and the rate limit', () => {
    expect(overviewSection(op, labels)).toEqual({
      key: 'overview',
      lead: true,
      blocks: [
        {kind: 'request-line', method: 'GET', path: '/demo', searchKeys: [op.id, 'GET /demo']},
        {kind: 'paragraph', text: 'Reads one.'},
        {
          kind: 'servers',
          caption: 'Full URL per environment',
          rows: [{label: 'Sandbox', request: 'GET https://sb.example/api/demo'}],
          facts: [
            {
              label: 'Authentication',
              text: 'Bearer JWT (HS256) with kid, partnerId, iat, exp, aud and reqId',
              href: '/HeaderMarkdown',
            },
            {
              label: 'Rate limit',
              text: '60 requests a minute per partner id for all Demo calls together',
              href: '/ResponseCode#rate-limits',
              searchIgnore: true,
            },
          ],
        },
      ],
    });
  });

  it("overview: the changelog's badge on the request line, breaking said in words", () => {
    const changed = {
      version: '1.1.0',
      status: 'changed',
      breaking: true,
      href: '/docs/v1/changelog#change-demo-get',
    } as const;
    expect(overviewSection({...op, change: changed}, labels).blocks[0]).toEqual({
      kind: 'request-line',
      method: 'GET',
      path: '/demo',
      searchKeys: [op.id, 'GET /demo'],
      change: {text: 'Changed in 1.1.0, breaking', href: '/docs/v1/changelog#change-demo-get', breaking: true},
    });
    expect(
      overviewSection({...op, change: {...changed, status: 'added', breaking: false}}, labels).blocks[0],
    ).toMatchObject({change: {text: 'New in 1.1.0', breaking: false}});
  });

  it('request: the headers left out of search; "no parameters" only when there are none at all', () => {
    const bare = requestSection(
      {...op, headers: [{...header, description: 'The scheme: claims, lifetimes, rotation.'}]},
      labels,
    );
    // The token row links the token page instead of the security scheme's whole text (issue 34).
    const token = {
      ...header,
      description:
        '`Bearer ` followed by a JWT you sign for each request. [Headers and tokens](/HeaderMarkdown#the-request-token) says what it carries and how to make it in each language.',
    };
    expect(bare.heading).toEqual({depth: 2, text: 'Request'});
    expect(bare.blocks).toEqual([
      {kind: 'fields', caption: 'Headers', rows: [token], searchIgnore: true, anchor: 'request-header'},
      {kind: 'paragraph', text: 'This call takes no parameters beyond the headers.'},
    ]);
    // A cookie parameter is a parameter, in its own table, never among the headers.
    expect(requestSection({...op, cookieParams: [cookie]}, labels).blocks).toEqual([
      {kind: 'fields', caption: 'Headers', rows: [token], searchIgnore: true, anchor: 'request-header'},
      {kind: 'fields', caption: 'Cookies', rows: [cookie], anchor: 'request-cookie'},
    ]);
  });

  it('samples: the sentence that says where the token comes from, every language, then Try it', () => {
    expect(samplesSection(op, labels)).toEqual([
      {
        key: 'samples',
        heading: {depth: 2, text: 'Code samples'},
        aside: true,
        lead: true,
        blocks: [
          {
            kind: 'paragraph',
            text: 'Generated from the contract for the sandbox. Each sample calls the [client wrapper](/docs/v1/client-wrapper) of its language, which signs a fresh token from `PARTNER_ID`, `PARTNER_KEY_ID` and `PARTNER_SECRET`, sends, and makes a status call when no answer comes.',
          },
          {kind: 'samples', samples: op.samples},
          {kind: 'try-it', op: 'demo-get', family: 'demo'},
        ],
      },
    ]);
    expect(samplesSection({...op, samples: []}, labels)).toEqual([]);
  });

  it('a response: an h3 with the status, its headers and fields (folded) out of search unless it is a success', () => {
    const retryAfter: ParamView = {name: 'Retry-After', in: 'header', required: true, type: 'integer', constraints: []};
    const res = {...(op.responses[1] as OperationView['responses'][number]), headers: [retryAfter]};
    expect(responseSection(res, labels)).toEqual({
      key: 'response-400',
      heading: {depth: 3, text: '400 Bad Request'},
      lead: true,
      columns: true,
      blocks: [
        {kind: 'paragraph', text: 'Bad request.'},
        {
          kind: 'fields',
          caption: 'Response headers',
          rows: [retryAfter],
          searchIgnore: true,
          anchor: 'response-400-header',
        },
        {
          kind: 'fields',
          caption: 'Response body fields',
          rows: op.responses[1]?.rows,
          summary: 'Response fields (1)',
          unfolded: true,
          anchor: 'response-400',
          searchIgnore: true,
        },
      ],
    });
  });

  it('the answers every operation shares: one short section linking each on /ResponseCode, shown there once', () => {
    const [ok, bad] = op.responses as [OperationView['responses'][number], OperationView['responses'][number]];
    const shared = [
      {...bad, shared: 'BadRequest'},
      {...bad, status: '429', shared: 'TooManyRequests'},
    ];
    const sections = responsesSections({...op, responses: [ok, ...shared]}, labels);
    expect(sections.map((s) => s.key)).toEqual(['responses', 'response-200', 'shared-answers']);
    expect(sections[2]).toEqual({
      key: 'shared-answers',
      heading: {depth: 3, text: 'Errors every call shares'},
      lead: true,
      blocks: [
        {
          kind: 'paragraph',
          text: 'This call can also answer [400 Bad Request](/ResponseCode#400-bad-request) and [429 Too Many Requests](/ResponseCode#429-too-many-requests): the same envelope on every call, shown once under [Error answers](/ResponseCode#error-answers).',
        },
      ],
    });
    const tree = sharedAnswersTree(shared, labels);
    expect(treeHeadings(tree)).toEqual([
      {depth: 3, text: '400 Bad Request'},
      {depth: 3, text: '429 Too Many Requests'},
    ]);
  });

  it('codes: each with its retry advice in words and its row of the catalogue', () => {
    expect(codesSection(op, labels)[0]?.blocks).toEqual([
      {
        kind: 'codes',
        head: {code: 'response_code', name: 'Name', meaning: 'Meaning', retry: 'Retry'},
        codes: [
          {
            code: 10,
            name: 'VALIDATION',
            meaning: 'Bad field.',
            retry: 'no',
            retryText: 'Fix the cause first',
            href: '/ResponseCode#code-10',
          },
        ],
      },
    ]);
  });

  it('sandbox scenarios: none without scenarios of its own, else every row with what follows, linked to the Sandbox page', () => {
    expect(scenariosSection({...op, scenarios: engineRows}, labels)).toEqual([]);
    const [section] = scenariosSection({...op, scenarios: [ownRow, ...engineRows]}, labels);
    expect(section?.key).toBe('sandbox-scenarios');
    expect(section?.heading).toEqual({depth: 2, text: 'Sandbox scenarios'});
    expect(section?.blocks[0]).toEqual({
      kind: 'paragraph',
      text: 'In the sandbox and in `npm run sandbox`, these values force each answer. The test credentials and the values every operation takes: [Sandbox](/docs/v1/test-data).',
    });
    expect(section?.blocks[1]).toEqual({
      kind: 'sandbox-scenarios',
      head: {send: 'Send', answer: 'Answer', then: 'Then'},
      rows: [
        {
          input: '`id` `999900030201`',
          code: 2,
          name: 'PENDING',
          label: 'Pending, then success',
          then: 'After 30 s: status SUCCESS, webhook `demo-hook`.',
          href: '/ResponseCode#code-2',
        },
        {
          input: 'Any other valid request',
          code: 1,
          name: 'SUCCESS',
          label: 'The documented example answer',
          then: 'Nothing follows',
          href: '/ResponseCode#code-1',
        },
        {
          input: '`id` `!`',
          code: 10,
          name: 'VALIDATION',
          label: 'Validation error listing the field',
          then: 'Nothing follows',
          href: '/ResponseCode#code-10',
        },
      ],
    });
  });

  it('related: a list, webhooks marked', () => {
    const related = relatedSection(
      {...op, related: [{id: 'demo-hook', label: 'Demo done', href: '/docs/v1/demo/webhooks', kind: 'webhook'}]},
      labels,
    );
    expect(related[0]?.blocks).toEqual([
      {kind: 'links', links: [{label: 'Demo done', href: '/docs/v1/demo/webhooks', note: '(webhook)'}]},
    ]);
    expect(relatedSection(op, labels)).toEqual([]);
  });

  it('the whole tree: sections in page order (the call first), headings as the table of contents lists them', () => {
    const tree = operationTree({...op, scenarios: [ownRow, ...engineRows]}, labels);
    // Before the page's guide prose (node/contract/lead.ts): the call, the request, the answers, the codes.
    expect(tree.sections.filter((s) => s.lead).map((s) => s.key)).toEqual([
      'overview',
      'samples',
      'request',
      'responses',
      'response-200',
      'response-400',
      'codes',
    ]);
    expect(tree.sections.map((s) => s.key)).toEqual([
      'overview',
      'samples',
      'request',
      'responses',
      'response-200',
      'response-400',
      'codes',
      'sandbox-scenarios',
    ]);
    expect(treeHeadings(tree)).toEqual([
      {depth: 2, text: 'Code samples'},
      {depth: 2, text: 'Request'},
      {depth: 2, text: 'Responses'},
      {depth: 3, text: '200 OK'},
      {depth: 3, text: '400 Bad Request'},
      {depth: 2, text: 'Response codes'},
      {depth: 2, text: 'Sandbox scenarios'},
    ]);
    expect(tree.words.isRequired).toBe('required');
  });
});

describe('blocks', () => {
  it('no rows, no table; no examples, no block', () => {
    expect(fields('Headers', [])).toEqual([]);
    expect(examples('Request body', [])).toEqual([]);
  });

  it('titles examples by their summary, or by their names when several have none', () => {
    expect(examples('200 OK', [{name: 'ok', summary: 'Paid', json: '{}'}])).toEqual([
      {kind: 'examples', examples: [{title: '200 OK: Paid', json: '{}'}]},
    ]);
    expect(
      examples('Your answer', [
        {name: 'plain', json: '{}'},
        {name: 'detailed', json: '{"ok": true}'},
      ]),
    ).toEqual([
      {
        kind: 'examples',
        examples: [
          {title: 'Your answer: plain', json: '{}'},
          {title: 'Your answer: detailed', json: '{"ok": true}'},
        ],
      },
    ]);
    expect(examples('Request body', [{name: 'example', json: '{}'}])).toEqual([
      {kind: 'examples', examples: [{title: 'Request body', json: '{}'}]},
    ]);
  });

  it('words the retry advice of every kind', () => {
    expect((['safe', 'new-ref', 'status', 'no'] as const).map((r) => retryText(r, labels))).toEqual([
      'Safe to resend as is',
      'Only with a new referenceid',
      'Never: check status first',
      'Fix the cause first',
    ]);
  });
});

describe('webhook tree', () => {
  const hook: WebhookView = {
    kind: 'webhook',
    id: 'demo-hook',
    name: 'demo-hook',
    summary: 'Demo done',
    description: 'Sent when done.',
    tag: 'demo',
    tagLabel: 'Demo',
    method: 'POST',
    headers: [header],
    ack: {status: '200', description: 'OK', headers: [], rows: [], examples: [{name: 'example', json: '{}'}]},
    ackTimeoutSeconds: 5,
    related: [],
  };

  it('one section under the event name: line, description, headers, the acknowledgement', () => {
    const tree = webhookTree(hook, labels);
    expect(tree.sections).toHaveLength(1);
    expect(tree.sections[0]?.heading).toEqual({depth: 2, text: 'Demo done'});
    expect(kinds(tree.sections[0]?.blocks ?? [])).toEqual(['request-line', 'paragraph', 'fields', 'notice']);
    expect(tree.sections[0]?.blocks[0]).toEqual({
      kind: 'request-line',
      method: 'POST',
      path: 'demo-hook',
      via: 'to your webhook URL',
      searchKeys: ['demo-hook'],
    });
  });

  it('the acknowledgement states the policy with the webhook own timeout', () => {
    const notice = ackNotice(hook, labels);
    expect(notice.title).toBe('Acknowledge');
    expect(notice.blocks[0]).toMatchObject({kind: 'paragraph'});
    expect((notice.blocks[0] as {text: string}).text).toMatch(/^Answer with any 2xx status within 5 seconds/);
    expect(notice.blocks[1]).toEqual({kind: 'examples', examples: [{title: 'Your answer', json: '{}'}]});
  });

  it('mapBlocks reaches the blocks inside a notice', () => {
    const seen: string[] = [];
    mapBlocks(webhookTree(hook, labels), (b) => {
      seen.push(b.kind);
      return b;
    });
    expect(seen).toEqual(['request-line', 'paragraph', 'fields', 'notice', 'paragraph', 'examples']);
  });
});
