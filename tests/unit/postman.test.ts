/**
 * The Postman collection as a partner imports it: every variable declared, every request with a
 * host, the token signed by the collection script, no webhook items, Authorization sent once.
 */
import {createHmac, randomUUID} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import {describe, expect, it} from 'vitest';
import {createSandbox, memoryStore} from '#core/sandbox/engine';
import {deprecatedFormProblem} from '#core/sandbox/engine/transition';
import {SANDBOX_KEY_ID, TOKEN_AUDIENCE} from '#core/sandbox/engine/token';
import {loadWrittenFamily} from '../../plugins/api-contract/sandbox';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {compiledContract, writtenSandbox} from '../helpers/contract';
import {
  COLLECTION_VARIABLES,
  collectionProblems,
  makeRunnable,
  toPostman,
  type PostmanCollection,
} from '../../plugins/api-contract/postman';
import {SITE_DIR} from '../../plugins/api-contract/paths';

const read = (name: string): string => fs.readFileSync(path.join(SITE_DIR, 'plugins/api-contract', name), 'utf8');

describe('the published collection', () => {
  it('has no problem a fresh import would hit, signs the token in a pre-request script and has no webhooks', async () => {
    const collection = await toPostman((await compiledContract()).bundled);
    expect(collectionProblems(collection)).toEqual([]);
    expect(collection.variable?.map((v) => v.key)).toEqual([
      'baseUrl',
      'partnerId',
      'jwtSecret',
      'jwtKeyId',
      'audience',
      'bearerToken',
    ]);
    expect(collection.event?.map((e) => [e.listen, e.script.exec.join('\n')])).toEqual([
      ['prerequest', read('postman-prerequest.js').trimEnd()],
      ['test', read('postman-test.js').trimEnd()],
    ]);
    expect(collection.item.map((folder) => folder.name)).not.toContain('Webhooks');
    expect(JSON.stringify(collection)).not.toMatch(/"\{\{aeps-transaction\}\}"/);
  }, 60_000);
});

describe('the pre-request script', () => {
  it("signs today's token form: the sandbox accepts it without Deprecation or Sunset", async () => {
    const dir = tempSandboxDir('postman-token');
    try {
      const {sandbox: compiled} = await writtenSandbox(dir);
      // crypto-js as far as the script uses it (Postman's sandbox has the real one; it is not installed
      // here): a word array is a Buffer, which is all Base64.stringify, Utf8.parse and HmacSHA256 pass on.
      const cryptoJs = {
        enc: {
          Base64: {stringify: (words: Buffer) => words.toString('base64')},
          Utf8: {parse: (text: string) => Buffer.from(text, 'utf8')},
        },
        HmacSHA256: (message: string, key: string) => createHmac('sha256', key).update(message).digest(),
      };
      const {partnerId, jwtSecret} = compiled.index.credentials;
      const vars = new Map<string, string>([
        ['partnerId', partnerId],
        ['jwtSecret', jwtSecret],
        ['jwtKeyId', SANDBOX_KEY_ID],
        ['audience', TOKEN_AUDIENCE.sandbox],
      ]);
      const pm = {
        variables: {
          get: (key: string) => vars.get(key),
          set: (key: string, value: string) => vars.set(key, value),
          replaceIn: () => randomUUID(),
        },
      };
      vm.runInNewContext(read('postman-prerequest.js'), {pm, require: () => cryptoJs, Date, Math, JSON, Error});
      const engine = createSandbox({
        index: compiled.index,
        loadFamily: (family) => loadWrittenFamily(dir, family),
        clock: {now: () => Date.now()},
        store: memoryStore(),
      });
      const res = await engine.send({
        method: 'GET',
        url: `${compiled.index.basePath}/service/recharge/operators`,
        headers: {Authorization: `Bearer ${vars.get('bearerToken')}`},
      });
      expect(res.json.response_code).toBe(1);
      expect(deprecatedFormProblem('plugins/api-contract/postman-prerequest.js', res.headers)).toBeUndefined();
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });
});

describe('collectionProblems', () => {
  const bad: PostmanCollection = {
    info: {name: 'bad'},
    auth: {type: 'bearer'},
    variable: [{key: 'baseUrl', value: 'https://sandbox.example', type: 'string'}],
    item: [
      {
        name: 'folder',
        item: [
          {
            name: 'Twice',
            request: {
              url: {host: ['{{baseUrl}}']},
              header: [{key: 'Authorization', value: 'Bearer {{bearerToken}}'}],
            },
            response: [
              {
                originalRequest: {
                  header: [
                    {key: 'Authorization', value: 'Bearer <token>'},
                    {key: 'authorization', value: 'Bearer x'},
                  ],
                },
              },
            ],
          },
          {name: 'Hook', request: {url: {host: ['{{aeps-transaction}}']}}},
          {name: 'Nowhere', request: {url: {host: ['/']}}},
        ],
      },
    ],
  };

  it('names each undeclared variable, hostless request and doubled Authorization', () => {
    expect(collectionProblems(bad)).toEqual([
      '{{bearerToken}} is used but not declared',
      '{{aeps-transaction}} is used but not declared',
      'Twice: the request sends Authorization twice',
      'Twice: saved example 1 sends Authorization twice',
      'Nowhere: the request has no host',
    ]);
  });

  it('ignores Postman dynamic variables such as {{$guid}}', () => {
    const ok = makeRunnable(
      {info: {name: 'x'}, item: [], variable: []},
      {prerequest: "pm.variables.replaceIn('{{$guid}}')", test: ''},
    );
    expect(collectionProblems(ok)).toEqual([]);
  });
});

describe('makeRunnable', () => {
  it('declares the partner variables empty, after the converter ones, and replaces any script', () => {
    const out = makeRunnable(
      {
        info: {name: 'x'},
        item: [],
        variable: [
          {key: 'baseUrl', value: 'https://sandbox.example', type: 'string'},
          {key: 'bearerToken', value: 'stale', type: 'string'},
        ],
        event: [{listen: 'prerequest', script: {type: 'text/javascript', exec: ['old']}}],
      },
      {prerequest: 'line 1\nline 2\n', test: 'check'},
    );
    expect(out.variable).toEqual([
      {key: 'baseUrl', value: 'https://sandbox.example', type: 'string'},
      ...COLLECTION_VARIABLES.map((v) => ({...v, value: ''})),
    ]);
    expect(out.event).toEqual([
      {listen: 'prerequest', script: {type: 'text/javascript', exec: ['line 1', 'line 2']}},
      {listen: 'test', script: {type: 'text/javascript', exec: ['check']}},
    ]);
  });
});
