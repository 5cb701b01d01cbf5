/**
 * "See the status call" must link a status operation: in pages and posts (node/contract/prose.ts)
 * and in the contract's descriptions (crossCheck). Messages asserted word for word.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {crossCheck} from '#core/contract/checks';
import type {OpenApiDocument, Operation} from '#core/contract/openapi';
import {
  describedStatusClaim,
  STATUS_CLAIM,
  statusClaimProblems,
  suggestStatusPages,
} from '#core/contract/status-claims';
import {proseBlocks, proseStatusProblems, proseStatusProblemsYielding} from '#node/contract/prose';
import {scanPages} from '#node/contract/load';

describe('what counts as a claim', () => {
  it('is a status call, page, endpoint or operation, singular and definite', () => {
    const claims = [
      'ask the status call',
      'see the status page',
      'the transfer status endpoint answers',
      "each service's status call",
    ];
    const general = [
      'status calls are reliable',
      'a status call made early',
      'make one status call for each',
      'the status of a payment',
    ];
    expect(claims.map((t) => STATUS_CLAIM.test(t))).toEqual([true, true, true, true]);
    expect(general.map((t) => STATUS_CLAIM.test(t))).toEqual([false, false, false, false]);
  });
});

describe('prose blocks', () => {
  it('are paragraphs, headings and table cells, with their links; code is not prose', () => {
    const source = [
      '---',
      'title: Demo',
      '---',
      '',
      '## Which status call',
      '',
      'Ask the [status call](./status.mdx), not `the status call` in code.',
      '',
      '| Call | Note |',
      '| --- | --- |',
      '| Pay | see the status page |',
      '',
      '```text',
      'the status call',
      '```',
    ].join('\n');
    expect(proseBlocks(source)).toEqual([
      {line: 5, text: 'Which status call', links: []},
      {line: 7, text: 'Ask the status call, not  in code.', links: ['./status.mdx']},
      {line: 9, text: 'Call', links: []},
      {line: 9, text: 'Note', links: []},
      {line: 11, text: 'Pay', links: []},
      {line: 11, text: 'see the status page', links: []},
    ]);
  });
});

describe('statusClaimProblems', () => {
  const page = {
    file: 'docs/v1/demo/pay.mdx',
    blocks: [
      {line: 7, text: 'Ask the status call.', links: []},
      {line: 9, text: 'Ask the status call.', links: ['./list.mdx']},
      {line: 11, text: 'Ask the status call.', links: ['./status.mdx#when']},
      {line: 13, text: 'Status calls are the answer.', links: []},
    ],
    shows: ['demo-pay'],
    suggestions: ['/docs/v1/demo/status (demo-pay-status)'],
  };
  const opsAt = (link: string): string[] =>
    link.startsWith('./status.mdx') ? ['demo-pay-status'] : link === './list.mdx' ? ['demo-pay-list'] : [];

  it('names each claim whose paragraph links no page showing a status operation, with the likely one', () => {
    expect(statusClaimProblems(page, opsAt)).toEqual([
      'docs/v1/demo/pay.mdx:7: "status call" links no status operation. Link the page of the operation that reports this outcome, an id ending in -status (here most likely /docs/v1/demo/status (demo-pay-status)), in the same paragraph; or speak of status calls in general, in the plural.',
      'docs/v1/demo/pay.mdx:9: "status call" links no status operation. Link the page of the operation that reports this outcome, an id ending in -status (here most likely /docs/v1/demo/status (demo-pay-status)), in the same paragraph; or speak of status calls in general, in the plural.',
    ]);
  });

  it('lets a status page speak of itself', () => {
    expect(statusClaimProblems({...page, shows: ['demo-pay-status']}, opsAt)).toEqual([]);
  });
});

describe('suggestStatusPages', () => {
  const pages = new Map([
    ['demo-pay', '/docs/v1/service/demo/pay'],
    ['demo-pay-status', '/docs/v1/service/demo/status'],
    ['other-status', '/docs/v1/service/other/status'],
  ]);

  it("prefers the status calls the page's own operations relate to, then the ones of its folder", () => {
    const related = new Map([['demo-pay', ['demo-pay-status']]]);
    expect(suggestStatusPages('/docs/v1/service/demo/pay', ['demo-pay'], related, pages)).toEqual([
      '/docs/v1/service/demo/status (demo-pay-status)',
    ]);
    expect(suggestStatusPages('/docs/v1/service/other', [], new Map(), pages)).toEqual([
      '/docs/v1/service/other/status (other-status)',
    ]);
    expect(suggestStatusPages('/blog/post', [], new Map(), pages)).toEqual([]);
  });
});

describe('descriptions in the contract', () => {
  const op = (id: string, extra: Partial<Operation> = {}): Operation => ({
    operationId: id,
    summary: id,
    description: 'The result is reported by the status call.',
    tags: ['demo'],
    responses: {'429': {description: 'Slow.', headers: {'Retry-After': {description: 'Wait.'}}}},
    ...extra,
  });
  const doc = (...ops: Operation[]): OpenApiDocument => ({
    servers: [],
    tags: [{name: 'demo', description: 'Demo.', 'x-rate-limit': {requests: 60, seconds: 60}}],
    security: [],
    paths: Object.fromEntries(ops.map((o) => [`/demo/${o.operationId}`, {post: o}])),
  });

  it('asks x-related for the status operation a description claims', () => {
    const pages = new Map([
      ['demo-pay', '/docs/v1/demo/pay'],
      ['demo-pay-status', '/docs/v1/demo/status'],
    ]);
    // demo-other names the status operation in x-related; demo-pay-status is one: only demo-pay is asked.
    const problems = crossCheck(
      doc(op('demo-pay'), op('demo-pay-status'), op('demo-other', {'x-related': ['demo-pay-status']})),
      [],
      pages,
    );
    expect(problems).toEqual([
      {
        id: 'demo-pay',
        key: 'description',
        message:
          'the description speaks of "status call", but x-related names no status operation. Add the operation it means (an id ending in -status) to x-related, so the page links it.',
      },
    ]);
    expect(describedStatusClaim('demo-pay', 'Poll the status call.', ['demo-pay-status'])).toBeUndefined();
    expect(describedStatusClaim('demo-pay-status', 'This status call.', [])).toBeUndefined();
  });
});

describe('proseStatusProblems on a site', () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-'));
  afterAll(() => fs.rmSync(site, {recursive: true, force: true}));
  const dir = path.join(site, 'docs', 'v1', 'service', 'demo');
  fs.mkdirSync(dir, {recursive: true});
  fs.writeFileSync(
    path.join(dir, 'status.mdx'),
    '---\ntitle: Status\n---\n\nThe status call.\n\n<Endpoint op="demo-pay-status" />\n',
  );
  fs.writeFileSync(path.join(dir, 'list.mdx'), '---\ntitle: List\n---\n\n<Endpoint op="demo-pay-list" />\n');
  fs.writeFileSync(
    path.join(dir, 'pay.mdx'),
    [
      '---',
      'title: Pay',
      '---',
      '',
      'Then ask the [status call](./status.mdx).',
      '',
      'Or see the [status page](/docs/v1/service/demo/status#when).',
      '',
      'But not the [status call](./list.mdx) of another kind.',
      '',
      '<Endpoint op="demo-pay" />',
      '',
    ].join('\n'),
  );

  it('resolves relative and absolute links to the operations their pages show', () => {
    const uses = scanPages([path.join(site, 'docs')], site);
    // As Docusaurus routes these docs (lib/permalinks.ts reads what it did): no slugs here.
    const permalinkOf = (file: string): string => `/${file.replace(/\.mdx$/, '')}`;
    const pages = new Map(uses.map((u) => [u.id, permalinkOf(u.file)]));
    const related = new Map([['demo-pay', ['demo-pay-status']]]);
    expect(proseStatusProblems(uses, permalinkOf, pages, related, [path.join(site, 'docs')], site)).toEqual([
      'docs/v1/service/demo/pay.mdx:9: "status call" links no status operation. Link the page of the operation that reports this outcome, an id ending in -status (here most likely /docs/v1/service/demo/status (demo-pay-status)), in the same paragraph; or speak of status calls in general, in the plural.',
    ]);
  });

  it("finds the same when it lets the event loop run between pages (the dev server's check)", async () => {
    const uses = scanPages([path.join(site, 'docs')], site);
    const permalinkOf = (file: string): string => `/${file.replace(/\.mdx$/, '')}`;
    const pages = new Map(uses.map((u) => [u.id, permalinkOf(u.file)]));
    const args = [
      uses,
      permalinkOf,
      pages,
      new Map([['demo-pay', ['demo-pay-status']]]),
      [path.join(site, 'docs')],
      site,
    ] as const;
    // Other work queued on the event loop's check phase, as the check's own yields are: it runs at the
    // check's first yield, however fast the pages are (a 0 ms interval did not: timers wait 1 ms at least).
    let served = 0;
    let serving = true;
    const serve = (): void => {
      served += 1;
      if (serving) setImmediate(serve);
    };
    setImmediate(serve);
    const found = await proseStatusProblemsYielding(...args);
    serving = false;
    expect(found).toEqual(proseStatusProblems(...args));
    expect(found).toHaveLength(1);
    expect(served).toBeGreaterThan(0);
  });
});
