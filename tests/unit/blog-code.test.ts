/**
 * scripts/lib/blog-code.ts and scripts/blog-code-check.ts: every code block of a blog post runs against
 * the sandbox or says why it cannot. The runnable ones are run here, in process, against the sandbox
 * engine: each request body is sent as its post shows it, and each response body must be what the
 * sandbox answers to the post's request for the same operation (same response_code, no field the
 * answer lacks).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadWrittenFamily} from '#node/contract/sandbox';
import {compiledContract, writtenSandbox} from '../helpers/contract';
import {listOperations} from '#core/contract/openapi';
import {signToken} from '#core/sandbox/crypto';
import {deprecatedFormProblem} from '#core/sandbox/engine/transition';
import {SANDBOX_KEY_ID, TOKEN_AUDIENCE} from '#core/sandbox/engine/token';
import {SIGNATURE_HEADER, signDelivery} from '#core/sandbox/signature';
import {createSandbox, memoryStore} from '#core/sandbox/engine';
import type {JsonObject} from '#core/sandbox/model';
import type {Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {remarkStaticCode} from '../../plugins/static-code/remark';
import {blogCodeProblems, fenceRun, fencesOf} from '../../scripts/lib/blog-code';
import {blogPosts, checkBlogCode} from '../../scripts/blog-code-check';
import {REPO_ROOT, relPath} from '../../scripts/lib/files';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {testKeySignature} from './sandbox-harness';

const POST = 'blog/2099-01-01-post.mdx';

describe('blog code blocks', () => {
  it('reads top-level blocks only: a block shown inside a Markdown source sample is its body', () => {
    const source = [
      '````md title="Source"',
      '```js',
      'x()',
      '```',
      '````',
      '',
      '```json op="a" part="request"',
      '{}',
      '```',
    ];
    expect(fencesOf(POST, source.join('\n')).map((f) => [f.line, f.lang, f.meta])).toEqual([
      [1, 'md', 'title="Source"'],
      [7, 'json', 'op="a" part="request"'],
    ]);
  });

  it('fails a block that neither runs nor says why, and a marker without its reason', () => {
    const source = [
      '```bash',
      'curl x',
      '```',
      '```js not-runnable',
      'f()',
      '```',
      '```py not-runnable=""',
      '```',
      '```js not-runnable="needs {x}"',
      '```',
    ];
    expect(blogCodeProblems(POST, source.join('\n'))).toEqual([
      'blog/2099-01-01-post.mdx:1: this ```bash block neither runs against the sandbox nor says why not. Fix: make it a request or response body (```json op="<operation id>" part="request"), or add not-runnable="<why>" to its info string.',
      'blog/2099-01-01-post.mdx:4: not-runnable needs its reason. Fix: write not-runnable="<why it cannot run against the sandbox>".',
      'blog/2099-01-01-post.mdx:7: not-runnable needs its reason. Fix: write not-runnable="<why it cannot run against the sandbox>".',
      'blog/2099-01-01-post.mdx:9: the not-runnable reason has a brace, which the code block would read as a line range. Fix: reword it without { or }.',
    ]);
  });

  it('accepts a marker with its reason and request/response bodies that name an operation', () => {
    const [marked, request, verify, other] = fencesOf(
      POST,
      '```js title="a.mjs" not-runnable="needs your server"\n```\n```json op="x-y" part="request"\n```\n' +
        '```js runs="webhook-verify"\n```\n```json part="other"\n```',
    );
    expect([marked, request, verify].map((f) => f && fenceRun(f))).toEqual([
      {kind: 'not-runnable', reason: 'needs your server'},
      {kind: 'request', op: 'x-y'},
      {kind: 'webhook-verify'},
    ]);
    expect(other && 'problem' in fenceRun(other)).toBe(true);
  });

  it('does not show the marker on the page: the rendered block carries only its title and lines', async () => {
    const tree: Root = {
      type: 'root',
      children: [{type: 'code', lang: 'js', meta: 'title="a.mjs" {1} not-runnable="needs your server"', value: 'f();'}],
    };
    await remarkStaticCode()(tree, {path: path.join(REPO_ROOT, POST)});
    const element = tree.children[1] as MdxJsxFlowElement;
    expect(element.attributes.map((a) => (a.type === 'mdxJsxAttribute' ? a.name : ''))).toEqual([
      'html',
      'language',
      'title',
    ]);
    expect(JSON.stringify(element)).not.toContain('needs your server');
  });

  it('checks the posts of a site', () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-code-'));
    fs.mkdirSync(path.join(site, 'blog'));
    fs.writeFileSync(path.join(site, POST), '```sh\nls\n```\n');
    try {
      expect(checkBlogCode(site).map((m) => m.split(': this')[0])).toEqual(['blog/2099-01-01-post.mdx:1']);
    } finally {
      fs.rmSync(site, {recursive: true, force: true});
    }
  });

  it('passes on every post of the repository', () => {
    expect(checkBlogCode()).toEqual([]);
  });
});

// The runnable blocks of every post, sent to the sandbox engine.
const {deref: doc, sandbox: compiled} = await compiledContract();
const dir = tempSandboxDir('blog-code');
beforeAll(() => writtenSandbox(dir), 60_000);
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

const located = new Map(listOperations(doc).map((l) => [l.op.operationId, l]));
const posts = blogPosts(REPO_ROOT).map((f) => {
  const file = relPath(REPO_ROOT, f);
  const fences = fencesOf(file, fs.readFileSync(f, 'utf8'));
  const runs = fences.map((fence) => ({fence, run: fenceRun(fence)}));
  return {file, runs};
});

/** The token of /HeaderMarkdown today (kid, exp, aud), or the 1.2.0 form the sandbox still accepts with Deprecation. */
async function tokenFor(op: string, form: 'today' | 'old'): Promise<string> {
  const {partnerId, jwtSecret} = compiled.index.credentials;
  const iat = Math.floor(Date.now() / 1000);
  const claims = {partnerId, iat, reqId: `blog-${op}`};
  if (form === 'old') return signToken(claims, jwtSecret);
  return signToken({...claims, exp: iat + 300, aud: TOKEN_AUDIENCE.sandbox}, jwtSecret, SANDBOX_KEY_ID);
}

