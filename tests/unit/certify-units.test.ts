/** The certify tool's pure parts and its bad-input messages (issue 27), without the contract or a network. */
import {describe, expect, it} from 'vitest';
import {checkWebhookUrl, parseCertifyArgs, parseDuration} from '../../certify/src/args';
import {certifyClient, luhn, personalNumberIn} from '../../certify/src/client';
import type {ClientModel} from '../../certify/src/client-model';
import {AnswerTimeoutError, networkMessage, type Transport} from '../../certify/src/http';
import {junitXml, markdownReport} from '../../certify/src/report';
import {percentile} from '../../certify/src/timings';
import {CertifyInputError, type CertifyReport} from '../../certify/src/types';
import {certifyWebhook, changeOneByte} from '../../certify/src/webhook';
import {checklistRows, GO_LIVE_RULES, ruleById} from '#core/certify/rules';

const MODEL: ClientModel = {
  money: {},
  status: {},
  retry: {},
  polling: {firstAfterSeconds: 30, everySeconds: 60, fastForMinutes: 30, thenEveryMinutes: 15},
  iatToleranceSeconds: 300,
};

describe('arguments', () => {
  it('allows https anywhere and http only on this machine', () => {
    expect(checkWebhookUrl('https://partner.example.in/hook')).toBe('https://partner.example.in/hook');
    expect(checkWebhookUrl('http://localhost:3000/hook')).toBe('http://localhost:3000/hook');
    expect(() => checkWebhookUrl('http://partner.example.in/hook')).toThrow(
      '--webhook-url http://partner.example.in/hook is not allowed: deliveries go to https URLs only (http only to localhost, 127.0.0.1 or [::1], a development server). Fix: use the https URL of your endpoint.',
    );
    expect(() => checkWebhookUrl('not a url')).toThrow('--webhook-url "not a url" is not a URL.');
  });

  it('reads durations and refuses others', () => {
    expect(parseDuration('10m')).toBe(600_000);
    expect(parseDuration('90')).toBe(90_000);
    expect(() => parseDuration('ten')).toThrow(
      '--for "ten" is not a duration. Fix: a whole number with s, m or h, e.g. --for 10m.',
    );
  });

  it('needs one mode, and a secret for the webhook mode', () => {
    expect(() => parseCertifyArgs([], 4010)).toThrow('Choose a mode: --webhook-url URL --secret SECRET, or --client.');
    expect(() => parseCertifyArgs(['--webhook-url', 'https://a.example/h'], 4010)).toThrow('--secret is missing');
    expect(() => parseCertifyArgs(['--client', '--webhook-url', 'https://a.example/h'], 4010)).toThrow(
      'Choose one mode',
    );
    expect(() => parseCertifyArgs(['--client', '--port', '70000'], 4010)).toThrow(
      '--port must be a whole number from 0 to 65535, not "70000".',
    );
    expect(() => parseCertifyArgs(['--nope'], 4010)).toThrow(CertifyInputError);
    expect(parseCertifyArgs(['--client', '--for', '1m'], 4010).mode).toEqual({
      kind: 'client',
      port: 4010,
      forMs: 60_000,
    });
  });
});

describe('rules', () => {
  it('has unique ids and one checklist row per rule', () => {
    expect(new Set(GO_LIVE_RULES.map((r) => r.id)).size).toBe(GO_LIVE_RULES.length);
    expect(checklistRows().map((r) => r.id)).toEqual(GO_LIVE_RULES.map((r) => r.id));
  });

  it('names the ids there are for an unknown one', () => {
    expect(() => ruleById('webhook-nope')).toThrow(
      'core/certify/rules.ts has no rule "webhook-nope". Fix: use one of webhook-ack,',
    );
  });
});

