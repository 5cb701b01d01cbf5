/**
 * Where inline code may break across lines (issue 34): a name (`X-Signature`, `response_code`,
 * `AEPS_TRANSACTION_UPDATE`) never does, neither inside a word nor after a hyphen or an underscore;
 * code of several words breaks at its spaces; a path or URL after a `/`, only where the line
 * cannot hold the rest. Inline code is `white-space: nowrap` (src/css/custom.css), so a browser
 * breaks it only at the <wbr> put after each run here, by plugins/code-breaks for the MDX pages and by
 * <BreakableName> for the components. A run longer than any name (a token, base64, JSON) is a value,
 * not a name: it may break anywhere (class VALUE_CLASS), or it would widen its table past the screen.
 */

/** A run longer than this (between spaces and a path's slashes) is a value, not a name. */
export const LONGEST_NAME = 32;

/** The class of the span around a value (src/css/custom.css): it may break anywhere. */
export const VALUE_CLASS = 'rr-value';

/** A URL (`https://…`, `upi://…`) or an absolute path (`/service/aeps/withdrawal`). */
const PATH = /^(?:[a-z][\w+.-]*:\/\/|\/)/i;

/** After a path's `/`, not inside `//` nor after a leading `/` (`POST /|service` would split a name). */
const AFTER_SLASH = /(?<=[^/]\/)(?=[^/])/;

/**
 * The runs of inline code between the places it may break, each ending in its space or `/`:
 * `POST /service/aeps/get-balance` is `['POST ', '/service/', 'aeps/', 'get-balance']`,
 * `X-Webhook-Id` is one run. Joined, the runs are the text unchanged.
 */
export function codeRuns(text: string): string[] {
  return text.split(/(?<=\s)(?=\S)/).flatMap((word) => (PATH.test(word) ? word.split(AFTER_SLASH) : [word]));
}

/** True for a run longer than any name (a token, base64, JSON): it may break anywhere. */
export const isValue = (run: string): boolean => run.trim().length > LONGEST_NAME;
