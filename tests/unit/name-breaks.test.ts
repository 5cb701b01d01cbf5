import {describe, expect, it} from 'vitest';
import {nameRuns} from '#core/util/name-breaks';

describe('nameRuns', () => {
  it('splits after each separator, keeping it with the run before', () => {
    expect(nameRuns('X-Webhook-Timestamp')).toEqual(['X-', 'Webhook-', 'Timestamp']);
    expect(nameRuns('NETWORK_UNCONFIRMED')).toEqual(['NETWORK_', 'UNCONFIRMED']);
    expect(nameRuns('data.bank/list')).toEqual(['data.', 'bank/', 'list']);
  });

  it('keeps a one-word name whole', () => {
    expect(nameRuns('nationalbankidentification')).toEqual(['nationalbankidentification']);
  });
});
