/**
 * The types download, checked as an integrator would check it: openapi-typescript generates the
 * types from the published contract (bundled, as /downloads/openapi.yaml is), and a strict program
 * that uses them compiles, while each wrong use (marked `@ts-expect-error`) must fail to compile:
 * TypeScript reports an expect-error line that does not fail as an error of its own (TS2578), so
 * "no diagnostics" means every right use compiles and every wrong use is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {untypedBranch, untypedBranches, typedBranch, withTypedBranches} from '#core/contract/typed-branches';
import type {OpenApiDocument} from '#core/contract/openapi';
import {compiledContract} from '../helpers/contract';
import {contractTypes} from '../../plugins/api-contract/lib/types-download';

/** A strict program over the generated types: right uses, then wrong ones that must not compile. */
const PROGRAM = `import type {components, operations} from './rupeerail-api';

type Device = components['schemas']['BbpsAgent']['device'];
type UpiStatusBody = operations['upicollect-payment-status']['requestBody']['content']['application/json'];
type UpiStatusCode =
  operations['upicollect-payment-status']['responses'][200]['content']['application/json']['response_code'];
type DmtSession = components['schemas']['DmtSessionRequest'];
type PayoutEventCode = components['schemas']['PayoutOrderEvent']['response_code'];
type DmtTransferCode = components['schemas']['DmtTransfer']['response_code'];
// The README's example names these: they must exist.
type PayoutOrder = operations['payout-create-order']['requestBody']['content']['application/json'];
type PayoutAnswer = operations['payout-create-order']['responses'][200]['content']['application/json'];
export type ReadmeTypes = [PayoutOrder, PayoutAnswer];

export const web: Device = {ip: '203.0.113.24', mac: '48-4D-7E-CB-DB-6F'};
export const byRrn: UpiStatusBody = {rrn: '531810395577'};
export const byId: UpiStatusBody = {payment_id: 'UPR20251114004417'};
export const notFound: UpiStatusCode = 7;
// A field with a default (language: en) may be left out, as the reference says.
export const session: Omit<DmtSession, 'language'> extends DmtSession ? true : false = true;

export const returned: PayoutEventCode = 21;
export const transferPending: DmtTransferCode = 2;

// @ts-expect-error an IP address is a string, not a number
export const numericIp: Device = {ip: 42, mac: '48-4D-7E-CB-DB-6F'};
// @ts-expect-error the status call needs exactly one of rrn and payment_id: an empty body is refused
export const empty: UpiStatusBody = {};
// @ts-expect-error 99 is not a code this operation answers
export const undocumented: UpiStatusCode = 99;
// @ts-expect-error 2 (PENDING) is a code of money-moving calls, not of this status call
export const pending: UpiStatusCode = 2;
// @ts-expect-error a payout webhook reports an outcome, never 7 (no such order)
export const unknownOrder: PayoutEventCode = 7;
// @ts-expect-error a transfer in a status answer carries its outcome, never 7 (no such transaction)
export const unknownTransfer: DmtTransferCode = 7;
`;

/** Compiles `files` (name -> text) strict, and gives each diagnostic as `file:line message`. */
function compileStrict(dir: string, files: Record<string, string>): string[] {
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const program = ts.createProgram(
    Object.keys(files).map((name) => path.join(dir, name)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    },
  );
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${path.basename(d.file?.fileName ?? '')}:${line} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('the types download', () => {
  let types: string;
  let dir: string;
  beforeAll(async () => {
    types = await contractTypes((await compiledContract()).bundled, '0.0.0-test', 'test');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-types-'));
  }, 180_000);
  afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

  it('compiles strict, with every right use accepted and every wrong use refused', () => {
    expect(compileStrict(dir, {'rupeerail-api.d.ts': types, 'use.ts': PROGRAM})).toEqual([]);
  }, 120_000);

  it('types every choice: no branch comes out `unknown`', () => {
    const code = types.split('\n').filter((l) => !/^\s*(\/\*\*|\*)/.test(l));
    // `X & (unknown & unknown)` is X: an allOf of conditions (the payout order's per-mode range, an
    // if/then a type cannot say) narrows nothing and widens nothing, unlike an `unknown` in a union.
    const intersected = /& \(unknown(?: & unknown)*\);?$/;
    const unknowns = code.filter(
      (l) => /\bunknown\b/.test(l) && !/\[name: string\]: unknown/.test(l) && !intersected.test(l.trim()),
    );
    expect(unknowns).toEqual([]);
  });

  it('types every response_code as the codes it can be, never a bare number (webhook payloads too)', () => {
    const bare = types.split('\n').filter((l) => /\bresponse_code\??: number\b/.test(l));
    expect(bare).toEqual([]);
  });

  it('says in its header which contract it is and how it was made', () => {
    expect(types.split('\n').slice(0, 2)).toEqual([
      '// RupeeRail Payments API 0.0.0-test: TypeScript types of /downloads/openapi.yaml.',
      '// Generated by openapi-typescript test with defaultNonNullable false; do not edit.',
    ]);
  });
});

describe('typed branches', () => {
  const parent = {
    type: 'object',
    properties: {rrn: {type: 'string'}, payment_id: {$ref: '#/components/schemas/Id'}},
  } as const;

  it('writes a required-only branch out as an object with the fields it requires', () => {
    expect(typedBranch({title: 'By id', required: ['payment_id']}, parent)).toEqual({
      title: 'By id',
      required: ['payment_id'],
      type: 'object',
      properties: {payment_id: {$ref: '#/components/schemas/Id'}},
    });
  });

  it("gives a format-only branch its parent's type", () => {
    expect(typedBranch({format: 'ipv4'}, {type: 'string'})).toEqual({format: 'ipv4', type: 'string'});
  });

  it('leaves typed branches, and branches it cannot type, as written', () => {
    expect(typedBranch({type: 'string', format: 'ipv4'}, {type: 'string'})).toEqual({type: 'string', format: 'ipv4'});
    expect(typedBranch({minimum: 1}, {type: 'number'})).toEqual({minimum: 1});
  });

  it('reads a written-out branch in its short form again, for the changelog, and nothing else', () => {
    const short = {title: 'By id', required: ['payment_id']};
    expect(untypedBranch(typedBranch(short, parent), parent)).toEqual(short);
    expect(untypedBranch(typedBranch({format: 'ipv4'}, {type: 'string'}), {type: 'string'})).toEqual({format: 'ipv4'});
    // A field of its own, or another type, is a real difference: kept.
    const own = {type: 'object', required: ['rrn'], properties: {rrn: {type: 'string', maxLength: 12}}};
    expect(untypedBranch(own, parent)).toBe(own);
    expect(untypedBranch({type: 'integer'}, {type: 'string'})).toEqual({type: 'integer'});
  });

  it('names, by JSON pointer, a branch no short form types, and skips examples', () => {
    const doc = {
      components: {schemas: {Odd: {type: 'number', anyOf: [{minimum: 1}, {type: 'integer'}]}}},
      example: {oneOf: [{}]},
    } as unknown as OpenApiDocument;
    expect(untypedBranches(withTypedBranches(doc))).toEqual(['#/components/schemas/Odd/anyOf/0']);
  });
});
