/** What the sandbox keeps and for how long (core/sandbox/engine/retention.ts), with an injected clock. */
import fs from 'node:fs';
import path from 'node:path';
import {parseYaml} from '@redocly/openapi-core';
import {describe, expect, it} from 'vitest';
import {SITE_DIR} from '#node/contract/paths';
import {
  expired,
  isSweepable,
  sweep,
  SANDBOX_RETENTION_HOURS,
  SANDBOX_RETENTION_MAX,
} from '#core/sandbox/engine/retention';
import {IAT_TOLERANCE_SECONDS} from '#core/sandbox/engine/token';
import {memoryStore} from '#core/sandbox/engine/types';

const NOW = Date.parse('2026-11-27T01:00:00Z');
const HOUR = 3_600_000;

describe('the sweep', () => {
  it('drops a request id once its iat is outside the token window, and keeps one inside it', () => {
    const store = memoryStore();
    store.set('reqId:old', Math.floor(NOW / 1000) - IAT_TOLERANCE_SECONDS - 1);
    store.set('reqId:new', Math.floor(NOW / 1000) - IAT_TOLERANCE_SECONDS + 1);
    expect(sweep(store, NOW)).toBe(1);
    expect([...store.keys()]).toEqual(['reqId:new']);
  });

  it('keeps transactions, repeat originals and expiry starts for the retention, then drops them', () => {
    const store = memoryStore();
    const old = NOW - SANDBOX_RETENTION_HOURS * HOUR - 1;
    const recent = NOW - SANDBOX_RETENTION_HOURS * HOUR + 1;
    store.set('tx:s:old', {operation: 'o', scenario: 0, createdAt: old, carried: {}});
    store.set('tx:s:new', {operation: 'o', scenario: 0, createdAt: recent, carried: {}});
    store.set('idem:o:old', {body: {}, at: old});
    store.set('idem:o:new', {body: {}, at: recent});
    store.set('started:o:old', old);
    store.set('seq', 5);
    store.set('webhooks', []);
    sweep(store, NOW);
    expect([...store.keys()]).toEqual(['tx:s:new', 'idem:o:new', 'seq', 'webhooks']);
  });

  it('keeps at most the newest transactions of each kind', () => {
    const store = memoryStore();
    for (let i = 0; i < 5; i++) store.set(`idem:o:${i}`, {body: {}, at: NOW});
    expect(sweep(store, NOW, 3)).toBe(2);
    expect([...store.keys()]).toEqual(['idem:o:2', 'idem:o:3', 'idem:o:4']);
  });

  it('counts an entry without its time as expired, and never a kind that does not expire', () => {
    expect(expired('tx:x', {}, NOW)).toBe(true);
    expect(expired('seq', 1, NOW)).toBe(false);
  });

  it('sweeps only a store that can forget and list its keys', () => {
    expect(isSweepable(memoryStore())).toBe(true);
    expect(isSweepable({get: () => undefined, set: () => undefined})).toBe(false);
  });

  it('states the retention on the Sandbox page through a fact that names the same numbers', () => {
    const facts = parseYaml(fs.readFileSync(path.join(SITE_DIR, 'openapi/facts/common.yaml'), 'utf8')) as {
      id: string;
      fact: string;
    }[];
    const fact = facts.find((f) => f.id === 'sandbox-retention')?.fact ?? '';
    expect(fact).toContain(`${SANDBOX_RETENTION_HOURS} hours`);
    expect(fact).toContain(SANDBOX_RETENTION_MAX.toLocaleString('en-GB'));
    expect(fs.readFileSync(path.join(SITE_DIR, 'docs/v1/test-data.mdx'), 'utf8')).toContain(
      '<Fact id="sandbox-retention" />',
    );
  });
});
