import {describe, expect, it} from 'vitest';
import {
  codeSamplesMarkdown,
  inline,
  listOf,
  llmsTxtMarkdown,
  paramTable,
  sectionsMarkdown,
  treeMarkdown,
  type UrlOf,
} from '#core/markdown/markdown';
import {defaultLabels} from '#core/contract/labels';
import {fieldWords, operationTree, webhookTree} from '#core/contract/tree';
import {
  apiIndexBlocks,
  downloadBlocks,
  operationListBlocks,
  panStatusBlocks,
  responseCodeBlocks,
} from '#core/contract/component-sections';
import {flowSteps} from '#core/contract/sections';
import type {OperationView, ResponseCodeView, TagView, WebhookView} from '#core/contract/types';

const labels = defaultLabels();
const words = fieldWords(labels);

const url: UrlOf = (p) => `https://docs.example${p}`;

const pending: ResponseCodeView = {
  code: 2,
  name: 'PENDING',
  meaning: 'Not known yet.',
  action: 'Ask status.',
  retry: 'status',
};

/** A small operation with one of everything the renderer has a branch for. */
const op: OperationView = {
  kind: 'operation',
  id: 'demo-pay',
  method: 'POST',
  path: '/service/demo/{id}/pay',
  summary: 'Pay',
  description: 'Pays one `demo` bill.',
  tag: 'demo',
  tagLabel: 'Demo',
  servers: [
    {label: 'Sandbox', url: 'https://sb.example/api'},
    {label: 'Production', url: 'https://api.example/api'},
  ],
  rateLimits: {
    family: {requests: 600, seconds: 60},
    operation: {requests: 5, seconds: 3600},
    text: '600 requests a minute per partner id for all Demo calls together, and 5 requests an hour for this call',
  },
  change: {version: '1.1.0', status: 'changed', breaking: true, href: '/docs/v1/changelog#change-demo-pay'},
  scenarios: [],
  headers: [
    {
      name: 'Authorization',
      in: 'header',
      required: true,
      type: 'string',
      description: 'Bearer token.',
      constraints: [],
    },
  ],
  pathParams: [{name: 'id', in: 'path', required: true, type: 'string', constraints: ['pattern ^a|b$'], example: 'a'}],
  queryParams: [],
  cookieParams: [],
  body: {
    required: true,
    mediaType: 'application/json',
    rows: [
      {
        name: 'amount',
        path: 'amount',
        depth: 0,
        type: 'integer',
        required: true,
        description: 'Rupees.',
        constraints: ['100 to 500'],
        example: '150',
      },
      {
        name: 'mode',
        path: 'meta.mode',
        depth: 1,
        type: 'string',
        required: false,
        constraints: [],
        enumValues: ['A', 'B'],
        defaultValue: 'A',
      },
    ],
    examples: [{name: 'example', json: '{\n  "amount": 150\n}'}],
  },
  samples: [
    {
      lang: 'curl',
      label: 'cURL',
      prism: 'bash',
      code: 'curl --request POST \\\n  --url https://sb.example/api/service/demo/a/pay',
    },
    {lang: 'node', label: 'Node.js', prism: 'javascript', code: 'fetch()'},
    {lang: 'go', label: 'Go', prism: 'go', code: 'http.Post()'},
  ],
  responses: [
    {
      status: '200',
      description: 'Done.',
      headers: [],
      rows: [{name: 'status', path: 'status', depth: 0, type: 'boolean', required: true, constraints: []}],
      examples: [
        {name: 'ok', summary: 'Paid', json: '{"status": true}'},
        {name: 'no', summary: 'Declined', json: '{"status": false}'},
      ],
    },
  ],
  responseCodes: [pending],
  related: [{id: 'demo-hook', label: 'Demo result', href: '/docs/v1/demo/webhooks', kind: 'webhook'}],
};

