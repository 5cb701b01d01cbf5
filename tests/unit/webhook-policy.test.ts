import {describe, expect, it} from 'vitest';
import {ackRule, RETRY_AFTER_MINUTES, retryScheduleText} from '#core/contract/webhook-policy';

describe('webhook delivery policy', () => {
  it('states the retry schedule the constant holds: 1, 5, 15, 60 minutes, then every 3 hours to 24 hours', () => {
    expect(RETRY_AFTER_MINUTES.slice(0, 4)).toEqual([1, 5, 15, 60]);
    const later = RETRY_AFTER_MINUTES.slice(4);
    expect(later.every((m, i) => m === 180 + i * 180)).toBe(true);
    expect(later.at(-1)).toBe(24 * 60);
    expect(retryScheduleText()).toBe(
      'after 1, 5, 15 and 60 minutes, then every 3 hours until 24 hours after the first attempt',
    );
  });

  it('accepts any 2xx and names the dedupe key', () => {
    expect(ackRule(10)).toMatch(/^Answer with any 2xx status within 10 seconds/);
    expect(ackRule(10)).toContain('skip an X-Webhook-Id you have already processed');
  });
});
