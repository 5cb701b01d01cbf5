/**
 * Which calls are signed is said once, in the contract (`x-signed-request`), and held to its reasons:
 * every call the behaviour model says moves money is marked, the list on /HeaderMarkdown is the
 * contract's list, and the transition headers' date is release 1.4.0's.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {compiledContract} from '../helpers/contract';
import {listOperations} from '#core/contract/openapi';
import {DEPRECATED_SINCE_1_3_0, DEPRECATED_SINCE_1_4_0} from '#core/sandbox/engine/transition';

const {deref: doc} = await compiledContract();
const marked = listOperations(doc)
  .filter((l) => l.kind === 'operation' && l.op['x-signed-request'] === true)
  .map((l) => l.op.operationId)
  .sort();

/** The operations the behaviour model says move money (a family that moves money, unless the operation says not). */
function moneyMovingOperations(): string[] {
  return readdirSync('openapi/behaviour')
    .filter((f) => f.endsWith('.yaml') && f !== 'shared.yaml')
    .flatMap((f) => {
      const family = parse(readFileSync(`openapi/behaviour/${f}`, 'utf8')) as {
        'moves-money'?: boolean;
        operations?: Record<string, {'moves-money'?: boolean}>;
      };
      return Object.entries(family.operations ?? {})
        .filter(([, op]) => family['moves-money'] === true && op['moves-money'] !== false)
        .map(([id]) => id);
    });
}

describe('the signed calls', () => {
  it('include every call the behaviour model says moves money', () => {
    const missing = moneyMovingOperations().filter((id) => !marked.includes(id));
    expect(missing, 'mark these x-signed-request: true with the three signature headers').toEqual([]);
  });

  it('are the ones /HeaderMarkdown lists, no more and no fewer', () => {
    const page = readFileSync('src/pages/HeaderMarkdown.mdx', 'utf8');
    const block = /signed-operations:start[\s\S]*?\*\/\}([\s\S]*?)\{\/\* signed-operations:end/.exec(page)?.[1];
    expect(block, 'src/pages/HeaderMarkdown.mdx has the signed-operations:start and :end comments').toBeDefined();
    const listed = [...(block ?? '').matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]).sort();
    expect(listed).toEqual(marked);
  });

  it("mark their transitions from release 1.4.0's date", () => {
    const notes = parse(readFileSync('openapi/releases/notes.yaml', 'utf8')) as Record<string, {date: string}>;
    expect(DEPRECATED_SINCE_1_4_0).toBe(notes['1.4.0']?.date);
    // The token form without kid, exp and aud was deprecated by 1.3.0.
    expect(DEPRECATED_SINCE_1_3_0).toBe(notes['1.3.0']?.date);
  });
});
