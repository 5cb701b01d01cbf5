/** Rate limits from the contract: the words every page uses, and the rule that fails the build. */
import {describe, expect, it} from 'vitest';
import {crossCheck} from '#core/contract/checks';
import {listOperations, type OpenApiDocument, type Operation} from '#core/contract/openapi';
import {
  rateLimitRows,
  rateLimitSentence,
  rateText,
  readRateLimit,
  retryAfterText,
  windowText,
} from '#core/contract/rate-limits';
import {rateLimitBlocks} from '#core/contract/component-sections';
import {defaultLabels} from '#core/contract/labels';
import {sectionsMarkdown} from '#core/markdown/markdown';

const tooMany = {description: 'Rate limited.', headers: {'Retry-After': {description: 'Wait this long.'}}};

const op = (id: string, extra: Partial<Operation> = {}): Operation => ({
  operationId: id,
  summary: `Summary of ${id}`,
  description: id,
  tags: ['demo'],
  responses: {'429': tooMany},
  ...extra,
});

const doc = (tag: Record<string, unknown>, ...ops: Operation[]): OpenApiDocument => ({
  servers: [],
  tags: [{name: 'demo', description: 'Demo.', 'x-displayName': 'Demo calls', ...tag}],
  security: [],
  components: {securitySchemes: {}, responses: {TooManyRequests: tooMany}},
  paths: Object.fromEntries(ops.map((o) => [`/demo/${o.operationId}`, {post: o}])),
});

describe('the words of a limit', () => {
  it('names the window in its largest whole unit', () => {
    expect([1, 10, 60, 90, 600, 3600, 7200, 86400].map(windowText)).toEqual([
      'a second',
      '10 seconds',
      'a minute',
      '90 seconds',
      '10 minutes',
      'an hour',
      '2 hours',
      'a day',
    ]);
  });

  it('says how many requests in that window', () => {
    expect(rateText({requests: 600, seconds: 60})).toBe('600 requests a minute');
    expect(rateText({requests: 1, seconds: 10})).toBe('1 request every 10 seconds');
    expect(rateText({requests: 5, seconds: 3600})).toBe('5 requests an hour');
  });

  it("gives an operation its family's limit and its own", () => {
    expect(rateLimitSentence({family: {requests: 600, seconds: 60}}, 'Payouts')).toBe(
      '600 requests a minute per partner id for all Payouts calls together',
    );
    expect(
      rateLimitSentence({family: {requests: 600, seconds: 60}, operation: {requests: 12, seconds: 60}}, 'Payouts'),
    ).toBe(
      '600 requests a minute per partner id for all Payouts calls together, and 12 requests a minute for this call',
    );
  });

  it('reads only a well-formed x-rate-limit', () => {
    expect(readRateLimit({requests: 10, seconds: 60})).toEqual({requests: 10, seconds: 60});
    expect(
      [
        undefined,
        10,
        {requests: 10},
        {requests: 0, seconds: 60},
        {requests: 1.5, seconds: 60},
        {requests: 1, seconds: 60, per: 'ip'},
      ].map(readRateLimit),
    ).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('the rate-limit rule (crossCheck)', () => {
  it('passes a family with a limit whose operations declare 429 with Retry-After', () => {
    expect(crossCheck(doc({'x-rate-limit': {requests: 60, seconds: 60}}, op('demo-a')), [], new Map())).toEqual([]);
  });

  it('names the family without a limit, and its operations', () => {
    expect(crossCheck(doc({}, op('demo-a'), op('demo-b')), [], new Map())).toEqual([
      {
        id: 'tag demo',
        key: 'x-rate-limit',
        message:
          "has no x-rate-limit, so its operations (demo-a, demo-b) publish no rate limit. Add `x-rate-limit: {requests: <whole number, 1 or more>, seconds: <whole number, 1 or more>}` to the tag in openapi/openapi.yaml: the family's budget per partner id, which every page of the family shows.",
      },
    ]);
  });

  it('names a malformed limit on a tag and on an operation', () => {
    expect(
      crossCheck(
        doc({'x-rate-limit': {requests: 60}}, op('demo-a', {'x-rate-limit': {requests: 5, seconds: 0}})),
        [],
        new Map(),
      ),
    ).toEqual([
      {
        id: 'tag demo',
        key: 'x-rate-limit',
        message:
          'x-rate-limit is {"requests":60}. Write `x-rate-limit: {requests: <whole number, 1 or more>, seconds: <whole number, 1 or more>}` on the tag in openapi/openapi.yaml.',
      },
      {
        id: 'demo-a',
        key: 'x-rate-limit',
        message:
          'x-rate-limit is {"requests":5,"seconds":0}. Write `x-rate-limit: {requests: <whole number, 1 or more>, seconds: <whole number, 1 or more>}`, or remove it to leave the call to its family\'s limit.',
      },
    ]);
  });

  it('asks every operation for its 429 answer with Retry-After', () => {
    expect(
      crossCheck(
        doc(
          {'x-rate-limit': {requests: 60, seconds: 60}},
          op('demo-a', {responses: {}}),
          op('demo-b', {responses: {'429': {description: 'Slow down.'}}}),
        ),
        [],
        new Map(),
      ),
    ).toEqual([
      {
        id: 'demo-a',
        key: 'responses',
        message:
          "declares no 429 response. Every operation can answer response_code 18 (rate limited): add '429': {$ref: '../components/common.yaml#/responses/TooManyRequests'} to its responses.",
      },
      {
        id: 'demo-b',
        key: 'responses',
        message:
          "its 429 response declares no Retry-After header. Use $ref: '../components/common.yaml#/responses/TooManyRequests', which does and says what it means.",
      },
    ]);
  });
});

describe('the table on /ResponseCode', () => {
  const d = doc(
    {'x-rate-limit': {requests: 600, seconds: 60}},
    op('demo-a'),
    op('demo-b', {'x-rate-limit': {requests: 5, seconds: 3600}}),
  );

  it('lists each family with the calls that have their own limit', () => {
    expect(rateLimitRows(d, listOperations(d), new Map([['demo-b', '/docs/v1/demo/b']]))).toEqual([
      {
        tag: 'demo',
        label: 'Demo calls',
        limit: {requests: 600, seconds: 60},
        operations: [
          {id: 'demo-b', summary: 'Summary of demo-b', href: '/docs/v1/demo/b', limit: {requests: 5, seconds: 3600}},
        ],
      },
    ]);
    expect(retryAfterText(d)).toBe('Wait this long.');
  });

  it('writes the same table into the Markdown twin', () => {
    const rows = rateLimitRows(d, listOperations(d), new Map([['demo-b', '/docs/v1/demo/b']]));
    const blocks = rateLimitBlocks({retryAfter: 'Wait this long.', rows}, defaultLabels());
    expect(sectionsMarkdown(blocks, (p) => `https://docs.example${p}`)).toBe(
      [
        '`Retry-After` on a 429 answer: Wait this long.',
        '',
        '| Family | Family limit | Calls with their own limit too |',
        '| - | - | - |',
        '| Demo calls | 600 requests a minute | [Summary of demo-b](https://docs.example/docs/v1/demo/b): 5 requests an hour |',
      ].join('\n'),
    );
  });
});
