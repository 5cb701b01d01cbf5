/**
 * The two errors a writer meets most from plugins/api-contract, asserted word for word: a page that
 * names an operation the contract does not define, and a contract that fails the strict lint.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {afterAll, describe, expect, it} from 'vitest';
import {assertContractYamlParses, ContractLoadError, lintContract} from '#node/contract/load';
import {SITE_DIR} from '#node/contract/paths';
import {ApiReferenceError, remarkApiReference} from '../../plugins/api-contract/remark';

describe('remarkApiReference', () => {
  const ids = {operation: ['aeps-cash-withdrawal', 'aeps-balance-enquiry', 'pan-status'], webhook: [], tag: []};
  // The mdast that MDX gives the plugin for `<Endpoint op="..." />` on line 5 of a page.
  const page = (op: string): Root => ({
    type: 'root',
    children: [
      {
        type: 'mdxJsxFlowElement',
        name: 'Endpoint',
        attributes: [{type: 'mdxJsxAttribute', name: 'op', value: op}],
        children: [],
        position: {start: {line: 5, column: 1}, end: {line: 5, column: 1}},
      },
    ],
  });
  const file = {path: path.join(SITE_DIR, 'docs/v1/service/aeps/withdrawal.mdx')};

  it('fails on an unknown operation id, naming the page, the line, the id and similar ids', () => {
    const run = () => remarkApiReference({ids})(page('aeps-cash-withdrawl'), file);
    expect(run).toThrow(ApiReferenceError);
    expect(run).toThrow(
      new Error(
        'docs/v1/service/aeps/withdrawal.mdx:5: <Endpoint op="aeps-cash-withdrawl" /> names an operation that the API contract does not define.\n' +
          '  Fix: use an existing operation id (closest first: aeps-cash-withdrawal), or add "aeps-cash-withdrawl" to a file under openapi/ first.',
      ),
    );
  });

  it('fails on <Endpoint> without a literal op, with an example of the right form', () => {
    const tree = page('x');
    (tree.children[0] as MdxJsxFlowElement).attributes = [];
    expect(() => remarkApiReference({ids})(tree, file)).toThrow(
      new Error(
        'docs/v1/service/aeps/withdrawal.mdx:5: <Endpoint> needs a literal op="..." attribute naming an operation in openapi/, for example <Endpoint op="aeps-cash-withdrawal" />.',
      ),
    );
  });
});

describe('lintContract', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-'));
  afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

  /** A complete one-operation contract that passes redocly.yaml, with `operationId` as given. */
  function writeContract(operationId: string): string {
    fs.mkdirSync(path.join(dir, 'families'), {recursive: true});
    fs.writeFileSync(
      path.join(dir, 'openapi.yaml'),
      `openapi: 3.1.0
info:
  title: Fixture API
  version: 1.0.0
  description: A contract small enough to read in a test.
  contact:
    name: Fixture desk
    email: desk@fixture.example
  license:
    name: Proprietary
    url: https://fixture.example/terms
servers:
  - url: https://sandbox.fixture.example/api/v1
    description: Sandbox
security:
  - partnerJwt: []
tags:
  - name: demo
    description: Demonstration calls.
components:
  securitySchemes:
    partnerJwt:
      type: http
      scheme: bearer
      description: A JWT.
`,
    );
    fs.writeFileSync(
      path.join(dir, 'families', 'demo.yaml'),
      `paths:
  /service/demo/ping:
    post:
      operationId: ${operationId}
      tags: [demo]
      summary: Ping
      description: Answers with pong.
      responses:
        '200':
          description: Pong.
          content:
            application/json:
              schema:
                type: object
                properties:
                  message:
                    type: string
                    description: Always pong.
              example:
                message: pong
        '400':
          description: Never, in fact.
`,
    );
    return path.join(dir, 'openapi.yaml');
  }

  it('passes a clean contract (so the next test fails for one reason only)', async () => {
    expect(await lintContract(writeContract('demo-ping'))).toEqual([]);
  });

  it('names the family file, line, rule and fix of a bad operation', async () => {
    const problems = await lintContract(writeContract('demoPing'));
    const family = path.relative(SITE_DIR, path.join(dir, 'families', 'demo.yaml'));
    expect(problems).toEqual([
      `${family}:4:20 error [rule/operation-id-kebab-case] operationId must be kebab-case, for example aeps-cash-withdrawal. (at #/paths/~1service~1demo~1ping/post/operationId)`,
    ]);
  });
  it('names a family file that does not parse, with line, column, reason and the lines around it, alone', async () => {
    const root = writeContract('demo-ping');
    const file = path.join(dir, 'families', 'demo.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('summary: Ping', "summary: 'Ping"));
    const family = path.relative(SITE_DIR, file);
    const message = [
      `${family}:6:16: the YAML does not parse: Missing closing 'quote`,
      '  5 |       tags: [demo]',
      "  6 |       summary: 'Ping",
      '    |                ^',
      '  7 |       description: Answers with pong.',
    ].join('\n');
    await expect(lintContract(root)).rejects.toThrow(message);
    expect(() => assertContractYamlParses(dir)).toThrow(message);
  });

  it('names any other YAML file of the contract that does not parse (a scenario, a shared component)', () => {
    writeContract('demo-ping');
    fs.mkdirSync(path.join(dir, 'scenarios'), {recursive: true});
    const scenarios = path.join(dir, 'scenarios', 'demo.yaml');
    fs.writeFileSync(scenarios, 'operations:\n  demo-ping:\n    scenarios:\n      - {label: "Pong, code: 1}\n');
    const named = path.relative(SITE_DIR, scenarios);
    expect(() => assertContractYamlParses(dir)).toThrow(
      new ContractLoadError(
        [
          `${named}:4:17: the YAML does not parse: Missing closing "quote`,
          '  3 |     scenarios:',
          '  4 |       - {label: "Pong, code: 1}',
          '    |                 ^',
          '  5 |',
        ].join('\n'),
      ),
    );
    fs.rmSync(path.join(dir, 'scenarios'), {recursive: true});
  });
});
