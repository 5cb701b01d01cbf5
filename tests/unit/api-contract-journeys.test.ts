/**
 * The journeys at build time (node/contract/journeys.ts): every file of the folder read and
 * checked against the contract, and a page's `<Journeys family>` held to the files there are.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import type {OpenApiDocument} from '#core/contract/openapi';
import {JOURNEY_FILES_DIR, journeyUseProblems, loadJourneyViews} from '#node/contract/journeys';
import {checkContract} from '#node/contract/load';
import {compiledContract} from '../helpers/contract';

const op = (operationId: string) => ({post: {operationId, tags: ['payout'], responses: {}}});
const deref = {
  openapi: '3.1.0',
  info: {title: 'Demo', version: '1.4.0'},
  paths: {'/a': op('payout-create-order'), '/b': op('payout-order-status')},
  webhooks: {'payout-order-update': op('payout-order-update')},
} as unknown as OpenApiDocument;

describe('loadJourneyViews', () => {
  it('reads each <family>.arazzo.yaml of the folder, checked against the contract', () => {
    const {journeys, problems} = loadJourneyViews(deref, 'tests/fixtures/journeys');
    expect(problems).toEqual([]);
    expect(journeys.map((j) => [j.family, j.journeys.length])).toEqual([['payout', 15]]);
    const without = loadJourneyViews(
      {...deref, paths: {'/a': op('payout-create-order')}} as unknown as OpenApiDocument,
      'tests/fixtures/journeys',
    );
    expect(without.problems[0]).toBe(
      'tests/fixtures/journeys/payout.arazzo.yaml:72: operationId "payout-order-status" is not an operation of the contract. Fix: use an operationId of openapi/families/*.yaml.',
    );
  });
});

describe('journeyUseProblems', () => {
  it('names the page, the line and the closest family of a <Journeys> without a file', () => {
    const {journeys} = loadJourneyViews(deref, 'tests/fixtures/journeys');
    const use = {component: 'Journeys', id: 'payouts', file: 'docs/v1/service/payout/index.mdx', line: 40};
    expect(journeyUseProblems([use, {...use, id: 'payout'}], journeys)).toEqual([
      'docs/v1/service/payout/index.mdx:40: <Journeys family="payouts" /> names a family without a journey file. Fix: use payout, or add openapi/journeys/payouts.arazzo.yaml (openapi/DECISIONS.md, "Where journeys live").',
    ]);
  });
});

describe('the contract check', () => {
  it("reads each journey file once, for the model's check and the pages alike", async () => {
    const compiled = await compiledContract();
    const read = vi.spyOn(fs, 'readFileSync');
    // Stopped where the changelog starts: the journeys are read and checked before it.
    await expect(checkContract(compiled, () => Promise.reject(new Error('stop here')))).rejects.toThrow('stop here');
    const journeys = read.mock.calls.map(([f]) => String(f)).filter((f) => f.endsWith('.arazzo.yaml'));
    const files = fs.readdirSync(JOURNEY_FILES_DIR).filter((f) => f.endsWith('.arazzo.yaml'));
    expect(journeys.map((f) => path.basename(f)).sort()).toEqual(files.sort());
  });
});
