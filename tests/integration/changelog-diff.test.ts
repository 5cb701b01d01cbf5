/**
 * The changelog's piecewise comparison (core/changelog/diff.ts `compareContracts`, each piece
 * without what both sides have in common, core/changelog/common-parts.ts) against api-smart-diff
 * run on the whole documents, the current contract against the published 1.0.0 and two published
 * releases: the pieces give exactly the diffs the tool gives on the whole. Whole-contract diffs
 * take seconds each, which is why this lives in the integration step; the unit step
 * (tests/unit/changelog-files.test.ts) checks the memo of the same comparison on a slice. And the
 * changelog made in a worker thread (node/contract/changelog.ts `startChangelog`, bundled by esbuild)
 * against the one made in process.
 */
import {apiCompare, type Diff} from 'api-smart-diff';
import {beforeAll, describe, expect, it} from 'vitest';
import {listReleases, readRelease} from '#node/contract/changelog';
import {changelogRules, compareContracts, normalise} from '#core/changelog/diff';
import {ChangelogError} from '#core/changelog/changelog';
import {contractReleases, startContractReleases} from '#node/contract/load';
import {compiledContract} from '../helpers/contract';

describe('compareContracts on the whole contract', () => {
  let current: unknown;
  let published: unknown;
  const release = async (version: string): Promise<unknown> =>
    (await readRelease(version, listReleases().get(version) as string)).deref;
  beforeAll(async () => {
    current = (await compiledContract()).deref;
    published = await release('1.0.0');
  }, 180_000);
  const key = (d: Diff): string => JSON.stringify([d.path, d.action, d.type, d.before, d.after]);

  it('gives the diffs the tool gives on the whole documents (the current contract against 1.0.0)', () => {
    const whole = apiCompare(normalise(published), normalise(current), {rules: changelogRules()}).diffs;
    expect(whole.length).toBeGreaterThan(50);
    expect(compareContracts(published, current).diffs.map(key).sort()).toEqual(whole.map(key).sort());
    // Two diffs of the whole contract: seconds idle, past half a minute on a busy two-core machine.
  }, 120_000);

  it('gives them between two published releases too, where half the paths did not change (1.2.0 to 1.3.0)', async () => {
    const [before, after] = await Promise.all([release('1.2.0'), release('1.3.0')]);
    const whole = apiCompare(normalise(before), normalise(after), {rules: changelogRules()}).diffs;
    expect(whole.length).toBeGreaterThan(50);
    expect(compareContracts(before, after).diffs.map(key).sort()).toEqual(whole.map(key).sort());
  }, 120_000);
});

describe('the changelog made in a worker thread (startChangelog)', () => {
  let current: {info: {version: string}};
  beforeAll(async () => {
    current = (await compiledContract()).deref as unknown as typeof current;
  }, 180_000);

  it('is the changelog made in process', async () => {
    const thread = startContractReleases();
    const [viaThread, inProcess] = [await thread.releases(current), await contractReleases(current as never)];
    expect(viaThread.map((r) => r.version)).toEqual(inProcess.map((r) => r.version));
    expect(viaThread).toEqual(inProcess);
  }, 180_000);

  it("hands back the thread's ChangelogError, message and all", async () => {
    const other = {...current, info: {...current.info, version: '9.9.9'}};
    const thread = startContractReleases();
    const error = await thread.releases(other).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChangelogError);
    expect((error as Error).message).toBe(
      `site.config.ts says apiVersion '${current.info.version}', but openapi/openapi.yaml says info.version 9.9.9. Set both to the version the contract describes.`,
    );
  }, 180_000);
});
