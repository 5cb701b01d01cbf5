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
import {loadWrittenFamily} from '#node/contract/sandbox';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {compiledContract, writtenSandbox} from '../helpers/contract';
import {
  COLLECTION_VARIABLES,
  collectionDeprecationProblem,
  collectionProblems,
  makeRunnable,
  signedCalls,
  toPostman,
  unsignedNote,
  type PostmanCollection,
  type PostmanItem,
} from '#node/contract/postman';
import {SITE_DIR} from '#node/contract/paths';

const read = (name: string): string => fs.readFileSync(path.join(SITE_DIR, 'node/contract', name), 'utf8');

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

  // Issue 33: newman's script sandbox cannot sign (no Web Crypto), and an example signature is
  // refused, so each signed call goes unsigned, saying so; a customer's number never rides a query.
  it('sends every signed call unsigned with its window in the description, and no deprecated query', async () => {
    const {bundled} = await compiledContract();
    const collection = await toPostman(bundled);
    const flat = (items: readonly PostmanItem[]): PostmanItem[] => items.flatMap((i) => (i.item ? flat(i.item) : [i]));
    const key = (i: PostmanItem): string =>
      `${i.request?.method} /${typeof i.request?.url === 'object' ? (i.request.url.path ?? []).join('/') : ''}`;
    const calls = signedCalls(bundled);
    const items = flat(collection.item);
    const signed = items.filter((i) => calls.some((c) => `${c.method} ${c.path}` === key(i)));
    expect(signed).toHaveLength(calls.length);
    for (const item of signed) {
      const call = calls.find((c) => `${c.method} ${c.path}` === key(item));
      const sent = (item.request?.header ?? []).filter((h) => !h.disabled).map((h) => h.key.toLowerCase());
      expect(sent, item.name).not.toContain('signature');
      expect(sent, item.name).not.toContain('signature-input');
      expect(sent, item.name).not.toContain('content-digest');
      const description = item.request?.description;
      expect(typeof description === 'object' ? description.content : description).toMatch(
        new RegExp(`^${unsignedNote(call?.sunset).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
    }
    const operators = items.find((i) => key(i) === 'GET /service/recharge/operators');
    const urls = [operators?.request?.url, ...(operators?.response ?? []).map((r) => r.originalRequest)];
    expect(urls.length).toBeGreaterThan(1);
    expect(JSON.stringify(urls)).not.toContain('mobilenumber');
  }, 60_000);
});

describe('collectionDeprecationProblem', () => {
  const window = {method: 'POST', path: '/service/payout/orders', sunset: '2027-09-30'};
  const inWindow = {Deprecation: '@1796063400', Sunset: 'Thu, 30 Sep 2027 18:30:00 GMT'};

  it("accepts only the window's own headers, and only on a signed call sent unsigned", () => {
    expect(collectionDeprecationProblem('Create a payout order', window, inWindow)).toBeUndefined();
    expect(collectionDeprecationProblem('List operators', undefined, {})).toBeUndefined();
    expect(collectionDeprecationProblem('List operators', undefined, inWindow)).toBe(
      'Postman request "List operators": the sandbox answered with Deprecation @1796063400 and Sunset Thu, 30 Sep 2027 18:30:00 GMT, so this code uses an old form that stops working at the sunset. Fix: use today\'s form (the token and request signatures of /HeaderMarkdown, the fields of the operation\'s reference).',
    );
    expect(collectionDeprecationProblem('Create a payout order', window, {})).toBe(
      'Postman request "Create a payout order": a signed call the collection sends unsigned, in the window that ends on 2027-09-30, is answered with Deprecation @1796063400 and Sunset Thu, 30 Sep 2027 18:30:00 GMT, but this answer carried Deprecation (none) and Sunset (none). Fix: turn its signature headers off (unsignedSignedCalls in node/contract/postman.ts), or make the operation\'s x-transitions sunset and the sandbox agree.',
    );
  });
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
      expect(deprecatedFormProblem('node/contract/postman-prerequest.js', res.headers)).toBeUndefined();
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
