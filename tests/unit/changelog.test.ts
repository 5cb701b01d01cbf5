/**
 * The API changelog's pure parts: api-smart-diff run as core/changelog/diff.ts configures it, the
 * diffs grouped into a release (core/changelog/changelog.ts), its feeds and its Markdown twin (its blocks,
 * core/contract/component-sections.ts `changelogBlocks`, serialised), each asserted
 * with its exact output. The tests on the tool's classes also guard the coupling to its rules
 * (changelogRules() reaches into openapi3Rules()): a new version of the tool that moves them fails here.
 */
import type {Diff} from 'api-smart-diff';
import {describe, expect, it} from 'vitest';
import {
  buildRelease,
  changeBadges,
  repeatedChanges,
  ChangelogError,
  compareVersions,
  correctedType,
  mergeLines,
  releaseSummary,
  residualType,
  type Release,
  valuesOf,
} from '#core/changelog/changelog';
import {compareContracts, normalise} from '#core/changelog/diff';
// xml-js (sax in strict mode) parses the feeds back: it comes with the blog plugin's feed library.
import {xml2js, type Element} from 'xml-js';
import {changelogFeeds, dayOf, xml} from '#core/changelog/feed';
import {onPage, sectionsMarkdown} from '#core/markdown/markdown';
import {changelogBlocks} from '#core/contract/component-sections';
import {headingToc} from '#core/contract/toc';
import type {ReleaseNote} from '#core/changelog/notes';
import {defaultLabels} from '#core/contract/labels';
import {changeMark} from '#core/contract/tree';

const retry = (required?: boolean) => ({
  description: 'Slow down.',
  headers: {'Retry-After': {description: 'Seconds.', ...(required ? {required: true} : {}), schema: {type: 'integer'}}},
});
const ok = (props: Record<string, unknown>) => ({
  description: 'OK.',
  content: {'application/json': {schema: {type: 'object', properties: props}}},
});
const hook = (schema: Record<string, unknown>) => ({
  'demo-hook': {
    post: {
      operationId: 'demo-hook',
      summary: 'Hook',
      tags: ['demo'],
      requestBody: {content: {'application/json': {schema}}},
      responses: {'200': {description: 'Acknowledged.'}},
    },
  },
});

/** 1.0.0: a payment call, an old call, a webhook. */
const before = {
  openapi: '3.1.0',
  info: {title: 'Demo', version: '1.0.0'},
  tags: [{name: 'demo', description: 'Demo.'}],
  paths: {
    '/pay': {
      post: {
        operationId: 'demo-pay',
        summary: 'Pay',
        tags: ['demo'],
        'x-response-codes': [1, 11],
        parameters: [{name: 'Authorization', in: 'header', required: true, schema: {type: 'string'}}],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['amount'],
                properties: {amount: {type: 'number'}, note: {type: 'string'}},
              },
              example: {amount: 1},
            },
          },
        },
        responses: {'200': ok({status: {type: 'boolean'}}), '429': retry()},
      },
    },
    '/old': {get: {operationId: 'demo-old', summary: 'Old', tags: ['demo'], responses: {'200': ok({})}}},
  },
  webhooks: hook({type: 'object', required: ['utr'], properties: {event: {type: 'string'}, utr: {type: 'string'}}}),
};

/**
 * 1.1.0: the token moves to a security scheme (not a change on the wire), the request now rejects
 * unknown fields and drops `note`, Retry-After is promised, `demo-old` is gone, `demo-new` is new,
 * and the webhook's payload drops the required `utr` and makes `event` required.
 */
const after = {
  openapi: '3.1.0',
  info: {title: 'Demo', version: '1.1.0'},
  tags: [{name: 'demo', description: 'Demo.', 'x-rate-limit': {requests: 60, seconds: 60}}],
  paths: {
    '/pay': {
      post: {
        operationId: 'demo-pay',
        summary: 'Pay',
        tags: ['demo'],
        'x-response-codes': [1, 7],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                unevaluatedProperties: false,
                allOf: [{type: 'object', required: ['amount'], properties: {amount: {type: 'number'}}}],
              },
              example: {amount: 2},
            },
          },
        },
        responses: {'200': ok({status: {type: 'boolean'}}), '429': retry(true)},
      },
    },
    '/new': {post: {operationId: 'demo-new', summary: 'New', tags: ['demo'], responses: {'200': ok({})}}},
  },
  webhooks: hook({type: 'object', required: ['event'], properties: {event: {type: 'string'}}}),
};

