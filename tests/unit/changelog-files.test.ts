/**
 * The changelog's files (node/contract/changelog.ts) on small release folders, each failure
 * asserted word for word; then the real contract: 1.1.0 against the published 1.0.0, as the build
 * and `npm run lint:contract` load it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {stringifyYaml} from '@redocly/openapi-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Diff} from 'api-smart-diff';
import {loadChangelog, listReleases, readRelease, recordNewReleases} from '#node/contract/changelog';
import {compareContracts} from '#core/changelog/diff';
import {createMemo, type Memo} from '#core/util/memo';
import {SITE_DIR} from '#node/contract/paths';
import {contractSite, type ContractSite, type LoadedContract} from '#node/contract/load';
import {compiledContract, loadedContract} from '../helpers/contract';
import {site} from '../../site.config';
import type {Release} from '#core/changelog/changelog';

const contract = (version: string, summary = 'Pay') => ({
  openapi: '3.1.0',
  info: {title: 'Demo', version},
  paths: {'/pay': {post: {operationId: 'demo-pay', summary, responses: {'200': {description: 'OK.'}}}}},
});

describe('loadChangelog', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-'));
  afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));
  const rel = path.relative(SITE_DIR, dir);
  const input = {
    current: contract('1.1.0', 'Pay a bill'),
    pages: new Map(),
    siteVersion: '1.1.0',
    date: '2026-11-24',
    releasesDir: dir,
    overridesFile: path.join(dir, 'no-overrides.yaml'),
  };

  it('asks site.config.ts and the contract for the same version', async () => {
    await expect(loadChangelog({...input, siteVersion: '1.0.9'})).rejects.toThrow(
      "site.config.ts says apiVersion '1.0.9', but openapi/openapi.yaml says info.version 1.1.0. Set both to the version the contract describes.",
    );
  });

  it('needs a published release older than the current version', async () => {
    await expect(loadChangelog(input)).rejects.toThrow(
      `${rel}/ holds no release older than 1.1.0 to compare the contract with. Keep the last published contract there as <version>.yaml (see the comment at the top of the existing one).`,
    );
  });

  it('refuses a release file that holds another version', async () => {
    fs.writeFileSync(path.join(dir, '1.0.0.yaml'), stringifyYaml(contract('0.9.0')));
    await expect(loadChangelog(input)).rejects.toThrow(
      `${rel}/1.0.0.yaml says info.version "0.9.0", not 1.0.0. A release file is named after the version it holds; restore it from git.`,
    );
  });

  it('compares the contract with the newest older release', async () => {
    fs.writeFileSync(path.join(dir, '1.0.0.yaml'), stringifyYaml(contract('1.0.0')));
    fs.writeFileSync(path.join(dir, '0.9.0.yaml'), stringifyYaml(contract('0.9.0')));
    expect([...listReleases(dir).keys()].sort()).toEqual(['0.9.0', '1.0.0']);
    fs.writeFileSync(path.join(dir, 'dates.yaml'), "0.9.0: '2026-01-02'\n");
    await expect(loadChangelog(input)).rejects.toThrow(
      `${rel}/0.9.0.yaml has no record in ${rel}/record.yaml. Run npm run release:record once, when the release is frozen (see "Release a version of the contract" in CONTRIBUTING.md).`,
    );
    expect(await recordNewReleases(dir)).toEqual(['0.9.0', '1.0.0']);
    expect(await recordNewReleases(dir)).toEqual([]);
    await expect(loadChangelog(input)).rejects.toThrow(
      `${rel}/dates.yaml gives no date for 1.0.0. Add a line \`<version>: 'YYYY-MM-DD'\` per published release (the day it was published).`,
    );
    fs.writeFileSync(path.join(dir, 'dates.yaml'), "0.9.0: '2026-01-02'\n1.0.0: '2026-02-03'\n");
    const releases = await loadChangelog(input);
    expect(
      releases.map((r) => [r.version, r.previous, r.date, r.items.map((i) => [i.id, i.status, i.changes])]),
    ).toEqual([
      [
        '1.1.0',
        '1.0.0',
        '2026-11-24',
        [['demo-pay', 'changed', [{type: 'annotation', text: '[Replaced] annotation (summary)'}]]],
      ],
      ['1.0.0', '0.9.0', '2026-02-03', []],
    ]);
  });

  it('applies the overrides, and fails on one that matches no change, with file:line', async () => {
    const overridesFile = path.join(dir, 'overrides.yaml');
    const entry = (release: string): string =>
      `- release: ${release}\n  operation: demo-pay\n  field: summary\n  class: breaking\n  reason: Renamed on purpose.\n`;
    fs.writeFileSync(overridesFile, `# header\n${entry('1.1.0')}`);
    const [current] = await loadChangelog({...input, overridesFile});
    expect(current?.items[0]?.changes).toEqual([
      {type: 'breaking', text: '[Replaced] annotation (summary)', reason: 'Renamed on purpose.'},
    ]);
    fs.writeFileSync(overridesFile, `# header\n${entry('1.1.0')}${entry('1.0.0')}`);
    await expect(loadChangelog({...input, overridesFile})).rejects.toThrow(
      `${rel}/overrides.yaml:7: the override (release 1.0.0, operation demo-pay, field summary) matches no change of 1.0.0. Correct its release, operation or field (parameters by name, * for one key, ** for any), or delete it.`,
    );
    fs.writeFileSync(overridesFile, '- release: 1.1.0\n');
    await expect(loadChangelog({...input, overridesFile})).rejects.toThrow(
      `${rel}/overrides.yaml has 1 problem(s):\n  ${rel}/overrides.yaml:1: the override has no operation, field, class, reason.`,
    );
  });

  it('fails on a published release edited after it was recorded, naming each part, the fix and where a new operation goes', async () => {
    const file = path.join(dir, '1.0.0.yaml');
    const published = fs.readFileSync(file, 'utf8');
    const edited = contract('1.0.0', 'Pay now');
    fs.writeFileSync(
      file,
      stringifyYaml({
        ...edited,
        paths: {
          ...edited.paths,
          '/refund': {post: {operationId: 'demo-refund', summary: 'Refund', responses: {'200': {description: 'OK.'}}}},
        },
      }),
    );
    await expect(loadChangelog(input)).rejects.toThrow(
      [
        `${rel}/1.0.0.yaml is not the 1.0.0 that was published: 2 part(s) differ from its record in ${rel}/record.yaml:`,
        '  changed: operation demo-pay (POST /pay)',
        '  added: operation demo-refund (POST /refund)',
        `A published release is never edited: restore it from git (git log -- ${rel}/1.0.0.yaml names the commit that froze it; git checkout <that commit> -- ${rel}/1.0.0.yaml).`,
        'A new operation goes into the next version, 1.1.0: add it to openapi/families/, and a sentence on it to the 1.1.0 summary in openapi/releases/notes.yaml.',
      ].join('\n'),
    );
    fs.writeFileSync(file, published);
  });

  it('stops when the contract changed after its version was published', async () => {
    fs.writeFileSync(path.join(dir, '1.1.0.yaml'), stringifyYaml(contract('1.1.0')));
    await expect(loadChangelog(input)).rejects.toThrow(
      `openapi/ differs from the published 1.1.0 (${rel}/1.1.0.yaml) in 1 place(s), first paths./pay.post.summary, but info.version is still 1.1.0. Set info.version in openapi/openapi.yaml and apiVersion in site.config.ts to the next version; the changelog then lists these changes.`,
    );
  });
});

describe('the real contract', () => {
  let loaded: LoadedContract;
  let routed: ContractSite;
  // 1.1.0 is published: its section no longer changes as the contract does.
  const v11 = (): Release => loaded.releases.find((r) => r.version === '1.1.0') as Release;
  beforeAll(async () => {
    loaded = await loadedContract();
    // Any route per file will do here: these tests read the views and the table, not the links.
    routed = contractSite(loaded, (file) => `/${file}`);
  }, 180_000);

  it('is 1.4.0, compared with the published 1.3.0, each release compared with the one before', () => {
    expect([site.apiVersion, ...loaded.releases.map((r) => `${r.previous} -> ${r.version}`)]).toEqual([
      '1.4.0',
      '1.3.0 -> 1.4.0',
      '1.2.0 -> 1.3.0',
      '1.1.0 -> 1.2.0',
      '1.0.0 -> 1.1.0',
    ]);
  });

  it("classifies 1.1.0's signature change and closed request bodies as breaking, with the reason", () => {
    const hook = v11().items.find((i) => i.id === 'payout-order-update');
    expect(hook?.changes.find((l) => l.text.includes('pattern'))).toMatchObject({type: 'breaking'});
    expect(hook?.changes.find((l) => l.text.includes('pattern'))?.reason).toMatch(/^X-Signature changed/);
    const closed = [...v11().everyOperation, ...v11().items.flatMap((i) => i.changes)].filter((l) =>
      l.reason?.startsWith('The request body now refuses'),
    );
    expect([closed.length > 10, [...new Set(closed.map((l) => l.type))]]).toEqual([true, ['breaking']]);
  });

  it('lists the operations issue 9 added, as new', () => {
    expect(
      v11()
        .items.filter((i) => i.status === 'added')
        .map((i) => i.id),
    ).toEqual([
      'bbps-complaint-register',
      'bbps-complaint-status',
      'common-wallet-statement',
      'dmt-remitter-lookup',
      'dmt-beneficiary-list',
      'dmt-transfer-status',
      'dmt-transfer-list',
      'dmt-refund-otp',
      'dmt-refund',
      'gibl-policy-status',
      'gibl-policy-list',
      'payout-order-status',
      'payout-order-list',
      'sms-status',
      'upicollect-payment-status',
      'upicollect-payment-list',
      'webhook-delivery-list',
      'webhook-redeliver',
      'webhook-secret-rotate',
    ]);
  });

  it('flags is_iris, dropped from requests that now reject unknown fields, as breaking', () => {
    const withdrawal = v11().items.find((i) => i.id === 'aeps-cash-withdrawal');
    expect(withdrawal?.breaking).toBe(true);
    expect(withdrawal?.changes.filter((l) => l.type === 'breaking').map((l) => l.text)).toContain(
      '[Removed] property `is_iris` in Request Body content (application/json)',
    );
  });

  it('gives every operation and webhook page its badge', () => {
    const views = [...routed.views.operations, ...routed.views.webhooks];
    expect(views.filter((v) => !v.change).map((v) => v.id)).toEqual([]);
    // dmt-transfer-status, the operation this used, changed again in 1.3.0 (refund_mode, refund_utr).
    expect(routed.views.operations.find((o) => o.id === 'dmt-beneficiary-list')?.change).toEqual({
      // Added in 1.1.0; 1.2.0 changed every operation (its response codes became an enum), and 1.4.0
      // again (the 401 answer says what production and what the sandbox tell you).
      version: '1.4.0',
      status: 'changed',
      breaking: false,
      href: '/docs/v1/changelog#v1.4.0-every-operation',
    });
  });

  it('publishes a rate limit for every family with operations, and Retry-After in its own words', () => {
    expect(routed.rateLimits.rows.map((r) => `${r.tag} ${r.limit.requests}/${r.limit.seconds}`)).toEqual([
      'aeps 600/60',
      'aeps-airtel 300/60',
      'common 120/60',
      'bbps 600/60',
      'bbps-quickbill 300/60',
      'dmt 300/60',
      'gibl 120/60',
      'matm 300/60',
      'pan 120/60',
      'paycc 300/60',
      'payout 600/60',
      'recharge 600/60',
      'sms 1200/60',
      'upicollect 300/60',
      'webhooks 60/60',
    ]);
    expect(routed.rateLimits.retryAfter).toMatch(
      /^Whole seconds until the limit this request went over has room for it again\./,
    );
  });
});

/**
 * The dev server's memo of the comparison (its whole-document agreement with api-smart-diff is
 * tests/integration/changelog-diff.test.ts). On a slice of the real documents, the AEPS paths with
 * no components (dereferenced, nothing refers to them): each piece of the whole contract carries
 * its components, which made this test seconds long; the memo's rule is the same per piece.
 */
