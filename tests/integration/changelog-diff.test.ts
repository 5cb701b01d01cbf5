/**
 * The changelog's piecewise comparison (core/changelog/diff.ts `compareContracts`) against
 * api-smart-diff run on the whole documents, the real 1.1.0 against the published 1.0.0: the
 * pieces give exactly the diffs the tool gives on the whole. Two whole-contract diffs take seconds
 * each, which is why this lives in the integration step; the unit step
 * (tests/unit/changelog-files.test.ts) checks the memo of the same comparison on a slice.
 */
import {apiCompare, type Diff} from 'api-smart-diff';
import {beforeAll, describe, expect, it} from 'vitest';
import {listReleases, readRelease} from '#node/contract/changelog';
import {changelogRules, compareContracts, normalise} from '#core/changelog/diff';
import {compiledContract} from '../helpers/contract';

describe('compareContracts on the whole contract', () => {
  let current: unknown;
  let published: unknown;
  beforeAll(async () => {
    current = (await compiledContract()).deref;
    published = (await readRelease('1.0.0', listReleases().get('1.0.0') as string)).deref;
  }, 180_000);
  const key = (d: Diff): string => JSON.stringify([d.path, d.action, d.type, d.before, d.after]);

  it('gives the diffs the tool gives on the whole documents (the real 1.1.0 against 1.0.0)', () => {
    const whole = apiCompare(normalise(published), normalise(current), {rules: changelogRules()}).diffs;
    expect(whole.length).toBeGreaterThan(50);
    expect(compareContracts(published, current).diffs.map(key).sort()).toEqual(whole.map(key).sort());
    // Two diffs of the whole contract: seconds idle, past half a minute on a busy two-core machine.
  }, 120_000);
});
