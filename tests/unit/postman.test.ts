/**
 * The Postman collection as a partner imports it: every variable declared, every request with a
 * host, the token signed by the collection script, no webhook items, Authorization sent once.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {compiledContract} from '../helpers/contract';
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
    expect(collection.variable?.map((v) => v.key)).toEqual(['baseUrl', 'partnerId', 'jwtSecret', 'bearerToken']);
    expect(collection.event?.map((e) => [e.listen, e.script.exec.join('\n')])).toEqual([
      ['prerequest', read('postman-prerequest.js').trimEnd()],
      ['test', read('postman-test.js').trimEnd()],
    ]);
    expect(collection.item.map((folder) => folder.name)).not.toContain('Webhooks');
    expect(JSON.stringify(collection)).not.toMatch(/"\{\{aeps-transaction\}\}"/);
  }, 60_000);
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
