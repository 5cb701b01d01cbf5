/**
 * One UPI dispute, one record (core/sandbox/engine/handover.ts, issue 32): the dispute list raises it,
 * the status call and the list report it the same at every moment (raised, answered, past
 * `respond_by`, past the contested bound), and an answer to a dispute that is no longer OPEN is
 * answered code 4 with the dispute as it stands.
 */
import fs from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Located} from '#core/contract/openapi';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {clockedSandbox, testKeySignature} from './sandbox-harness';
import {compiledContract, writtenSandbox} from '../helpers/contract';

const NOW = Date.parse('2026-11-27T01:00:00Z');
const DAY = 86_400;

const {sandbox: compiled} = await compiledContract();
const dir = tempSandboxDir('dispute');
beforeAll(() => writtenSandbox(dir), 60_000);
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

type Dispute = Record<string, unknown>;
interface Reply {
  response_code: number;
  data: Dispute & {disputes?: Dispute[]};
}

/** The partner's three dispute calls on a sandbox with a clock the test moves. */
function partner(seed: number) {
  const {sandbox, token, advance, now} = clockedSandbox(compiled, dir, NOW, seed);
  const base = compiled.index.basePath;
  const signed = {op: {'x-signed-request': true}, method: 'post'} as unknown as Located;
  const call = async (method: string, url: string, body?: Record<string, unknown>): Promise<Reply> => {
    const authorization = `Bearer ${await token()}`;
    const text = body === undefined ? undefined : JSON.stringify(body);
    const signature =
      text === undefined ? {} : await testKeySignature(compiled, signed, {url, authorization, body: text}, now());
    const headers = {authorization, ...(text === undefined ? {} : {'content-type': 'application/json'}), ...signature};
    return (await sandbox.send({method, url, headers, ...(text === undefined ? {} : {body: text})}))
      .json as unknown as Reply;
  };
  const list = async (customer: string): Promise<Dispute> => {
    const reply = await call('GET', `${base}/service/upicollect/dispute/list?customer_reference=${customer}`);
    return reply.data.disputes?.[0] ?? {};
  };
  const status = async (id: string): Promise<Reply> =>
    call('POST', `${base}/service/upicollect/dispute/status`, {dispute_id: id});
  const respond = (id: string, decision: 'ACCEPT' | 'CONTEST'): Promise<Reply> =>
    call('POST', `${base}/service/upicollect/dispute/respond`, {
      dispute_id: id,
      decision,
      ...(decision === 'CONTEST'
        ? {
            evidence_text: 'The service ran all month, as the attached service log shows.',
            documents: [{type: 'SERVICE_RECORD', mimetype: 'application/pdf', file: 'JVBERi0xLjcKJcfsj6IK'}],
          }
        : {}),
    });
  /** The list's item and the status call's data, which must be one record. */
  const both = async (customer: string, id: string) => {
    const item = await list(customer);
    const reply = await status(id);
    expect(reply.response_code).toBe(1);
    expect(reply.data).toEqual(item);
    return item;
  };
  return {list, status, respond, both, advance, sandbox};
}

describe('a UPI dispute in the sandbox', () => {
  it('is one record for the list and the status call from the moment it is raised', async () => {
    const p = partner(1);
    const raised = await p.list('disp201');
    expect(raised.status).toBe('OPEN');
    const id = String(raised.dispute_id);
    const item = await p.both('disp201', id);
    // respond_by is the OPEN bound (5 days) after it was raised, and both calls say so.
    expect(Date.parse(String(item.respond_by)) - Date.parse(String(item.raised_at))).toBe(5 * DAY * 1000);
  });

  it('after a contest, list and status both say CONTESTED with the same facts, then WON after 30 days', async () => {
    const p = partner(2);
    const raised = await p.list('disp201');
    const id = String(raised.dispute_id);
    p.advance(DAY);
    const answered = await p.respond(id, 'CONTEST');
    expect(answered.response_code).toBe(1);
    expect(answered.data.status).toBe('CONTESTED');
    for (const field of ['amount', 'raised_at', 'respond_by', 'payment_id', 'customer_reference'])
      expect(answered.data[field]).toEqual(raised[field]);
    const contested = await p.both('disp201', id);
    expect(contested.status).toBe('CONTESTED');
    expect(contested.respond_by).toBe(raised.respond_by);
    // Past respond_by the contest holds: the list's own debit for an unanswered dispute no longer comes.
    p.advance(5 * DAY);
    expect((await p.both('disp201', id)).status).toBe('CONTESTED');
    const hooks = p.sandbox.pendingWebhooks().map((w) => JSON.parse(w.body) as Dispute);
    expect(hooks.map((h) => h.status)).not.toContain('DEBITED');
    p.advance(25 * DAY);
    expect((await p.both('disp201', id)).status).toBe('WON');
  });

  it('after an accept, list and status both say DEBITED with the same statement entry', async () => {
    const p = partner(3);
    const id = String((await p.list('disp204')).dispute_id);
    expect((await p.respond(id, 'ACCEPT')).data.status).toBe('DEBITED');
    const item = await p.both('disp204', id);
    expect(item.status).toBe('DEBITED');
    expect(item.statement_entry_id).toBeTruthy();
  });

  it('left unanswered past respond_by, is DEBITED in both, and an answer then is code 4 with it as it stands', async () => {
    const p = partner(4);
    const id = String((await p.list('disp203')).dispute_id);
    p.advance(5 * DAY);
    const item = await p.both('disp203', id);
    expect([item.status, item.outcome]).toEqual(['DEBITED', 'NOT_ANSWERED']);
    const late = await p.respond(id, 'CONTEST');
    expect(late.response_code).toBe(4);
    expect(late.data).toEqual(item);
    // Nothing changed: both still report the debit.
    expect(await p.both('disp203', id)).toEqual(item);
  });

  it('answers a second answer code 4 with the dispute as the first left it', async () => {
    const p = partner(5);
    const id = String((await p.list('disp749')).dispute_id);
    // The session holds disp749's dispute, OPEN: its test value's hand-written code 4 is not the answer.
    expect((await p.respond(id, 'CONTEST')).response_code).toBe(1);
    const again = await p.respond(id, 'ACCEPT');
    expect(again.response_code).toBe(4);
    expect(again.data.status).toBe('CONTESTED');
    expect((await p.both('disp749', id)).status).toBe('CONTESTED');
  });
});
