/**
 * An escalation before its bound (core/sandbox/engine/overdue.ts, issue 32, 3): the engine over the
 * real scenarios with a clock the test moves. A payout PROCESSING and a micro-ATM withdrawal PENDING
 * are refused with code 24, naming the time from which the escalation is accepted, until the bound
 * of that state (openapi/behaviour/) has passed; then the same escalation opens.
 */
import fs from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {JsonObject} from '#core/sandbox/model';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {postingSandbox} from './sandbox-harness';
import {compiledContract, writtenSandbox} from '../helpers/contract';

const NOW = Date.parse('2026-11-27T01:00:00Z');
const {sandbox: compiled} = await compiledContract();
const dir = tempSandboxDir('overdue');
beforeAll(() => writtenSandbox(dir), 60_000);
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

type Answer = {response_code: number; message: string; data?: Record<string, unknown>};

function engine() {
  const {post, advance} = postingSandbox(compiled, dir, NOW, 32);
  return {post: (path: string, body: JsonObject) => post<Answer>(path, body), advance};
}

/** An IMPS payout order: amount 10202 stays PROCESSING past its bound, 10201 is paid in 30 seconds. */
const order = (referenceid: string, amount: number): JsonObject => ({
  referenceid,
  contact_id: 'cont_Q8m2Xh4Lp0Zr7T',
  amount,
  mode: 'IMPS',
  purpose: 'VENDOR_PAYMENT',
});

const escalation = (reason: string, service: string, referenceid: string): JsonObject => ({
  reason,
  service,
  referenceid,
  ...(reason === 'NETWORK_UNCONFIRMED' ? {bankrrn: '531810559034'} : {}),
  remarks: 'Not settled yet',
});

describe('an escalation before the bound of the state it is for', () => {
  it('refuses a payout processing for less than 24 hours with 24 and its time, and opens it after', async () => {
    const e = engine();
    expect((await e.post('/service/payout/orders', order('RR-OVERDUE-1', 10202))).response_code).toBe(2);
    e.advance(86_399);
    const early = await e.post('/common/escalation', escalation('PROCESSING_OVERDUE', 'payout', 'RR-OVERDUE-1'));
    expect(early).toMatchObject({
      response_code: 24,
      message:
        'Payout RR-OVERDUE-1 has been processing for less than 24 hours; escalate from 2026-11-28T06:30:00+05:30',
    });
    expect(early.data).toBeUndefined();
    e.advance(2);
    const opened = await e.post('/common/escalation', escalation('PROCESSING_OVERDUE', 'payout', 'RR-OVERDUE-1'));
    expect(opened.response_code).toBe(1);
    expect(opened.data?.status).toBe('OPEN');
  });

  it('refuses a micro-ATM withdrawal pending with the network before T + 5 days, and opens it after', async () => {
    const e = engine();
    const base = {referenceid: 'RR-OVERDUE-2', amount: 2000, device_serial: 'RRMPOS2207A0192'};
    const init = {...base, merchantcode: 'RRM000451', txntype: 'CW', mobilenumber: '9000000001'};
    expect(
      (await e.post('/service/matm/init', {...init, latitude: '19.076090', longitude: '72.877426'})).response_code,
    ).toBe(1);
    const update = {
      ...base,
      device_response_code: '00',
      card_last4: '0200',
      bankrrn: '531810559034',
      balanceamount: '12430.00',
      txn_time: '2025-11-14T10:44:19+05:30',
    };
    expect((await e.post('/service/matm/update', update)).response_code).toBe(2);
    const early = await e.post('/common/escalation', escalation('NETWORK_UNCONFIRMED', 'matm', 'RR-OVERDUE-2'));
    expect(early.response_code).toBe(24);
    expect(early.message).toBe(
      'Micro-ATM withdrawal RR-OVERDUE-2 has been pending with the card network for less than T + 5 days; escalate from 2026-12-02T06:30:00+05:30',
    );
    e.advance(432_000);
    expect(
      (await e.post('/common/escalation', escalation('NETWORK_UNCONFIRMED', 'matm', 'RR-OVERDUE-2'))).response_code,
    ).toBe(1);
  });

  it('leaves a transaction no longer in the state, or of another session, to the scenarios', async () => {
    const e = engine();
    expect((await e.post('/service/payout/orders', order('RR-OVERDUE-3', 10201))).response_code).toBe(2);
    e.advance(60);
    // SUCCESS by now: not PROCESSING, so no bound to wait for; the scenario answers.
    expect(
      (await e.post('/common/escalation', escalation('PROCESSING_OVERDUE', 'payout', 'RR-OVERDUE-3'))).response_code,
    ).toBe(1);
    // The documented test value of a payout not overdue yet still answers 24 from its scenario.
    expect(
      (await e.post('/common/escalation', escalation('PROCESSING_OVERDUE', 'payout', 'RR-ESC-0024'))).response_code,
    ).toBe(24);
  });
});