const pages = new Map([
  ['demo-pay', '/docs/pay'],
  ['demo-new', '/docs/new'],
  ['demo-hook', '/docs/hook'],
]);

const release: Release = {
  version: '1.1.0',
  previous: '1.0.0',
  date: '2026-11-24',
  everyOperation: [],
  api: [
    {type: 'annotation', text: '[Replaced] document metadata (info.version)'},
    {type: 'annotation', text: '[Added] `x-rate-limit` of tag `demo`'},
  ],
  items: [
    {
      kind: 'operation',
      id: 'demo-pay',
      method: 'POST',
      path: '/pay',
      summary: 'Pay',
      href: '/docs/pay',
      status: 'changed',
      breaking: true,
      changes: [
        {type: 'breaking', text: '[Removed] property `note` in Request Body content (application/json)'},
        {type: 'non-breaking', text: '[Added] 7 to `x-response-codes`; [Removed] 11 from `x-response-codes`'},
        {
          type: 'non-breaking',
          text: '[Added] schema for additional properties to `{.*}` in Request Body content (application/json)',
        },
        {type: 'non-breaking', text: '[Added] `responses.429.headers.Retry-After.required`'},
        {type: 'annotation', text: '[Replaced] examples'},
      ],
    },
    {
      kind: 'operation',
      id: 'demo-new',
      method: 'POST',
      path: '/new',
      summary: 'New',
      href: '/docs/new',
      status: 'added',
      breaking: false,
      changes: [],
    },
    {
      kind: 'webhook',
      id: 'demo-hook',
      method: 'POST',
      path: 'demo-hook',
      summary: 'Hook',
      href: '/docs/hook',
      status: 'changed',
      breaking: true,
      changes: [
        {type: 'breaking', text: '[Removed] required status from `utr` in Request Body content (application/json)'},
        {type: 'breaking', text: '[Removed] property `utr` in Request Body content (application/json)'},
        {type: 'non-breaking', text: '[Added] required status to `event` in Request Body content (application/json)'},
      ],
    },
    {
      kind: 'operation',
      id: 'demo-old',
      method: 'GET',
      path: '/old',
      summary: 'Old',
      status: 'removed',
      breaking: true,
      changes: [],
    },
  ],
};

describe('compareContracts (api-smart-diff with our rules)', () => {
  const {diffs} = compareContracts(before, after);
  const byPath = new Map(diffs.map((d) => [d.path.map(String).join('.'), d.type]));

  it('does not report the token moving from a header parameter to the security scheme', () => {
    expect([...byPath.keys()].filter((p) => p.includes('parameters'))).toEqual([]);
  });

  it("classifies the webhook's payload as received by the partner: a required field dropped breaks, one added does not", () => {
    const payload = 'webhooks.demo-hook.post.requestBody.content.application/json.schema';
    expect(
      diffs.filter((d) => d.path[0] === 'webhooks').map((d) => [d.path.map(String).join('.'), d.action, d.type]),
    ).toEqual([
      [`${payload}.required.0`, 'remove', 'breaking'],
      [`${payload}.required.1`, 'add', 'non-breaking'],
      [`${payload}.properties.utr`, 'remove', 'breaking'],
    ]);
  });

  it('treats a response header that becomes required as a new promise, not a break', () => {
    expect(byPath.get('paths./pay.post.responses.429.headers.Retry-After.required')).toBe('non-breaking');
  });

  it('folds allOf, reading unevaluatedProperties beside it as additionalProperties', () => {
    expect(
      normalise({
        paths: {'/a': {post: {requestBody: {schema: {unevaluatedProperties: false, allOf: [{properties: {a: {}}}]}}}}},
        components: {schemas: {Unused: {}}, securitySchemes: {jwt: {type: 'http'}}},
      }),
    ).toEqual({
      paths: {'/a': {post: {requestBody: {schema: {properties: {a: {}}, additionalProperties: false}}}}},
      components: {securitySchemes: {jwt: {type: 'http'}}},
    });
  });
});

