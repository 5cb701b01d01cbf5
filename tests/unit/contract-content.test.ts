/**
 * Rules of the contract's own words and examples that a reader acts on (issue 32, 6), held on the
 * committed files: each fails on the contradiction the integrator's read found.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';

const OPENAPI = path.join(__dirname, '..', '..', 'openapi');
const read = (rel: string): unknown => parse(fs.readFileSync(path.join(OPENAPI, rel), 'utf8'));

/** Every object anywhere under `node` for which `keep` holds. */
function objects(node: unknown, keep: (o: Record<string, unknown>) => boolean): Record<string, unknown>[] {
  if (Array.isArray(node)) return node.flatMap((n) => objects(n, keep));
  if (!node || typeof node !== 'object') return [];
  const o = node as Record<string, unknown>;
  return [...(keep(o) ? [o] : []), ...Object.values(o).flatMap((v) => objects(v, keep))];
}

describe('UPI static ids: the partner is the merchant of record of every example', () => {
  const family = read('families/upicollect.yaml');
  const accounts = objects(family, (o) => typeof o.qr_string === 'string' && typeof o.vpa === 'string');

  it("puts each UPI id's own vpa, name, mcc and account_id into its QR", () => {
    const mismatched = accounts.filter((a) => {
      const qr = new URLSearchParams(String(a.qr_string).replace(/^upi:\/\/pay\?/, ''));
      return (
        qr.get('pa') !== a.vpa || qr.get('pn') !== a.name || qr.get('mc') !== a.mcc || qr.get('tr') !== a.account_id
      );
    });
    expect(accounts.length).toBeGreaterThan(2);
    expect(mismatched).toEqual([]);
  });

  it("names every UPI id after one business, the request example's, with its one mcc", () => {
    const [request] = objects(family, (o) => typeof o.customer_reference === 'string' && typeof o.mobile === 'string');
    const business = String(request?.name).split(' ')[0];
    const strangers = accounts.filter((a) => !String(a.name).startsWith(`${business} `) || a.mcc !== request?.mcc);
    expect(strangers).toEqual([]);
  });
});

describe('a state that ends the transaction in some modes says so where the status is described', () => {
  const behaviour = read('behaviour/pan.yaml') as {states: Record<string, {'final-for'?: string[]}>};
  const family = read('families/pan.yaml');
  const described = objects(family, (o) => Array.isArray(o.enum) && typeof o['x-enum-descriptions'] === 'object');

  it('names each mode it ends in (an EPAN application ends at APPROVED)', () => {
    const silent = Object.entries(behaviour.states).flatMap(([state, spec]) =>
      (spec['final-for'] ?? []).flatMap((mode) =>
        described
          .filter((d) => (d.enum as unknown[]).includes(state))
          .map((d) => (d['x-enum-descriptions'] as Record<string, string | undefined>)[state] ?? '')
          .filter((words) => !words.includes(`\`${mode}\` application ends here`))
          .map((words) => `${state} (${mode}): ${words}`),
      ),
    );
    expect(described.length).toBeGreaterThan(0);
    expect(silent).toEqual([]);
  });
});
