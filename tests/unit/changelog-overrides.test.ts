/**
 * core/changelog/overrides.ts and the overrides' use in core/changelog/changelog.ts: the file's
 * problems and an unmatched override named with file:line, word for word; an override setting the
 * class of the change it matches, its reason shown on the page's blocks.
 */
import {describe, expect, it} from 'vitest';
import {buildRelease, fieldMatches, type ChangeOverride} from '#core/changelog/changelog';
import {compareContracts} from '#core/changelog/diff';
import {parseOverrides, unusedOverrides} from '#core/changelog/overrides';
import {changelogBlocks} from '#core/contract/component-sections';
import {defaultLabels} from '#core/contract/labels';
import {onPage, sectionsMarkdown} from '#core/markdown/markdown';

const FILE = 'openapi/changelog-overrides.yaml';

describe('parseOverrides', () => {
  it('reads each entry with its line, the class in the policy words', () => {
    const text = `# header\n- release: 1.1.0\n  operation: '*'\n  field: parameters.X-Signature.schema.pattern\n  class: breaking\n  reason: New format.\n`;
    expect(parseOverrides(FILE, text)).toEqual({
      overrides: [
        {
          release: '1.1.0',
          operation: '*',
          field: 'parameters.X-Signature.schema.pattern',
          type: 'breaking',
          reason: 'New format.',
          at: `${FILE}:2`,
        },
      ],
      problems: [],
    });
    expect(parseOverrides(FILE, '# only comments\n')).toEqual({overrides: [], problems: []});
  });

  it('names the file and line of every bad entry, and the fix', () => {
    const text = [
      '- release: 1.1',
      "  operation: '*'",
      '  field: a',
      '  class: breaking',
      '  reason: r',
      '- release: 1.1.0',
      '  operation: x',
      '  field: a',
      '  class: harmless',
      '  reason: r',
      '- release: 1.1.0',
      '  field: a',
      '- {release: 1.1.0, operation: x, field: a, class: breaking, reason: r, note: n}',
    ].join('\n');
    expect(parseOverrides(FILE, text).problems).toEqual([
      `${FILE}:1: release "1.1" is not a version. Write the release the change came in, e.g. 1.1.0.`,
      `${FILE}:6: class "harmless" is not one of breaking, compatible, docs-only, deprecated.`,
      `${FILE}:11: the override has no operation, class, reason. Give each of release, operation, field, class, reason as text (see the file's header).`,
      `${FILE}:13: unknown key(s) note. An override has only release, operation, field, class, reason.`,
    ]);
    expect(parseOverrides(FILE, 'release: 1.1.0\n').problems).toEqual([
      `${FILE}:1: the file must be a list of overrides (see its header).`,
    ]);
    expect(parseOverrides(FILE, '- [unclosed\n').problems[0]).toMatch(
      new RegExp(`^${FILE}:\\d+:\\d+: the YAML does not parse: `),
    );
  });

  it('names an override that matches no change, with its line', () => {
    const {overrides} = parseOverrides(
      FILE,
      '- {release: 1.1.0, operation: x, field: a.b, class: breaking, reason: r}\n',
    );
    expect(unusedOverrides(overrides, new Set())).toEqual([
      `${FILE}:1: the override (release 1.1.0, operation x, field a.b) matches no change of 1.1.0. Correct its release, operation or field (parameters by name, * for one key, ** for any), or delete it.`,
    ]);
    expect(unusedOverrides(overrides, new Set(overrides))).toEqual([]);
  });
});

describe('fieldMatches', () => {
  it('matches keys, * for one and ** for any number', () => {
    const keys = ['requestBody', 'content', 'application/json', 'schema', 'additionalProperties'];
    expect(fieldMatches('requestBody.**.additionalProperties'.split('.'), keys)).toBe(true);
    expect(fieldMatches('requestBody.*.additionalProperties'.split('.'), keys)).toBe(false);
    expect(fieldMatches('requestBody.*.*.schema.additionalProperties'.split('.'), keys)).toBe(true);
    expect(fieldMatches('**'.split('.'), keys)).toBe(true);
    expect(fieldMatches('responses.**'.split('.'), keys)).toBe(false);
  });
});

describe('an override in buildRelease', () => {
  const hook = (pattern: string, closed: boolean) => ({
    openapi: '3.1.0',
    info: {title: 'Demo', version: '1'},
    paths: {
      '/pay': {
        post: {
          operationId: 'demo-pay',
          summary: 'Pay',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {amount: {type: 'number'}},
                  ...(closed ? {additionalProperties: false} : {}),
                },
              },
            },
          },
          responses: {'200': {description: 'OK.'}},
        },
      },
    },
    webhooks: {
      'demo-hook': {
        post: {
          operationId: 'demo-hook',
          summary: 'Hook',
          parameters: [{name: 'X-Signature', in: 'header', required: true, schema: {type: 'string', pattern}}],
          responses: {'200': {description: 'OK.'}},
        },
      },
    },
  });
  const overrides: ChangeOverride[] = [
    {
      release: '1.1.0',
      operation: '*',
      field: 'parameters.X-Signature.schema.pattern',
      type: 'breaking',
      reason: 'New format.',
      at: `${FILE}:1`,
    },
    {
      release: '1.1.0',
      operation: 'demo-pay',
      field: 'requestBody.**.additionalProperties',
      type: 'breaking',
      reason: 'Refuses extra fields.',
      at: `${FILE}:7`,
    },
    {release: '1.0.9', operation: '*', field: '**', type: 'annotation', reason: 'Another release.', at: `${FILE}:13`},
  ];

  it('sets the class of the changes it matches, names the parameter, shows the reason; others stay unused', () => {
    const used = new Set<ChangeOverride>();
    const release = buildRelease({
      version: '1.1.0',
      previous: '1.0.0',
      date: '2026-11-24',
      pages: new Map(),
      overrides,
      used,
      ...compareContracts(hook('^[0-9a-f]{64}$', false), hook('^v1=[0-9a-f]{64}$', true)),
    });
    expect(release.items.map((i) => [i.id, i.breaking, i.changes.map((l) => [l.type, l.reason])])).toEqual([
      ['demo-pay', true, [['breaking', 'Refuses extra fields.']]],
      ['demo-hook', true, [['breaking', 'New format.']]],
    ]);
    expect([...used].map((o) => o.at)).toEqual([`${FILE}:7`, `${FILE}:1`]);
    const twin = sectionsMarkdown(
      changelogBlocks([release], defaultLabels(), []),
      onPage('/docs/v1/changelog', (p) => p),
    );
    expect(twin).toContain('(classified by hand: New format.)');
    expect(twin).toContain('(classified by hand: Refuses extra fields.)');
  });
});