describe('buildRelease', () => {
  it('groups the diffs by operation and webhook, with the tool classes and our corrections', () => {
    expect(
      buildRelease({
        version: '1.1.0',
        previous: '1.0.0',
        date: '2026-11-24',
        pages,
        ...compareContracts(before, after),
      }),
    ).toEqual(release);
  });

  it('lists a change every operation shares once, under everyOperation', () => {
    const twoOps = (maximum: number) => ({
      openapi: '3.1.0',
      info: {title: 'Demo', version: '1'},
      paths: Object.fromEntries(
        ['a', 'b'].map((id) => [
          `/${id}`,
          {
            post: {
              operationId: id,
              summary: id,
              responses: {
                '200': ok({code: {type: 'integer', maximum}}),
                '400': ok({code: {type: 'integer', maximum}}),
              },
            },
          },
        ]),
      ),
    });
    const compared = compareContracts(twoOps(22), twoOps(99));
    const r = buildRelease({version: '2', previous: '1', date: '2026-11-24', pages: new Map(), ...compared});
    expect(r.everyOperation).toEqual([
      {
        type: 'breaking',
        text: '[Replaced] maximum validator of `code` in every response content (application/json) (was `22`, now `99`)',
      },
    ]);
    expect(r.items.map((i) => [i.id, i.status, i.breaking, i.changes])).toEqual([
      ['a', 'changed', false, []],
      ['b', 'changed', false, []],
    ]);
    expect([...changeBadges([r]).values()].map((b) => b.href)).toEqual([
      '/docs/v1/changelog#v2-every-operation',
      '/docs/v1/changelog#v2-every-operation',
    ]);
  });

  it('stops on a change no class covers, naming it and the fix', () => {
    const unknown: Diff = {
      type: 'unclassified',
      action: 'add',
      path: ['paths', '/pay', 'post', 'callbacks', 'done'],
    };
    expect(() =>
      buildRelease({version: '1.1.0', previous: '1.0.0', date: '2026-11-24', pages, diffs: [unknown], before, after}),
    ).toThrow(
      new ChangelogError(
        'api-smart-diff left 1 change(s) between 1.0.0 and 1.1.0 unclassified, and core/changelog/changelog.ts has no class for them:\n  paths./pay.post.callbacks.done (add)\n  Fix: write the contract so the tool can classify the change, or give residualType() a class for it, with a test.',
      ),
    );
  });
});

describe('valuesOf', () => {
  it('quotes the old and new value of a replaced rule of the wire, and nothing else', () => {
    expect(valuesOf({action: 'replace', type: 'breaking', before: 13, after: 15})).toBe(' (was `13`, now `15`)');
    expect(valuesOf({action: 'replace', type: 'non-breaking', before: '^v1=[0-9a-f]{64}$', after: '^v1=.+$'})).toBe(
      ' (was `^v1=[0-9a-f]{64}$`, now `^v1=.+$`)',
    );
    expect(valuesOf({action: 'replace', type: 'annotation', before: 'Old words.', after: 'New words.'})).toBe('');
    expect(valuesOf({action: 'add', type: 'non-breaking', after: 5})).toBe('');
    expect(valuesOf({action: 'replace', type: 'breaking', before: ['A'], after: ['A', 'B']})).toBe('');
    expect(valuesOf({action: 'replace', type: 'breaking', before: 'x'.repeat(81), after: 'y'})).toBe('');
    expect(valuesOf({action: 'replace', type: 'breaking', before: 'a`b', after: 'c'})).toBe('');
  });
});

