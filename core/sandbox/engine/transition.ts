/**
 * The answer headers of a transition window (openapi/DECISIONS.md, versioning policy): an old form
 * still accepted until its sunset is answered with `Deprecation` (RFC 9745: `@` and the Unix seconds
 * from which it is deprecated) and `Sunset` (RFC 8594: the HTTP date from which it stops working), so
 * a client's logs show what to change and by when, long before anything is refused.
 */

/** The day the 1.4.0 transitions began: release 1.4.0's date in openapi/releases/notes.yaml (a test ties them). */
export const DEPRECATED_SINCE_1_4_0 = '2026-12-01';

/** The day the token form without `kid`, `exp` and `aud` was deprecated: release 1.3.0's date (a test ties them). */
export const DEPRECATED_SINCE_1_3_0 = '2026-11-27';

/** Start of a day in India time, in epoch milliseconds. */
const istMidnight = (day: string): number => Date.parse(`${day}T00:00:00+05:30`);

/** The first instant after a sunset day (IST), when the old form stops working. */
export const sunsetEndMs = (sunset: string): number => istMidnight(sunset) + 86_400_000;

/** Whether the old form still works at `nowMs`. */
export const withinWindow = (sunset: string, nowMs: number): boolean => nowMs < sunsetEndMs(sunset);

/** `Deprecation` and `Sunset` for an old form with this sunset day. */
export function transitionHeaders(sunset: string, since = DEPRECATED_SINCE_1_4_0): Record<string, string> {
  return {
    Deprecation: `@${istMidnight(since) / 1000}`,
    Sunset: new Date(sunsetEndMs(sunset)).toUTCString(),
  };
}

/**
 * What is wrong when an answer carries a transition's headers, for the checks that run the site's own
 * code against the sandbox (blog blocks, the Postman collection, certify's fixtures: issue 32): code
 * we publish must use today's forms, so an old form the sandbox still accepts fails there long before
 * its sunset. `where` names the code (file:line, a request's name); undefined when there is nothing.
 */
export function deprecatedFormProblem(
  where: string,
  headers: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const {Deprecation: deprecation, Sunset: sunset} = headers;
  if (deprecation === undefined && sunset === undefined) return undefined;
  return `${where}: the sandbox answered with Deprecation ${deprecation ?? '(none)'} and Sunset ${sunset ?? '(none)'}, so this code uses an old form that stops working at the sunset. Fix: use today's form (the token and request signatures of /HeaderMarkdown, the fields of the operation's reference).`;
}
