/** scripts/lib/test-clock.ts: `POST /__sandbox/clock` moves the sandbox's time on, and refuses anything else with the fix. */
import {describe, expect, it} from 'vitest';
import {testClock} from '../../scripts/lib/test-clock';

describe('the sandbox test clock', () => {
  it('moves the clock on by advance_seconds and says where it stands', async () => {
    const {clock, control} = testClock(() => Date.UTC(2026, 11, 2, 3, 0, 0));
    expect(await control('POST', '/__sandbox/clock', '{"advance_seconds": 90}')).toEqual({
      status: 200,
      body: {now: '2026-12-02T03:01:30.000Z', advanced_seconds: 90},
    });
    expect(clock.now()).toBe(Date.UTC(2026, 11, 2, 3, 1, 30));
    expect(await control('POST', '/api/v1/service/payout/orders', '{}')).toBeUndefined();
  });

  it('refuses a step that is not a whole number of seconds, naming the fix', async () => {
    const {clock, control} = testClock(() => 0);
    expect(await control('POST', '/__sandbox/clock', '{"advance_seconds": 1.5}')).toEqual({
      status: 400,
      body: {
        error: 'advance_seconds is 1.5. Send {"advance_seconds": N}, N a whole number of seconds from 1 to 2678400.',
      },
    });
    expect(clock.now()).toBe(0);
  });
});