describe('the classes we add to the tool', () => {
  const diff = (path: string[], action: Diff['action'] = 'add'): Diff => ({type: 'unclassified', action, path});

  it('knows examples, tag metadata and our x- extensions, and nothing else', () => {
    expect(
      [
        ['paths', '/a', 'post', 'requestBody', 'content', 'application/json', 'example', 'amount'],
        ['paths', '/a', 'post', 'x-response-codes', '2'],
        ['paths', '/a', 'post', 'x-related', '0'],
        ['tags', '3', 'x-overview'],
        ['tags', '3', 'description'],
        ['paths', '/a', 'post', 'callbacks'],
        ['paths', '/a', 'post', 'requestBody', 'content', 'application/json', 'schema', 'then'],
        ['paths', '/a', 'post', 'responses', '200', 'content', 'application/json', 'schema', 'if'],
      ].map((p) => residualType(diff(p))),
    ).toEqual([
      'annotation',
      'non-breaking',
      'annotation',
      'annotation',
      'annotation',
      undefined,
      'breaking',
      'non-breaking',
    ]);
  });

  it('makes a removed request field breaking only where the request now rejects unknown fields', () => {
    const path = ['paths', '/a', 'post', 'requestBody', 'content', 'application/json', 'schema', 'properties', 'x'];
    const doc = (closed: boolean) => ({
      paths: {
        '/a': {
          post: {requestBody: {content: {'application/json': {schema: closed ? {additionalProperties: false} : {}}}}},
        },
      },
    });
    expect(correctedType(diff(path, 'remove'), 'non-breaking', doc(true))).toBe('breaking');
    expect(correctedType(diff(path, 'remove'), 'non-breaking', doc(false))).toBe('non-breaking');
    expect(correctedType(diff(path, 'add'), 'non-breaking', doc(true))).toBe('non-breaking');
  });

  it('merges lines that differ only in the response they name, breaking first', () => {
    expect(
      mergeLines([
        {type: 'annotation', text: '[Replaced] annotation (description) of Response 200'},
        {type: 'breaking', text: '[Removed] property `a` in Response 200 content (application/json)'},
        {type: 'annotation', text: '[Replaced] annotation (description) of Response 429'},
        {type: 'breaking', text: '[Removed] property `a` in Response 400 content (application/json)'},
      ]),
    ).toEqual([
      {type: 'breaking', text: '[Removed] property `a` in Responses 200 and 400 content (application/json)'},
      {type: 'annotation', text: '[Replaced] annotation (description) of Responses 200 and 429'},
    ]);
  });
});

/** The written part of the release and of the one before it (openapi/releases/notes.yaml). */
const notes: ReleaseNote[] = [
  {
    version: '1.1.0',
    date: '2026-11-24',
    summary: 'Makes the demo strict.',
    breaking: [
      {change: '`note` is gone.', action: 'Stop sending `note`.'},
      {change: 'Hooks need `event`.', action: 'Read [the hook](/docs/hook).', sunset: '2027-03-31'},
    ],
  },
  {version: '1.0.0', date: '2026-11-22', summary: 'The first demo.', breaking: []},
];

