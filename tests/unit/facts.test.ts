/** openapi/facts: every domain fact has a source and points at places that exist (see its README). */
import fs from 'node:fs';
import path from 'node:path';
import {parseYaml} from '@redocly/openapi-core';
import {describe, expect, it} from 'vitest';
import {contractIds} from '#node/contract/load';
import {SITE_DIR} from '#node/contract/paths';

interface Fact {
  id?: unknown;
  fact?: unknown;
  source?: unknown;
  checked?: unknown;
  'used-in'?: unknown;
}

const dir = path.join(SITE_DIR, 'openapi', 'facts');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.yaml'));
const facts = files.flatMap((f) =>
  ((parseYaml(fs.readFileSync(path.join(dir, f), 'utf8')) ?? []) as Fact[]).map((fact) => ({file: f, fact})),
);

describe('openapi/facts', () => {
  it('has facts', () => {
    expect(facts.length).toBeGreaterThan(10);
  });

  it('gives every fact an id, the fact, a source with a URL or a policy note, and a check date', () => {
    const bad = facts
      .filter(
        ({fact}) =>
          typeof fact.id !== 'string' ||
          !/^[a-z0-9-]+$/.test(fact.id) ||
          typeof fact.fact !== 'string' ||
          typeof fact.source !== 'string' ||
          !/https?:\/\/|our own policy/i.test(fact.source) ||
          !/^\d{4}-\d{2}-\d{2}$/.test(String(fact.checked)),
      )
      .map(({file, fact}) => `${file}: ${String(fact.id)}`);
    expect(bad).toEqual([]);
  });

  it('keeps ids unique across files', () => {
    const ids = facts.map(({fact}) => fact.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('points only at operations, webhooks and files that exist', () => {
    const ids = contractIds();
    const known = new Set([...ids.operation, ...ids.webhook]);
    const missing = facts.flatMap(({file, fact}) =>
      ((fact['used-in'] ?? []) as string[])
        .filter((ref) => (ref.includes('/') ? !fs.existsSync(path.join(SITE_DIR, ref)) : !known.has(ref)))
        .map((ref) => `${file}: ${String(fact.id)} -> ${ref}`),
    );
    expect(missing).toEqual([]);
  });
});