describe('compareContracts piece by piece', () => {
  let current: unknown;
  let published: unknown;
  const AEPS = '/service/aeps/';
  const slice = (doc: unknown): Record<string, unknown> => {
    const {
      paths,
      components: _components,
      webhooks: _webhooks,
      ...rest
    } = doc as {
      paths: Record<string, unknown>;
      components?: unknown;
      webhooks?: unknown;
    };
    return {...rest, paths: Object.fromEntries(Object.entries(paths).filter(([p]) => p.startsWith(AEPS)))};
  };
  beforeAll(async () => {
    current = slice((await compiledContract()).deref);
    published = slice((await readRelease('1.0.0', listReleases().get('1.0.0') as string)).deref);
  }, 180_000);
  const key = (d: Diff): string => JSON.stringify([d.path, d.action, d.type, d.before, d.after]);

  it('with a memo, compares again only the operation an edit changed', () => {
    const memo = createMemo();
    let made = 0;
    const counting: Memo = (input, make) => memo(input, () => (made++, make()));
    const first = compareContracts(published, current, counting);
    const pieces = made;
    const edited = structuredClone(current) as {paths: Record<string, {post?: {summary?: string}}>};
    const withdrawal = Object.values(edited.paths).find((item) => item.post?.summary?.includes('withdrawal'));
    (withdrawal?.post as {summary: string}).summary += ' (edited)';
    made = 0;
    const second = compareContracts(published, edited, counting);
    // One piece for the rest of the document, one per AEPS path (each compared once).
    expect([pieces, made]).toEqual([1 + Object.keys(edited.paths).length, 1]);
    expect(pieces).toBeGreaterThan(10);
    expect(first.diffs.length).toBeGreaterThan(0);
    const before = new Set(first.diffs.map(key));
    expect(second.diffs.filter((d) => !before.has(key(d))).map((d) => d.path.slice(2).join('.'))).toEqual([
      'post.summary',
    ]);
  });
});