describe('client checks', () => {
  it('refuses a recording with no traffic', () => {
    expect(() => certifyClient([], MODEL, 'http://127.0.0.1:4010/api/v1')).toThrow(
      'The recording has no traffic: no request reached http://127.0.0.1:4010/api/v1. Fix: point your client',
    );
  });

  it('finds personal numbers in URLs, not references', () => {
    // cspell:disable-next-line (a fictional PAN)
    expect(personalNumberIn('/api/v1/pan/ZZZPZ1234Z/status')).toBe('a PAN in the path');
    expect(personalNumberIn('/api/v1/x?aadhaar=999900000013')).toBe('an Aadhaar number in the query (aadhaar)');
    expect(personalNumberIn('/api/v1/x?c=4111111111111111')).toBe('a card number in the query (c)');
    expect(personalNumberIn('/api/v1/status?referenceid=RR-PO-20251114-000412&rrn=531810774520')).toBeUndefined();
    expect(luhn('4111111111111111')).toBe(true);
  });
});

describe('webhook bad input', () => {
  const run = (send: Transport) =>
    certifyWebhook({
      url: 'http://localhost:3000/hook',
      secret: 's',
      events: {final: '{"referenceid":"RR-PO-1-1","status":"SUCCESS"}', pending: '{"status":"PROCESSING"}'},
      clock: {now: () => 1_790_000_000_000},
      send,
      random: () => 'abcdef0123456789',
    });

  it('stops on a redirect, a hanging endpoint and an HTML page', async () => {
    await expect(
      run(() => Promise.resolve({status: 302, contentType: '', body: '', location: '/login'})),
    ).rejects.toThrow(
      'http://localhost:3000/hook answered HTTP 302, a redirect to /login. Deliveries are never redirected. Fix: pass the final URL with --webhook-url.',
    );
    await expect(run(() => Promise.reject(new AnswerTimeoutError('no answer within 10 seconds')))).rejects.toThrow(
      'did not answer a valid delivery within 10 seconds (it hangs)',
    );
    await expect(run(() => Promise.resolve({status: 200, contentType: 'text/html', body: '<html>'}))).rejects.toThrow(
      'answered a valid delivery with an HTML page',
    );
  });

  it('says what to fix for a refused connection and a TLS error', () => {
    expect(networkMessage('https://a.example/h', 'ECONNREFUSED', 'x')).toContain(
      'Nothing is listening at https://a.example/h',
    );
    expect(networkMessage('https://a.example/h', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'x')).toContain(
      'TLS error at https://a.example/h',
    );
  });

  it('changes exactly one byte', () => {
    expect(changeOneByte('{"a":10}')).toBe('{"b":10}');
  });
});

describe('reports', () => {
  const report: CertifyReport = {
    mode: 'webhook',
    target: 'http://localhost:3000/hook',
    results: [
      {rule: ruleById('webhook-ack'), passed: true, detail: 'HTTP 204 in 3 ms'},
      {
        rule: ruleById('webhook-wrong-secret'),
        passed: false,
        detail: 'HTTP 200 <ok>',
        evidence: {request: 'POST /hook', response: 'HTTP 200'},
      },
    ],
  };
  const ctx = {siteUrl: 'https://docs.rupeerail.example', productName: 'RupeeRail', apiVersion: '1.3.0'};

  it('writes JUnit with one case per check, escaped', () => {
    const xml = junitXml(report, ctx);
    expect(xml).toContain('<testsuite name="certify webhook" tests="2" failures="1">');
    expect(xml).toContain('<failure message="HTTP 200 &lt;ok&gt;">');
  });

  it('writes the Markdown report with each rule page', () => {
    const md = markdownReport(report, ctx, '2026-11-27');
    expect(md).toContain(
      'Run on 2026-11-27 against the webhook endpoint http://localhost:3000/hook, API 1.3.0. 2 checks: 1 passed, 1 failed.',
    );
    expect(md).toContain('](https://docs.rupeerail.example/docs/v1/webhooks)');
  });

  it('takes nearest-rank percentiles', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([], 95)).toBe(0);
  });
});