describe('what the serialiser escapes (core/markdown/serialise.ts)', () => {
  const md = (blocks: Parameters<typeof sectionsMarkdown>[0]) => sectionsMarkdown(blocks, url);

  it('code spans survive backticks', () => {
    const cell = [
      {kind: 'code', text: 'a'},
      ' ',
      {kind: 'code', text: 'a`b'},
      ' ',
      {kind: 'code', text: '`a'},
    ] as const;
    expect(md([{kind: 'text', cell}])).toBe('`a` ``a`b`` `` `a ``');
  });

  it('fences are longer than any fence inside', () => {
    expect(
      codeSamplesMarkdown([
        {lang: 'curl', label: 'cURL', prism: 'bash', code: 'x\n'},
        {lang: 'md', label: 'Markdown', prism: '', code: '```js\ny\n```'},
      ]),
    ).toBe('**cURL**\n\n```bash\nx\n```\n\n**Markdown**\n\n````\n```js\ny\n```\n````');
  });

  it('cells escape pipes and flatten lines', () => {
    expect(md([{kind: 'table', head: ['A'], rows: [{key: 'r', cells: [['a | b\n  c']]}]}])).toBe(
      '| A |\n| - |\n| a \\| b c |',
    );
  });

  it('text that would read as Markdown stays text', () => {
    expect(md([{kind: 'paragraph', text: 'Send *all* of [it] <now>, or `a*b`.'}])).toBe(
      'Send \\*all\\* of \\[it] \\<now>, or `a*b`.',
    );
  });

  it('lists read as English', () => {
    expect(listOf(['a'])).toBe('a');
    expect(listOf(['a', 'b', 'c'])).toBe('a, b and c');
  });
});

describe('inline', () => {
  it('keeps code spans and makes site links absolute', () => {
    expect(inline('Use `a|b`, see [Headers](/HeaderMarkdown#jwt).', url)).toBe(
      'Use `a|b`, see [Headers](https://docs.example/HeaderMarkdown#jwt).',
    );
  });
});

describe('paramTable', () => {
  it('names nested fields by path and lists every rule', () => {
    expect(paramTable(op.body?.rows ?? [], words, url)).toBe(
      [
        '| Field | Type | Required | Description |',
        '| - | - | - | - |',
        '| `amount` | integer | yes | Rupees. Rules: `100 to 500`. Example: `150`. |',
        '| `meta.mode` | string | no | One of: `"A"`, `"B"`. Default: `A`. |',
      ].join('\n'),
    );
  });
});

describe('treeMarkdown: an operation', () => {
  it('writes every section of the tree under the headings the page shows', () => {
    expect(treeMarkdown(operationTree(op, labels), url))
      .toBe(`\`POST /service/demo/{id}/pay\` [Changed in 1.1.0, breaking](https://docs.example/docs/v1/changelog#change-demo-pay)

Pays one \`demo\` bill.

**Full URL per environment**

- Sandbox: \`POST https://sb.example/api/service/demo/{id}/pay\`
- Production: \`POST https://api.example/api/service/demo/{id}/pay\`
- Authentication: [Bearer JWT (HS256) with kid, partnerId, iat, exp, aud and reqId](https://docs.example/HeaderMarkdown)
- Rate limit: [600 requests a minute per partner id for all Demo calls together, and 5 requests an hour for this call](https://docs.example/ResponseCode#rate-limits)

## Code samples

Generated from the contract for the sandbox. Each sample calls the [client wrapper](https://docs.example/docs/v1/client-wrapper) of its language, which signs a fresh token from \`PARTNER_ID\`, \`PARTNER_KEY_ID\` and \`PARTNER_SECRET\`, sends, and makes a status call when no answer comes.

**cURL**

\`\`\`bash
curl --request POST \\
  --url https://sb.example/api/service/demo/a/pay
\`\`\`

**Node.js**

\`\`\`javascript
fetch()
\`\`\`

**Go**

\`\`\`go
http.Post()
\`\`\`

## Request

**Headers**

| Field | Type | Required | Description |
| - | - | - | - |
| \`Authorization\` | string | yes | \`Bearer \` followed by a JWT you sign for each request. [Headers and tokens](https://docs.example/HeaderMarkdown#the-request-token) says what it carries and how to make it in each language. |

**Path parameters**

| Field | Type | Required | Description |
| - | - | - | - |
| \`id\` | string | yes | Rules: \`pattern ^a\\|b$\`. Example: \`a\`. |

**Body fields (JSON)**

| Field | Type | Required | Description |
| - | - | - | - |
| \`amount\` | integer | yes | Rupees. Rules: \`100 to 500\`. Example: \`150\`. |
| \`meta.mode\` | string | no | One of: \`"A"\`, \`"B"\`. Default: \`A\`. |

**Request body**

\`\`\`json
{
  "amount": 150
}
\`\`\`

## Responses

Every response uses the same envelope. Branch on \`response_code\`, not on the HTTP status alone.

### 200 OK

Done.

**Response body fields**

| Field | Type | Required | Description |
| - | - | - | - |
| \`status\` | boolean | yes | |

**200 OK: Paid**

\`\`\`json
{"status": true}
\`\`\`

**200 OK: Declined**

\`\`\`json
{"status": false}
\`\`\`

## Response codes

| response_code | Name | Meaning | Retry |
| - | - | - | - |
| [2](https://docs.example/ResponseCode#code-2) | PENDING | Not known yet. | Never: check status first |

## Related

- [Demo result](https://docs.example/docs/v1/demo/webhooks) (webhook)`);
  });

  it('says so when a call takes nothing but headers, and leaves out empty sections', () => {
    const bare: OperationView = {
      ...op,
      pathParams: [],
      body: undefined,
      samples: [],
      responses: [],
      responseCodes: [],
      related: [],
    };
    const md = treeMarkdown(operationTree(bare, labels), url);
    expect(md).toContain('This call takes no parameters beyond the headers.');
    expect(md).not.toContain('## Code samples');
    expect(md).not.toContain('## Responses');
    expect(md).not.toContain('## Response codes');
    expect(md).not.toContain('## Related');
  });
});