/** Sends one post's request body for `op` to a fresh sandbox, as the post shows it, signed as a partner signs it. */
async function answerTo(op: string, body: string, form: 'today' | 'old' = 'today') {
  const l = located.get(op);
  if (!l) throw new Error(`no operation ${op} in the contract`);
  const sandbox = createSandbox({
    index: compiled.index,
    loadFamily: (family) => loadWrittenFamily(dir, family),
    clock: {now: () => Date.now()},
    store: memoryStore(),
  });
  const url = `${compiled.index.basePath}${l.path}`;
  const authorization = `Bearer ${await tokenFor(op, form)}`;
  const signature = await testKeySignature(compiled, l, {url, authorization, body}, Date.now());
  return sandbox.send({
    method: l.method,
    url,
    headers: {Authorization: authorization, 'Content-Type': 'application/json', ...signature},
    body,
  });
}

describe('the deprecated-form check on runnable blocks', () => {
  it('fails a block the sandbox answers with Deprecation and Sunset (the 1.2.0 token), word for word', async () => {
    const answer = await answerTo('aeps-balance-enquiry', '{}', 'old');
    expect(deprecatedFormProblem(`${POST}:7`, answer.headers)).toBe(
      `${POST}:7: the sandbox answered with Deprecation @${Date.parse('2026-11-27T00:00:00+05:30') / 1000} and Sunset Wed, 30 Jun 2027 18:30:00 GMT, so this code uses an old form that stops working at the sunset. Fix: use today's form (the token and request signatures of /HeaderMarkdown, the fields of the operation's reference).`,
    );
  });
});

