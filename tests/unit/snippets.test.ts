import {describe, expect, it} from 'vitest';
import {generateSamples} from '#core/code/snippets';
import {SAMPLE_LANGUAGES} from '#core/code/languages';

describe('generateSamples', () => {
  const samples = generateSamples({
    method: 'POST',
    url: 'https://sandbox.rupeerail.example/api/v1/service/sms/send',
    query: [],
    body: {referenceid: 'RR-1', mobile: '9000000001'},
  });

  it('produces one sample per registered language, in registry order', () => {
    expect(samples.map((s) => s.lang)).toEqual(SAMPLE_LANGUAGES.map((l) => l.id));
    expect(samples.map((s) => s.prism)).toEqual(SAMPLE_LANGUAGES.map((l) => l.prism));
  });

  it('labels a request cURL and a hand-written shell script Shell, under one tab value', () => {
    const shell = SAMPLE_LANGUAGES.find((l) => l.id === 'curl');
    expect([samples[0]?.label, shell?.scriptLabel]).toEqual(['cURL', 'Shell']);
  });

  it('generates the exact cURL request, with the token placeholder', () => {
    expect(samples[0]?.code).toBe(
      [
        'curl --request POST \\',
        '  --url https://sandbox.rupeerail.example/api/v1/service/sms/send \\',
        "  --header 'Accept: application/json' \\",
        "  --header 'Authorization: Bearer YOUR_JWT' \\",
        "  --header 'Content-Type: application/json' \\",
        "  --data '",
        '{',
        '  "referenceid": "RR-1",',
        '  "mobile": "9000000001"',
        '}',
        "'",
      ].join('\n'),
    );
  });

  it('carries the bearer token header in every language', () => {
    for (const s of samples) expect(s.code, s.label).toContain('Bearer YOUR_JWT');
  });

  it('sends query strings for GET look-ups', () => {
    const [curl] = generateSamples({
      method: 'GET',
      url: 'https://x.example/v1/common/district',
      query: [{name: 'stateid', value: '27'}],
    });
    expect(curl?.code).toContain('https://x.example/v1/common/district?stateid=27');
  });
});
