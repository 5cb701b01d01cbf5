/**
 * The sandbox's test clock (`npm run sandbox -- --test-clock`, openapi/DECISIONS.md "The sandbox's
 * clock in tests"): the engine's time is the machine's plus an offset that `POST /__sandbox/clock`
 * with `{"advance_seconds": N}` moves on, so a journey that waits out a bank's answer, a batch or an
 * escalation bound takes no real time. Outside the contract: its own small OpenAPI document is
 * openapi/journeys/sandbox-clock.openapi.yaml.
 */
import type {Clock} from '#core/sandbox/engine';
import type {Control} from './sandbox-http';

export const CLOCK_PATH = '/__sandbox/clock';
/** The longest single step: 31 days, more than any bound or window of the behaviour model. */
export const MAX_ADVANCE_SECONDS = 31 * 24 * 60 * 60;

const ADVANCE_HELP = `Send {"advance_seconds": N}, N a whole number of seconds from 1 to ${MAX_ADVANCE_SECONDS}`;

/** A clock that only moves on by `advance` (besides real time), and the control call that advances it. */
export function testClock(real: () => number = Date.now): {clock: Clock; control: Control} {
  let offsetMs = 0;
  const clock: Clock = {now: () => real() + offsetMs};
  const answer = (): {status: number; body: unknown} => ({
    status: 200,
    body: {now: new Date(clock.now()).toISOString(), advanced_seconds: offsetMs / 1000},
  });
  const control: Control = (method, url, body) => {
    if (url.split('?')[0] !== CLOCK_PATH) return undefined;
    if (method !== 'POST') return {status: 405, body: {error: `${CLOCK_PATH} takes POST {"advance_seconds": N}`}};
    let seconds: unknown;
    try {
      seconds = (JSON.parse(body) as {advance_seconds?: unknown}).advance_seconds;
    } catch {
      return {status: 400, body: {error: `The body is not JSON. ${ADVANCE_HELP}.`}};
    }
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > MAX_ADVANCE_SECONDS)
      return {status: 400, body: {error: `advance_seconds is ${JSON.stringify(seconds)}. ${ADVANCE_HELP}.`}};
    offsetMs += seconds * 1000;
    return answer();
  };
  return {clock, control};
}
