/**
 * core/changelog/common-parts.ts: what two documents share is taken out before api-smart-diff
 * compares them, and the diffs stay the tool's on the whole documents. Each exception of the
 * module has a case here where taking the shared part out would change the tool's answer (a class,
 * a pairing), checked against the tool run on the whole; the real releases are checked the same way
 * in tests/integration/changelog-diff.test.ts.
 */
import {apiCompare, type Diff} from 'api-smart-diff';
import {describe, expect, it} from 'vitest';
import {withoutCommonParts} from '#core/changelog/common-parts';
import {changelogRules, compareContracts, normalise} from '#core/changelog/diff';

type Node = Record<string, unknown>;

const doc = (paths: Node): Node => ({openapi: '3.1.0', info: {title: 'Demo', version: '1'}, paths});
const json = (schema: Node): Node => ({content: {'application/json': {schema}}});
const op = (responses: Node, requestBody?: Node): Node => ({
  post: {operationId: 'pay', ...(requestBody ? {requestBody} : {}), responses},
});

const key = (d: Diff): string => JSON.stringify([d.path, d.action, d.type, d.before, d.after]);
/** The tool on the whole documents, as the integration test runs it. */
const whole = (before: Node, after: Node): string[] =>
  apiCompare(normalise(before), normalise(after), {rules: changelogRules()}).diffs.map(key).sort();
/** The tool on the documents without their common parts. */
const pruned = (before: Node, after: Node): string[] =>
  apiCompare(...withoutCommonParts(normalise(before) as Node, normalise(after) as Node, ['paths', 'webhooks']), {
    rules: changelogRules(),
  })
    .diffs.map(key)
    .sort();

describe('withoutCommonParts', () => {
  it('drops equal responses, media types, examples and properties from both sides, keeps what differs', () => {
    const body = (amount: Node) =>
      json({type: 'object', required: ['amount'], properties: {amount, note: {type: 'string'}}});
    const before = doc({'/pay': op({'200': body({type: 'number'}), '400': json({type: 'object'})})});
    const after = doc({'/pay': op({'200': body({type: 'integer'}), '400': json({type: 'object'})})});
    const copy = structuredClone([before, after]);
    const [b, a] = withoutCommonParts(before, after, ['paths', 'webhooks']);
    const amountOnly = (amount: Node) => json({type: 'object', required: ['amount'], properties: {amount}});
    expect(b).toEqual(doc({'/pay': {post: {operationId: 'pay', responses: {'200': amountOnly({type: 'number'})}}}}));
    expect((a.paths as Node)['/pay']).toEqual({
      post: {operationId: 'pay', responses: {'200': amountOnly({type: 'integer'})}},
    });
    expect([before, after]).toEqual(copy);
    expect(pruned(before, after)).toEqual(whole(before, after));
    expect(compareContracts(before, after).diffs.map(key).sort()).toEqual(whole(before, after));
  });

  it('drops a path or webhook that is equal on both sides', () => {
    const same = op({'200': json({type: 'string'})});
    const [b, a] = withoutCommonParts(
      {...doc({'/a': same, '/b': op({})}), webhooks: {hook: same}},
      {...doc({'/a': same, '/b': op({'200': json({})})}), webhooks: {hook: same}},
      ['paths', 'webhooks'],
    );
    expect([Object.keys(b.paths as Node), Object.keys(a.paths as Node), b.webhooks, a.webhooks]).toEqual([
      ['/b'],
      ['/b'],
      {},
      {},
    ]);
  });

  it('keeps a property whose required-ness changes: the tool reads its default to class the change', () => {
    const schema = (required: string[]) =>
      json({type: 'object', required, properties: {mode: {type: 'string', default: 'IMPS'}}});
    const before = doc({'/pay': op({'200': json({})}, schema([]))});
    const after = doc({'/pay': op({'200': json({})}, schema(['mode']))});
    const [, a] = withoutCommonParts(before, after, ['paths']);
    expect(JSON.stringify(a)).toContain('IMPS');
    // Made required with a default: the tool calls it non-breaking, which it could not see without the property.
    expect(whole(before, after)).toEqual([expect.stringContaining('"non-breaking"')]);
    expect(pruned(before, after)).toEqual(whole(before, after));
  });

  it('keeps the properties beside a oneOf: the tool copies them into the branches it pairs', () => {
    const schema = (last: Node) => ({
      type: 'object',
      properties: {id: {type: 'string'}},
      oneOf: [
        {title: 'A', description: 'A.', properties: {a: {type: 'string'}}},
        {title: 'B', description: 'B.', properties: {b: last}},
      ],
    });
    const before = doc({'/pay': op({'200': json(schema({type: 'string'}))})});
    const after = doc({'/pay': op({'200': json(schema({type: 'integer'}))})});
    const [b] = withoutCommonParts(before, after, ['paths']);
    expect(JSON.stringify(b)).toContain('"id"');
    expect(pruned(before, after)).toEqual(whole(before, after));
  });

  it('keeps media types where one is a wildcard: the tool pairs it with other keys', () => {
    const content = (extra: Node) => ({
      content: {'*/*': {schema: {type: 'string'}}, 'application/json': {schema: {type: 'object', ...extra}}},
    });
    const before = doc({'/pay': op({'200': content({})})});
    const after = doc({'/pay': op({'200': content({maxProperties: 3})})});
    const [b] = withoutCommonParts(before, after, ['paths']);
    expect(JSON.stringify(b)).toContain('*/*');
    expect(pruned(before, after)).toEqual(whole(before, after));
  });

  it('keeps the operations of a path item whose own fields differ: the tool copies them into each', () => {
    const item = (description: string) => ({description, ...op({'200': json({type: 'string'})})});
    const before = doc({'/pay': item('Pays.')});
    const after = doc({'/pay': item('Pays out.')});
    const [b] = withoutCommonParts(before, after, ['paths']);
    expect((b.paths as Node)['/pay']).toEqual(item('Pays.'));
    expect(pruned(before, after)).toEqual(whole(before, after));
  });

  it('keeps paths that share a shape with another: the tool pairs paths by shape, first match first', () => {
    const same = op({'200': json({type: 'string'})});
    const before = doc({'/orders/{id}': same});
    const after = doc({'/orders/{orderId}': op({'200': json({type: 'integer'})}), '/orders/{id}': same});
    const [b, a] = withoutCommonParts(before, after, ['paths']);
    expect([Object.keys(b.paths as Node), Object.keys(a.paths as Node)]).toEqual([
      ['/orders/{id}'],
      ['/orders/{orderId}', '/orders/{id}'],
    ]);
    expect(pruned(before, after)).toEqual(whole(before, after));
  });
});