describe.each(posts.filter((p) => p.runs.some((r) => 'kind' in r.run && r.run.kind === 'request')))(
  '$file against the sandbox',
  ({runs}) => {
    const requests = runs.flatMap(({fence, run}) =>
      'kind' in run && run.kind === 'request' ? [{fence, op: run.op}] : [],
    );
    it.each(requests)(
      'the request at line $fence.line ($op) is accepted, and its response block is what comes back',
      async ({fence, op}) => {
        const sent = await answerTo(op, fence.body);
        expect(deprecatedFormProblem(`${fence.file}:${fence.line}`, sent.headers)).toBeUndefined();
        const answer = sent.json;
        expect(answer.status, `${fence.file}:${fence.line}: ${JSON.stringify(answer)}`).toBe(true);
        for (const {fence: shown, run} of runs) {
          if (!('kind' in run) || run.kind !== 'response' || run.op !== op) continue;
          const expected = JSON.parse(shown.body) as JsonObject;
          const where = `${shown.file}:${shown.line}: the response block is not what the sandbox answers`;
          expect(answer.response_code, where).toBe(expected.response_code);
          // Every field the post shows is one the sandbox answers; the answer may carry more (a field
          // sent under its old and new name during a rename's transition window).
          expect(Object.keys(answer.data as JsonObject), where).toEqual(
            expect.arrayContaining(Object.keys(expected.data as JsonObject)),
          );
        }
      },
    );
  },
);

type VerifySignature = (id: string, timestamp: string, rawBody: Buffer, signature: string, secret: string) => boolean;

const verifiers = posts.flatMap(({runs}) =>
  runs.flatMap(({fence, run}) => ('kind' in run && run.kind === 'webhook-verify' ? [fence] : [])),
);

describe.each(verifiers)('$file:$line verifies what the sandbox signs', (fence) => {
  const body = '{"event":"PAYOUT_ORDER_UPDATE","status":"SUCCESS"}';
  const {webhookSecret} = compiled.index.credentials;
  const load = async () => {
    const file = path.join(dir, `verify-${fence.line}.mjs`);
    fs.writeFileSync(file, fence.body);
    return ((await import(file)) as {verifySignature: VerifySignature}).verifySignature;
  };
  const signed = async (secret: string, ts: number) =>
    (await signDelivery(secret, 'evt_BLOG1', ts, body))[SIGNATURE_HEADER] ?? '';

  it('accepts a delivery the sandbox signed and refuses it once the body or the id is changed', async () => {
    const verifySignature = await load();
    const ts = Math.floor(Date.now() / 1000);
    const signature = await signed(webhookSecret, ts);
    const where = `${fence.file}:${fence.line}: the sample does not verify the sandbox's signature scheme`;
    expect(verifySignature('evt_BLOG1', String(ts), Buffer.from(body), signature, webhookSecret), where).toBe(true);
    expect(verifySignature('evt_BLOG1', String(ts), Buffer.from(`${body} `), signature, webhookSecret)).toBe(false);
    expect(verifySignature('evt_BLOG2', String(ts), Buffer.from(body), signature, webhookSecret)).toBe(false);
  });

  it('accepts either of the two signatures a rotation sends, and refuses a timestamp more than 300 s away', async () => {
    const verifySignature = await load();
    const ts = Math.floor(Date.now() / 1000);
    const rotating = `${await signed('old-secret-of-this-test', ts)} ${await signed(webhookSecret, ts)}`;
    const where = `${fence.file}:${fence.line}`;
    expect(verifySignature('evt_BLOG1', String(ts), Buffer.from(body), rotating, webhookSecret), where).toBe(true);
    const stale = ts - 301;
    const old = await signed(webhookSecret, stale);
    expect(verifySignature('evt_BLOG1', String(stale), Buffer.from(body), old, webhookSecret), where).toBe(false);
  });
});
