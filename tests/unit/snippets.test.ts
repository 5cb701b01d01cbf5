import {describe, expect, it} from 'vitest';
import {generateSamples, type SampleCall} from '#core/code/snippets';
import {SAMPLE_LANGUAGES} from '#core/code/languages';

const BASE = 'https://sandbox.rupeerail.example/api/v1';
const SEND: SampleCall = {
  operationId: 'sms-send',
  request: {
    method: 'POST',
    url: `${BASE}/service/sms/send`,
    query: [],
    body: {referenceid: 'RR-1', mobile: '9000000001'},
  },
  status: {method: 'POST', url: `${BASE}/service/sms/status`, query: [], body: {referenceid: 'RR-1'}},
};
const code = (call: SampleCall, lang: string): string => generateSamples(call).find((s) => s.lang === lang)?.code ?? '';

describe('generateSamples', () => {
  const samples = generateSamples(SEND);

  it('produces one sample per registered language, in registry order', () => {
    expect(samples.map((s) => s.lang)).toEqual(SAMPLE_LANGUAGES.map((l) => l.id));
    expect(samples.map((s) => s.prism)).toEqual(SAMPLE_LANGUAGES.map((l) => l.prism));
  });

  it('labels a request cURL and a hand-written shell script Shell, under one tab value', () => {
    const shell = SAMPLE_LANGUAGES.find((l) => l.id === 'curl');
    expect([samples[0]?.label, shell?.scriptLabel]).toEqual(['cURL', 'Shell']);
  });

  it('writes the exact cURL sample: the wrapper, the body as sent, the status call', () => {
    expect(samples[0]?.code).toBe(
      [
        '# Needs rupeerail.sh, the client wrapper of /docs/v1/client-wrapper, in this folder.',
        '. ./rupeerail.sh',
        "body=$(cat <<'JSON'",
        '{',
        '  "referenceid": "RR-1",',
        '  "mobile": "9000000001"',
        '}',
        'JSON',
        ')',
        '# No answer, or response_code 5: the wrapper asks the status call instead of sending again.',
        `rr_call POST '${BASE}/service/sms/send' "$body" \\`,
        `  POST '${BASE}/service/sms/status' '{"referenceid":"RR-1"}'`,
      ].join('\n'),
    );
  });

  it('writes the exact Python sample, the body as a dict literal', () => {
    expect(code(SEND, 'python')).toBe(
      [
        '# Needs rupeerail.py, the client wrapper of /docs/v1/client-wrapper, beside this file.',
        'import json',
        'from rupeerail import call',
        '',
        'answer = call(',
        '    {',
        '        "method": "POST",',
        `        "url": "${BASE}/service/sms/send",`,
        '        "body": {',
        '            "referenceid": "RR-1",',
        '            "mobile": "9000000001",',
        '        },',
        '    },',
        '    # No answer, or response_code 5: the wrapper asks the status call instead of sending again.',
        `    {"method": "POST", "url": "${BASE}/service/sms/status", "body": {"referenceid": "RR-1"}},`,
        ')',
        'print(json.dumps(answer, indent=2, ensure_ascii=False))',
      ].join('\n'),
    );
  });

  it('no sample holds a token placeholder, and none calls EnsureSuccessStatusCode or drops a Go error', () => {
    for (const s of samples) expect(s.code, s.label).not.toMatch(/YOUR_JWT|EnsureSuccessStatusCode|, _ :?=/);
  });

  it('marks a signed call and a call needing the secret proof in every language', () => {
    const flagged: SampleCall = {
      operationId: 'payout-create-order',
      request: {...SEND.request, signed: true, secretProof: true},
    };
    const marks: Record<string, [string, string]> = {
      curl: ['RR_SIGNED=1', 'RR_SECRET_PROOF=1'],
      node: ['signed: true', 'secretProof: true'],
      python: ['"signed": True', '"secret_proof": True'],
      php: ["'signed' => true", "'secret_proof' => true"],
      java: ['.withSignature()', '.withSecretProof()'],
      csharp: ['Signed = true', 'SecretProof = true'],
      go: ['Signed: true', 'SecretProof: true'],
    };
    for (const s of generateSamples(flagged))
      for (const mark of marks[s.lang] ?? ['missing']) expect(s.code, s.lang).toContain(mark);
    for (const s of samples) for (const mark of marks[s.lang] ?? []) expect(s.code, s.lang).not.toContain(mark);
  });

  it('says when the status call needs an id only its answer gives, and says nothing without a status call', () => {
    const unfilled = {
      operationId: 'common-escalation-raise',
      request: SEND.request,
      unfilledStatus: 'common-escalation-status',
    };
    expect(code(unfilled, 'node')).toContain(
      '// common-escalation-status needs an id only its answer gives: on no answer or code 5 the wrapper stops.',
    );
    expect(code(unfilled, 'go')).toContain('\tvar status *Request\n\tanswer, err := Call(request, status)');
    const plain = code({operationId: 'sms-send', request: SEND.request}, 'go');
    expect(plain).toContain('answer, err := Call(request, nil)');
    expect(plain).not.toContain('status');
  });

  it('sends query strings for GET look-ups, encoded by httpsnippet', () => {
    const get: SampleCall = {
      operationId: 'common-district-list',
      request: {method: 'GET', url: 'https://x.example/v1/common/district', query: [{name: 'q', value: 'a b'}]},
    };
    expect(code(get, 'curl')).toContain("rr_call GET 'https://x.example/v1/common/district?q=a%20b' ''");
  });

  it('refuses a body its raw string form cannot carry, naming the operation and the fix', () => {
    const tick: SampleCall = {operationId: 'sms-send', request: {...SEND.request, body: {note: 'a `b`'}}};
    expect(() => generateSamples(tick)).toThrow(
      "sms-send: the example body holds a backquote, which the Go sample's raw string cannot carry. Fix: change the example in openapi/, or teach core/code/client.ts to escape it.",
    );
  });
});
