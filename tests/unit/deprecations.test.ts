/**
 * The deprecations table (core/contract/deprecations.ts, component-sections.ts `deprecationBlocks`):
 * which properties it lists, how it groups them, and the words of the page's twin.
 */
import {describe, expect, it} from 'vitest';
import {contractDeprecations, deprecatedProperties, transitionProblem} from '#core/contract/deprecations';
import {deprecationBlocks} from '#core/contract/component-sections';
import {defaultLabels} from '#core/contract/labels';
import type {OpenApiDocument} from '#core/contract/openapi';
import {sectionsMarkdown} from '#core/markdown/markdown';

const renamed = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: {
    aadhaar_last4: {type: 'string'},
    last_aadhar: {type: 'string', deprecated: true, 'x-replaced-by': 'aadhaar_last4', ...extra},
  },
});
const json = (schema: unknown) => ({content: {'application/json': {schema}}});

/** Two operations answering the renamed field (one without a sunset on a second field), one webhook sending it. */
const doc = {
  servers: [],
  tags: [],
  paths: {
    '/a': {
      post: {
        operationId: 'op-a',
        responses: {'200': json({allOf: [{properties: {data: renamed({'x-sunset': '2027-03-31'})}}]})},
      },
    },
    '/b': {
      post: {
        operationId: 'op-b',
        requestBody: json(renamed()),
        responses: {'200': json({properties: {data: {type: 'array', items: renamed({'x-sunset': '2027-03-31'})}}})},
      },
    },
  },
  webhooks: {
    hook: {post: {operationId: 'hook-a', requestBody: json(renamed({'x-sunset': '2027-03-31'})), responses: {}}},
  },
} as unknown as OpenApiDocument;

describe('contractDeprecations', () => {
  it('finds deprecated properties at any depth, with their path', () => {
    expect(deprecatedProperties(renamed()).map((p) => p.path)).toEqual(['last_aadhar']);
    expect(deprecatedProperties({type: 'object', properties: {data: renamed()}}).map((p) => p.path)).toEqual([
      'data.last_aadhar',
    ]);
  });

  it('groups by part and name, lists the entries in contract order, and leaves out a property without a sunset', () => {
    expect(contractDeprecations(doc)).toEqual([
      {
        part: 'response',
        old: 'last_aadhar',
        replacement: 'aadhaar_last4',
        sunset: '2027-03-31',
        entries: ['op-a', 'op-b'],
      },
      {part: 'webhook', old: 'last_aadhar', replacement: 'aadhaar_last4', sunset: '2027-03-31', entries: ['hook-a']},
    ]);
  });
});

describe('deprecationBlocks', () => {
  it('links each entry that has a page, names one without, and ends with the old signature form', () => {
    const entry = (id: string) =>
      id === 'op-a'
        ? {kind: 'operation' as const, id, method: 'POST', path: '/a', summary: 'Op A', tag: 't', href: '/docs/v1/a'}
        : undefined;
    const md = sectionsMarkdown(
      deprecationBlocks(contractDeprecations(doc), defaultLabels(), entry),
      (p) => `https://x${p}`,
    );
    expect(md).toBe(
      [
        '| Old form | Use instead | Where | Sunset |',
        '| - | - | - | - |',
        '| response field `last_aadhar` | `aadhaar_last4` | [Op A](https://x/docs/v1/a); `op-b` | 2027-03-31 |',
        '| webhook field `last_aadhar` | `aadhaar_last4` | `hook-a` | 2027-03-31 |',
        '| webhook signature in the 1.0.0 form (`X-Signature` the bare hex HMAC of the body alone) | the 1.1.0 form: `X-Signature: v1=<HMAC of id.timestamp.body>` | every webhook endpoint set to the 1.0.0 form with `webhook-signature-form` | 2027-03-31 |',
      ].join('\n'),
    );
  });
});

describe('formTransitions', () => {
  const transition = {old: 'a token without `kid`', replacement: 'a token with `kid`', sunset: '2027-06-30'};
  const withForms = {
    ...doc,
    components: {securitySchemes: {jwt: {type: 'http', 'x-transitions': [transition]}}},
    paths: {
      '/c': {post: {operationId: 'op-c', responses: {}, 'x-transitions': [{...transition, old: 'no proof header'}]}},
    },
    webhooks: {},
  } as unknown as OpenApiDocument;

  it('lists a security scheme form for every call and an operation form where it is, in their own words', () => {
    expect(contractDeprecations(withForms)).toEqual([
      {part: 'form', ...transition, entries: []},
      {part: 'form', ...transition, old: 'no proof header', entries: ['op-c']},
    ]);
    const md = sectionsMarkdown(
      deprecationBlocks(contractDeprecations(withForms), defaultLabels(), () => undefined),
      (p) => p,
    );
    expect(md.split('\n').slice(2, 4)).toEqual([
      '| a token without `kid` | a token with `kid` | every call | 2027-06-30 |',
      '| no proof header | a token with `kid` | `op-c` | 2027-06-30 |',
    ]);
  });

  it('names what an incomplete entry lacks, so it cannot drop off the table unseen', () => {
    expect(transitionProblem({...transition, sunset: '30 June'})).toBe(
      `the x-transitions entry "a token without \`kid\`" has no sunset date. Add sunset: 'YYYY-MM-DD' (quoted), the last day the old form works.`,
    );
    expect(transitionProblem({old: 'x', sunset: '2027-06-30'})).toBe(
      "an x-transitions entry has no replacement. Give old, replacement and sunset: 'YYYY-MM-DD' (quoted).",
    );
    expect(transitionProblem(transition)).toBeUndefined();
  });
});