describe('what the pages show', () => {
  it('sums the release up in one sentence', () => {
    expect(releaseSummary(release)).toBe(
      '1.1.0 adds 1 operation and no webhooks, changes 2 operations and webhooks (2 of them in ways that can break a client) and removes 1 operation or webhook, compared with 1.0.0.',
    );
  });

  it('gives each added or changed operation and webhook a badge linking its entry', () => {
    const badges = changeBadges([release]);
    expect([...badges]).toEqual([
      [
        'demo-pay',
        {version: '1.1.0', status: 'changed', breaking: true, href: '/docs/v1/changelog#change-1.1.0-demo-pay'},
      ],
      [
        'demo-new',
        {version: '1.1.0', status: 'added', breaking: false, href: '/docs/v1/changelog#change-1.1.0-demo-new'},
      ],
      [
        'demo-hook',
        {version: '1.1.0', status: 'changed', breaking: true, href: '/docs/v1/changelog#change-1.1.0-demo-hook'},
      ],
    ]);
    // In the words of the reference's labels, which the page's badge and the twin's line both print.
    expect([...badges.values()].map((b) => changeMark(b, defaultLabels()).change?.text)).toEqual([
      'Changed in 1.1.0, breaking',
      'New in 1.1.0',
      'Changed in 1.1.0, breaking',
    ]);
  });

  it('compares versions numerically', () => {
    expect(['1.10.0', '1.2.0', '1.0.0', '2.0.0'].sort(compareVersions)).toEqual(['1.0.0', '1.2.0', '1.10.0', '2.0.0']);
  });

  it("says the changelog is on its way while the dev server's first start makes it, and nothing else yet", () => {
    const url = onPage('/docs/v1/changelog', (p) => `https://docs.example${p}`);
    const text = sectionsMarkdown(changelogBlocks([], defaultLabels(), [], true), url);
    expect(text).toContain('The dev server is still comparing the published releases');
    expect(text).not.toContain('##');
    expect(sectionsMarkdown(changelogBlocks([], defaultLabels(), []), url)).not.toContain('still comparing');
  });

  it('writes the Markdown twin with the sections of the page', () => {
    const url = onPage('/docs/v1/changelog', (p) => `https://docs.example${p}`);
    expect(sectionsMarkdown(changelogBlocks([release], defaultLabels(), notes), url)).toBe(
      [
        'Follow the changes in a feed reader: [RSS](https://docs.example/docs/v1/changelog/rss.xml), [Atom](https://docs.example/docs/v1/changelog/atom.xml).',
        '',
        '## 1.1.0 (2026-11-24)',
        '',
        'Makes the demo strict.',
        '',
        '1.1.0 adds 1 operation and no webhooks, changes 2 operations and webhooks (2 of them in ways that can break a client) and removes 1 operation or webhook, compared with 1.0.0.',
        '',
        '### Breaking changes',
        '',
        '- [ ] `note` is gone.',
        '  - **What to do**: Stop sending `note`.',
        '  - **Sunset**: None: no transition window, in force from 1.1.0.',
        '- [ ] Hooks need `event`.',
        '  - **What to do**: Read [the hook](https://docs.example/docs/hook).',
        '  - **Sunset**: 2027-03-31: the old form works until the end of that day (IST).',
        '',
        '<details><summary>Each breaking change the diff finds, by entry (3)</summary>',
        '',
        '- [Pay](https://docs.example/docs/v1/changelog#change-1.1.0-demo-pay) `demo-pay`',
        '- [Hook](https://docs.example/docs/v1/changelog#change-1.1.0-demo-hook) `demo-hook`',
        '- [Old](https://docs.example/docs/v1/changelog#change-1.1.0-demo-old) `demo-old`',
        '',
        '</details>',
        '',
        '### New operations and webhooks',
        '',
        '- `POST` [New](https://docs.example/docs/new) `/new`',
        '',
        '### Changed operations and webhooks',
        '',
        '- `POST` [Pay](https://docs.example/docs/pay) `/pay` **Breaking**',
        '  - **Breaking**: \\[Removed] property `note` in Request Body content (application/json)',
        '  - **Non-breaking**: \\[Added] 7 to `x-response-codes`; \\[Removed] 11 from `x-response-codes`',
        '  - **Non-breaking**: \\[Added] schema for additional properties to `{.*}` in Request Body content (application/json)',
        '  - **Non-breaking**: \\[Added] `responses.429.headers.Retry-After.required`',
        '  <details><summary>1 docs-only change</summary>',
        '',
        '  - **Docs only**: \\[Replaced] examples',
        '',
        '  </details>',
        '- `POST` [Hook](https://docs.example/docs/hook) `demo-hook` (webhook) **Breaking**',
        '  - **Breaking**: \\[Removed] required status from `utr` in Request Body content (application/json)',
        '  - **Breaking**: \\[Removed] property `utr` in Request Body content (application/json)',
        '  - **Non-breaking**: \\[Added] required status to `event` in Request Body content (application/json)',
        '',
        '### Removed operations and webhooks',
        '',
        '- `GET` Old `/old` **Breaking**',
        '',
        '### Changes to the document as a whole',
        '',
        '<details><summary>2 docs-only changes</summary>',
        '',
        '- **Docs only**: \\[Replaced] document metadata (info.version)',
        '- **Docs only**: \\[Added] `x-rate-limit` of tag `demo`',
        '',
        '</details>',
        '',
        '## 1.0.0 (2026-11-22)',
        '',
        'The first demo.',
        '',
        'The first published release: nothing came before it, so it lists no changes.',
        '',
        '### Breaking changes',
        '',
        'None.',
      ].join('\n'),
    );
  });
});

