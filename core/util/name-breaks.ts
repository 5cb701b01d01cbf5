/**
 * Where a long name may break across lines: after a separator (`_`, `-`, `/`, `.`), never inside a
 * word (issue 24: `Authorizatio|n`, `nationalbankidentificatio|n`). One rule for Markdown tables
 * (plugins/table-code, a <wbr> at each break) and the reference's field tables (<ParamTable>).
 */

/** After these a long run may break: a name's `_` and `-`, a URL's or a path's `/` and `.`. */
const BREAK_AFTER = /(?<=[_\-/.])/;

/**
 * The runs of `text` between the places it may break, each ending in its separator:
 * `X-Webhook-Id` is `['X-', 'Webhook-', 'Id']`; a name without a separator is one run.
 */
export function nameRuns(text: string): string[] {
  return text.split(BREAK_AFTER);
}
