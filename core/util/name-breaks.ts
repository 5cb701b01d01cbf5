/**
 * Where inline code may break across lines (issue 34): a name (`X-Signature`, `response_code`,
 * `AEPS_TRANSACTION_UPDATE`) never does, neither inside a word nor after a hyphen or an underscore;
 * code of several words breaks at its spaces; a path, a URL or a media type after a `/` (and a long
 * dotted name, a host, after its dots), only where the line cannot hold the rest. Inline code is
 * `white-space: nowrap` (src/css/custom.css), so a browser breaks it only at the <wbr> put after
 * each run here, by plugins/code-breaks for the MDX pages and by <BreakableName> for the
 * components. A value (a token, base64, a key=value) is not a name: it may break anywhere (class
 * VALUE_CLASS), or it would widen its table past the screen.
 */

/** A run longer than this (between spaces, slashes and dots) is a value, not a name. */
export const LONGEST_NAME = 32;

/**
 * Longer than this, a run breaks after a dot before a letter or a `<` (`sandbox.|rupeerail.|example/`,
 * `<X-Webhook-Id>.|<X-Webhook-Timestamp>`); `data.errors` stays whole.
 */
const LONG_DOTTED = 20;

/** The class of the span around a value (src/css/custom.css): it may break anywhere. */
export const VALUE_CLASS = 'rr-value';

/** After a `/` followed by more, but not after a leading one (`POST /|service` would split a name). */
const AFTER_SLASH = /(?<=.\/)(?=[^/])/;

/**
 * The runs of inline code between the places it may break, each ending in its space, `/` or dot:
 * `POST /service/aeps/get-balance` is `['POST ', '/service/', 'aeps/', 'get-balance']`,
 * `X-Webhook-Id` is one run. Joined, the runs are the text unchanged.
 */
export function codeRuns(text: string): string[] {
  return text
    .split(/(?<=\s)(?=\S)/)
    .flatMap((word) => word.split(AFTER_SLASH))
    .flatMap((run) => (run.length > LONG_DOTTED ? run.split(/(?<=\.)(?=[a-z<])/i) : [run]));
}

/**
 * True for a run longer than any name, or one of more than 16 characters a name does not hold
 * (`=`, `+`, quotes: base64, a key=value, JSON): it may break anywhere.
 */
export function isValue(run: string): boolean {
  const text = run.trim();
  return text.length > LONGEST_NAME || (text.length > 16 && /[^\w.\-[\]{}<>:/@]/.test(text));
}