describe('a change several entries share', () => {
  const reason = 'No Aadhaar number UIDAI issues starts with 0 or 1.';
  const shared = {
    type: 'non-breaking',
    text: '[Added] value format to `aadhaar` in Request Body content',
    reason,
  } as const;
  const entry = (
    id: string,
    summary: string,
    changes: Release['items'][number]['changes'],
  ): Release['items'][number] => ({
    kind: 'operation',
    id,
    method: 'POST',
    path: `/${id}`,
    summary,
    href: `/docs/${id}`,
    status: 'changed',
    breaking: false,
    changes,
  });
  const twice: Release = {
    ...release,
    api: [],
    items: [
      entry('demo-pay', 'Pay', [{type: 'non-breaking', text: '[Added] property `note`'}, shared]),
      entry('demo-refund', 'Refund', [shared]),
    ],
  };

  it('is listed once, with the entries it applies to; each entry keeps its own changes and links the shared one', () => {
    const url = onPage('/docs/v1/changelog', (p) => `https://docs.example${p}`);
    const twin = sectionsMarkdown(changelogBlocks([twice], defaultLabels(), notes), url);
    expect(twin.slice(twin.indexOf('### Changes several'), twin.indexOf('## 1.0.0'))).toBe(
      [
        '### Changes several operations share',
        '',
        '- **Non-breaking**: \\[Added] value format to `aadhaar` in Request Body content (classified by hand: No Aadhaar number UIDAI issues starts with 0 or 1.)',
        '  - **In 2 entries**: [Pay](https://docs.example/docs/demo-pay), [Refund](https://docs.example/docs/demo-refund)',
        '',
        '### Changed operations and webhooks',
        '',
        '- `POST` [Pay](https://docs.example/docs/demo-pay) `/demo-pay`',
        '  - **Non-breaking**: \\[Added] property `note`',
        '  - **Shared with other entries**: [Non-breaking](https://docs.example/docs/v1/changelog#v1.1.0-shared-1)',
        '',
        '',
      ].join('\n'),
    );
    expect(twin.match(/value format to/g)).toHaveLength(1);
  });

  it("links an entry with no change of its own to the shared change, from its page's badge and the breaking list", () => {
    expect(changeBadges([twice]).get('demo-refund')?.href).toBe('/docs/v1/changelog#v1.1.0-shared-1');
    expect(changeBadges([twice]).get('demo-pay')?.href).toBe('/docs/v1/changelog#change-1.1.0-demo-pay');
    expect(repeatedChanges(twice)).toEqual([
      {line: shared, ids: ['demo-pay', 'demo-refund'], anchor: 'v1.1.0-shared-1'},
    ]);
  });
});

describe("the page's table of contents", () => {
  it('lists every release and its parts, as the twin heads them, HTML escaped', () => {
    expect(headingToc(changelogBlocks([release], defaultLabels(), notes))).toEqual([
      {value: '1.1.0 (2026-11-24)', id: 'v1.1.0', level: 2},
      {value: 'Breaking changes', id: 'v1.1.0-breaking', level: 3},
      {value: 'New operations and webhooks', id: 'v1.1.0-added', level: 3},
      {value: 'Changed operations and webhooks', id: 'v1.1.0-changed', level: 3},
      {value: 'Removed operations and webhooks', id: 'v1.1.0-removed', level: 3},
      {value: 'Changes to the document as a whole', id: 'v1.1.0-api-wide', level: 3},
      {value: '1.0.0 (2026-11-22)', id: 'v1.0.0', level: 2},
      {value: 'Breaking changes', id: 'v1.0.0-breaking', level: 3},
    ]);
    expect(headingToc([{kind: 'heading', depth: 2, text: 'a < b & c', id: 'x'}])).toEqual([
      {value: 'a &lt; b &amp; c', id: 'x', level: 2},
    ]);
  });
});