describe('treeMarkdown: a webhook', () => {
  it('writes the event, its payload and the acknowledgement', () => {
    const hook: WebhookView = {
      kind: 'webhook',
      id: 'demo-hook',
      name: 'demo-hook',
      summary: 'Demo result',
      description: 'Sent when done.',
      tag: 'demo',
      tagLabel: 'Demo',
      method: 'POST',
      headers: [{name: 'X-Signature', in: 'header', required: true, type: 'string', constraints: []}],
      body: {required: true, mediaType: 'application/json', rows: [], examples: [{name: 'example', json: '{}'}]},
      ack: {
        status: '200',
        description: 'OK',
        headers: [],
        rows: [],
        examples: [{name: 'example', json: '{"ok": true}'}],
      },
      ackTimeoutSeconds: 10,
      related: [{id: 'demo-pay', label: 'Pay', href: '/docs/v1/demo/pay', kind: 'operation'}],
      change: {version: '1.1.0', status: 'added', breaking: false, href: '/docs/v1/changelog#change-demo-hook'},
    };
    expect(treeMarkdown(webhookTree(hook, labels), url)).toBe(`## Demo result

\`POST\` to your webhook URL \`demo-hook\` [New in 1.1.0](https://docs.example/docs/v1/changelog#change-demo-hook)

Sent when done.

**Headers we send**

| Field | Type | Required | Description |
| - | - | - | - |
| \`X-Signature\` | string | yes | |

**Example payload**

\`\`\`json
{}
\`\`\`

**Acknowledge**

Answer with any 2xx status within 10 seconds, before doing slow work; the body of your answer is ignored. Anything else (another status, no answer in time, a connection or TLS error) is a failed attempt, tried again after 1, 5, 15 and 60 minutes, then every 3 hours until 24 hours after the first attempt. After the last attempt the delivery is marked failed; list and redeliver it from the webhook deliveries calls for 30 days. Deliveries can repeat: skip an X-Webhook-Id you have already processed.

**Your answer**

\`\`\`json
{"ok": true}
\`\`\`

Related: [Pay](https://docs.example/docs/v1/demo/pay)`);
  });
});

