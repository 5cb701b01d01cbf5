import {describe, expect, it} from 'vitest';
import {closest, editDistance} from '#core/util/closest';

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('withdrawl', 'withdrawal')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('closest', () => {
  const ids = ['aeps-balance-enquiry', 'aeps-cash-withdrawal', 'aeps-daily-2fa', 'aeps-airtel-cash-withdrawal'];

  it('puts the nearest first and leaves out names too far to be a typo', () => {
    expect(closest('aeps-cash-withdrawl', ids)).toEqual(['aeps-cash-withdrawal', 'aeps-airtel-cash-withdrawal']);
    expect(closest('bbps-bill-payment', ids)).toEqual([]);
  });

  it('never suggests the name itself and honours the limit', () => {
    expect(closest('aeps-daily-2fa', ['aeps-daily-2fa', 'aeps-daily-2fb', 'aeps-daily-3fb'], 1)).toEqual([
      'aeps-daily-2fb',
    ]);
  });
});