describe('the feeds', () => {
  const site = {
    origin: 'https://docs.example',
    productName: 'Demo',
    author: 'Demo Ltd',
    copyright: 'Copyright © 2026 Demo Ltd',
  };
  const small: Release = {...release, items: release.items.filter((i) => i.id !== 'demo-pay' && i.id !== 'demo-hook')};

  it('escapes text for HTML and refuses a date that is not YYYY-MM-DD', () => {
    expect(xml(`a < b & "c" 'd' >`)).toBe('a &lt; b &amp; &quot;c&quot; &apos;d&apos; &gt;');
    expect(dayOf('2026-11-24').toUTCString()).toBe('Tue, 24 Nov 2026 00:00:00 GMT');
    expect(() => dayOf('24/11/2026')).toThrow('"24/11/2026" is not a date (YYYY-MM-DD).');
  });

  /**
   * What a feed says, read back with xml-js: the feed's and each entry's title, links, ids, dates
   * (as instants) and content (the entry's HTML, wherever the format puts it); a text in an element
   * of `type="html"` is read as HTML would show it. The bytes are the library's; what they say must
   * stay what it was.
   */
  const kids = (node: Element | undefined, name: string): Element[] =>
    node?.elements?.filter((e) => e.name === name) ?? [];
  const kid = (node: Element | undefined, name: string): Element | undefined => kids(node, name)[0];
  const raw = (node: Element | undefined): string =>
    (node?.elements ?? [])
      .map((e) => (e.type === 'text' ? String(e.text) : e.type === 'cdata' ? String(e.cdata) : raw(e)))
      .join('');
  const unhtml = (t: string): string =>
    t
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const words = (node: Element | undefined): string | undefined =>
    node && (node.attributes?.type === 'html' ? unhtml(raw(node)) : raw(node).trim());
  const instant = (node: Element | undefined): string => new Date(raw(node)).toISOString();
  const rssSays = (text: string) => {
    const channel = kid(kid(xml2js(text) as Element, 'rss'), 'channel');
    return {
      title: words(kid(channel, 'title')),
      link: words(kid(channel, 'link')),
      description: words(kid(channel, 'description')),
      language: words(kid(channel, 'language')),
      rights: words(kid(channel, 'copyright')),
      updated: instant(kid(channel, 'lastBuildDate')),
      self: kid(channel, 'atom:link')?.attributes,
      entries: kids(channel, 'item').map((item) => ({
        title: words(kid(item, 'title')),
        link: words(kid(item, 'link')),
        id: words(kid(item, 'guid')),
        // RSS reads a guid without isPermaLink as a permalink.
        permalink: kid(item, 'guid')?.attributes?.isPermaLink ?? 'true',
        updated: instant(kid(item, 'pubDate')),
        html: raw(kid(item, 'content:encoded') ?? kid(item, 'description')),
      })),
    };
  };
  const atomSays = (text: string) => {
    const feed = kid(xml2js(text) as Element, 'feed');
    const href = (node: Element | undefined, rel: string) =>
      kids(node, 'link').find((l) => (l.attributes?.rel ?? 'alternate') === rel)?.attributes?.href;
    return {
      id: words(kid(feed, 'id')),
      title: words(kid(feed, 'title')),
      description: words(kid(feed, 'subtitle')),
      link: href(feed, 'alternate'),
      self: href(feed, 'self'),
      author: words(kid(kid(feed, 'author'), 'name')),
      rights: words(kid(feed, 'rights')),
      updated: instant(kid(feed, 'updated')),
      entries: kids(feed, 'entry').map((entry) => ({
        title: words(kid(entry, 'title')),
        id: words(kid(entry, 'id')),
        link: href(entry, 'alternate'),
        updated: instant(kid(entry, 'updated')),
        summary: words(kid(entry, 'summary')),
        html: raw(kid(entry, 'content')),
      })),
    };
  };

  it('says in RSS and Atom, one entry per release, what the hand-written feeds said: its summary and checklist', () => {
    const html =
      '&lt;p&gt;Makes the demo strict.&lt;/p&gt;' +
      '&lt;p&gt;&lt;a href=&quot;https://docs.example/docs/v1/changelog#v1.1.0-breaking&quot;&gt;Breaking changes&lt;/a&gt;:&lt;/p&gt;&lt;ul&gt;' +
      '&lt;li&gt;&lt;code&gt;note&lt;/code&gt; is gone.&lt;br/&gt;&lt;strong&gt;What to do&lt;/strong&gt;: Stop sending &lt;code&gt;note&lt;/code&gt;.&lt;br/&gt;&lt;strong&gt;Sunset&lt;/strong&gt;: None: no transition window, in force from 1.1.0.&lt;/li&gt;' +
      '&lt;li&gt;Hooks need &lt;code&gt;event&lt;/code&gt;.&lt;br/&gt;&lt;strong&gt;What to do&lt;/strong&gt;: Read &lt;a href=&quot;https://docs.example/docs/hook&quot;&gt;the hook&lt;/a&gt;.&lt;br/&gt;&lt;strong&gt;Sunset&lt;/strong&gt;: 2027-03-31: the old form works until the end of that day (IST).&lt;/li&gt;' +
      '&lt;/ul&gt;' +
      '&lt;p&gt;&lt;a href=&quot;https://docs.example/docs/v1/changelog#v1.1.0&quot;&gt;Every change of 1.1.0&lt;/a&gt;&lt;/p&gt;';
    // The feeds as core/changelog/feed.ts wrote them by hand before the feed library (1.3.0).
    const before = {
      rss: [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
        '  <channel>',
        '    <title>Demo API changelog</title>',
        '    <link>https://docs.example/docs/v1/changelog</link>',
        '    <description>Every change to the Demo API contract, release by release, with breaking changes flagged.</description>',
        '    <language>en</language>',
        '    <copyright>Copyright © 2026 Demo Ltd</copyright>',
        '    <lastBuildDate>Tue, 24 Nov 2026 00:00:00 GMT</lastBuildDate>',
        '    <atom:link href="https://docs.example/docs/v1/changelog/rss.xml" rel="self" type="application/rss+xml"/>',
        '    <item>',
        '      <title>Demo API 1.1.0</title>',
        '      <link>https://docs.example/docs/v1/changelog#v1.1.0</link>',
        '      <guid isPermaLink="true">https://docs.example/docs/v1/changelog#v1.1.0</guid>',
        '      <pubDate>Tue, 24 Nov 2026 00:00:00 GMT</pubDate>',
        `      <description>${html}</description>`,
        '    </item>',
        '  </channel>',
        '</rss>',
        '',
      ].join('\n'),
      atom: [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        '  <id>https://docs.example/docs/v1/changelog</id>',
        '  <title>Demo API changelog</title>',
        '  <subtitle>Every change to the Demo API contract, release by release, with breaking changes flagged.</subtitle>',
        '  <updated>2026-11-24T00:00:00Z</updated>',
        '  <link rel="alternate" href="https://docs.example/docs/v1/changelog"/>',
        '  <link rel="self" href="https://docs.example/docs/v1/changelog/atom.xml"/>',
        '  <author><name>Demo Ltd</name></author>',
        '  <rights>Copyright © 2026 Demo Ltd</rights>',
        '  <entry>',
        '    <title>Demo API 1.1.0</title>',
        '    <id>https://docs.example/docs/v1/changelog#v1.1.0</id>',
        '    <link rel="alternate" href="https://docs.example/docs/v1/changelog#v1.1.0"/>',
        '    <updated>2026-11-24T00:00:00Z</updated>',
        '    <summary>Makes the demo strict.</summary>',
        `    <content type="html">${html}</content>`,
        '  </entry>',
        '</feed>',
        '',
      ].join('\n'),
    };
    const {rss, atom} = changelogFeeds([small], notes, site);
    expect(rssSays(rss)).toEqual(rssSays(before.rss));
    expect(atomSays(atom)).toEqual(atomSays(before.atom));
    // The RSS item's synopsis is now the summary, as Atom's summary is (the HTML moved to content:encoded).
    const synopsis = (xml2js(rss) as Element).elements?.[0]?.elements?.[0]?.elements
      ?.find((e) => e.name === 'item')
      ?.elements?.find((e) => e.name === 'description');
    expect(synopsis?.elements?.[0]?.cdata).toBe('Makes the demo strict.');
  });

  it('parses back as XML, each entry the written words of a release (no generated count)', () => {
    const written: ReleaseNote[] = [
      {
        version: '1.1.0',
        date: '2026-11-24',
        summary: 'Refunds <b>&</b> the `X-Webhook-Id` header, as\n[Headers and tokens](/HeaderMarkdown) shows.',
        breaking: [{change: 'A & B < C.', action: 'Send "both".', sunset: '2027-03-31'}],
      },
    ];
    const {rss, atom} = changelogFeeds([small], written, site);
    const description = rssSays(rss).entries[0]?.html ?? '';
    expect(description).toContain(
      '<p>Refunds &lt;b&gt;&amp;&lt;/b&gt; the <code>X-Webhook-Id</code> header, as <a href="https://docs.example/HeaderMarkdown">Headers and tokens</a> shows.</p>',
    );
    expect(description).toContain('<li>A &amp; B &lt; C.<br/><strong>What to do</strong>: Send &quot;both&quot;.');
    expect(description).not.toMatch(/adds \d+ operation/);
    // The HTML inside is itself well formed, as a reader that renders it needs.
    expect(() => xml2js(`<div>${description}</div>`)).not.toThrow();
    const entry = atomSays(atom).entries[0];
    expect(entry?.summary).toBe('Refunds <b>&</b> the X-Webhook-Id header, as Headers and tokens shows.');
    expect(entry?.html).toBe(description);
  });

  it('stops with the file to fix when a release has no notes', () => {
    expect(() => changelogFeeds([small], [], site)).toThrow(
      'The changelog feeds have no notes for 1.1.0: add "1.1.0:" with date, summary and breaking to openapi/releases/notes.yaml (see its header).',
    );
  });
});
