/**
 * core/util/name-breaks and its two renderers: where inline code may break (issue 34). The break
 * points are markup (a <wbr>), and a name has none, so a browser that keeps inline code `nowrap`
 * (src/css/custom.css) never breaks it inside a word or after a hyphen or an underscore.
 */
import {describe, expect, it} from 'vitest';
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {codeRuns, isValue, LONGEST_NAME} from '#core/util/name-breaks';
import BreakableName from '../../src/components/BreakableName';

describe('codeRuns', () => {
  it('keeps a name whole: no run ends after a hyphen, an underscore or a dot', () => {
    for (const name of [
      'X-Signature',
      'Content-Digest',
      'AEPS_TRANSACTION_UPDATE',
      'data.errors[].field',
      'X-Webhook-Secret-Proof',
    ])
      expect(codeRuns(name)).toEqual([name]);
  });

  it('breaks code after its spaces, a path, URL or media type after each `/`, a long dotted name after its dots', () => {
    expect(codeRuns('POST /service/aeps/get-balance')).toEqual(['POST ', '/service/', 'aeps/', 'get-balance']);
    expect(codeRuns('https://sandbox.rupeerail.example/api/v1')).toEqual([
      'https://',
      'sandbox.',
      'rupeerail.',
      'example/',
      'api/',
      'v1',
    ]);
    expect(codeRuns('application/json')).toEqual(['application/', 'json']);
    expect(codeRuns('components.securitySchemes.partnerJwt')).toEqual([
      'components.',
      'securitySchemes.',
      'partnerJwt',
    ]);
    expect(codeRuns('Authorization: Bearer <JWT>')).toEqual(['Authorization: ', 'Bearer ', '<JWT>']);
    // Not one value broken anywhere (`<X-Webhook-|Timestamp>` on /docs/v1/webhooks at 390 px).
    expect(codeRuns('<X-Webhook-Id>.<X-Webhook-Timestamp>.<raw body>')).toEqual([
      '<X-Webhook-Id>.',
      '<X-Webhook-Timestamp>.',
      '<raw ',
      'body>',
    ]);
  });

  it('gives back the text unchanged when joined', () => {
    const text = 'GET /service/payout/contacts/{contactId}/deactivate?x=1  and  upi://pay?pa=a@b';
    expect(codeRuns(text).join('')).toBe(text);
  });

  it(`calls a run longer than ${LONGEST_NAME} characters, or a long one no name holds, a value`, () => {
    expect(isValue('x'.repeat(LONGEST_NAME))).toBe(false);
    expect(isValue('x'.repeat(LONGEST_NAME + 1))).toBe(true);
    expect(isValue(`${'x'.repeat(LONGEST_NAME)} `)).toBe(false);
    expect(isValue('aeps-airtel-transaction-status')).toBe(false);
    expect(isValue('TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:')).toBe(true);
    expect(isValue('a=1')).toBe(false);
  });
});

describe('<BreakableName>', () => {
  const html = (name: string): string => renderToStaticMarkup(createElement(BreakableName, {name}));

  it('renders a name as its text alone: nothing a browser could break at', () => {
    expect(html('Content-Digest')).toBe('Content-Digest');
    expect(html('AEPS_TRANSACTION_UPDATE')).toBe('AEPS_TRANSACTION_UPDATE');
  });

  it("puts a <wbr> after a space and after a path's `/`, and a value in a span that may break anywhere", () => {
    expect(html('POST /service/aeps/get-balance')).toBe('POST <wbr/>/service/<wbr/>aeps/<wbr/>get-balance');
    const token = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9eyJhbGciOiJIUzI1NiJ9';
    expect(html(`Bearer ${token}`)).toBe(`Bearer <wbr/><span class="rr-value">${token}</span>`);
  });
});