describe('lists and catalogues', () => {
  const tag: TagView = {
    name: 'demo',
    label: 'Demo',
    description: 'Demo calls.',
    group: 'Other',
    entries: [
      {
        kind: 'webhook',
        id: 'demo-hook',
        method: 'POST',
        path: 'demo-hook',
        summary: 'Demo result',
        tag: 'demo',
        href: '/docs/v1/demo/webhooks',
      },
      {kind: 'operation', id: 'demo-pay', method: 'POST', path: '/service/demo/pay', summary: 'Pay', tag: 'demo'},
    ],
  };

  it('operation list: operations first, then webhooks; unlinked entries stay plain', () => {
    expect(sectionsMarkdown(operationListBlocks(tag, labels), url)).toBe(
      [
        '| Call | What it does |',
        '| - | - |',
        '| `POST /service/demo/pay` | Pay |',
        '| Webhook `demo-hook` | [Demo result](https://docs.example/docs/v1/demo/webhooks) |',
      ].join('\n'),
    );
  });

  it('API index: one section per family with entries, and its overview where it has one', () => {
    expect(
      sectionsMarkdown(
        apiIndexBlocks(
          [
            tag,
            {...tag, name: 'empty', entries: []},
            {...tag, name: 'other', label: 'Other', overview: '/docs/v1/other'},
          ],
          labels,
        ),
        url,
      ),
    ).toBe(
      [
        '## Demo',
        '',
        'Demo calls.',
        '',
        '- Webhook `demo-hook` [Demo result](https://docs.example/docs/v1/demo/webhooks)',
        '- `POST /service/demo/pay` Pay',
        '',
        '## Other',
        '',
        'Demo calls. [Overview of Other](https://docs.example/docs/v1/other)',
        '',
        '- Webhook `demo-hook` [Demo result](https://docs.example/docs/v1/demo/webhooks)',
        '- `POST /service/demo/pay` Pay',
      ].join('\n'),
    );
  });

  it('flow diagram as an ordered list', () => {
    expect(sectionsMarkdown([flowSteps('Flow', [{title: 'Keys', detail: 'Get them'}, {title: 'Call'}])], url)).toBe(
      'Flow:\n\n1. **Keys**: Get them\n2. **Call**',
    );
  });

  it('code samples, every language labelled', () => {
    expect(codeSamplesMarkdown([{lang: 'curl', label: 'cURL', prism: 'bash', code: 'echo'}])).toBe(
      '**cURL**\n\n```bash\necho\n```',
    );
  });

  it('response code catalogue and PAN statuses', () => {
    // The page shows the name under the code, and marks the codes any operation can return.
    expect(sectionsMarkdown(responseCodeBlocks([pending, {...pending, code: 3, common: true}], labels), url)).toBe(
      [
        '| Code | Meaning | What to do | Retry |',
        '| - | - | - | - |',
        '| `2` PENDING | Not known yet. | Ask status. | Never: check status first |',
        '| `3` PENDING Any operation | Not known yet. | Ask status. | Never: check status first |',
      ].join('\n'),
    );
    expect(sectionsMarkdown(panStatusBlocks([{value: 'DISPATCHED', meaning: 'Posted.'}], labels), url)).toBe(
      '| status | Meaning and what to do |\n| - | - |\n| `DISPATCHED` | Posted. |',
    );
  });
});

describe('downloadBlocks', () => {
  it('lists each download with an absolute URL', () => {
    expect(
      sectionsMarkdown(downloadBlocks([{label: 'OpenAPI 3.1 (YAML)', path: '/downloads/openapi.yaml'}]), url),
    ).toBe('- [OpenAPI 3.1 (YAML)](https://docs.example/downloads/openapi.yaml)');
  });

  it('gives an item its link and no key repeating the path (the home page ships these blocks)', () => {
    expect(downloadBlocks([{label: 'Postman collection', path: '/downloads/c.json'}])).toEqual([
      {
        kind: 'list',
        look: 'buttons',
        items: [{cell: [{kind: 'link', text: 'Postman collection', href: '/downloads/c.json', file: true}]}],
      },
    ]);
  });
});

describe('llmsTxtMarkdown', () => {
  it('follows the llmstxt.org layout and drops empty sections', () => {
    expect(
      llmsTxtMarkdown({
        title: 'Demo API',
        summary: 'A demo.\nTwo lines.',
        details: 'Read this first.',
        sections: [
          {
            title: 'Start',
            links: [{title: 'Intro [v1]', url: 'https://docs.example/docs/v1/index.md', description: 'Begin | here.'}],
          },
          {title: 'Empty', links: []},
        ],
      }),
    ).toBe(
      '# Demo API\n\n> A demo. Two lines.\n\nRead this first.\n\n## Start\n\n- [Intro \\[v1\\]](https://docs.example/docs/v1/index.md): Begin | here.\n',
    );
  });
});
