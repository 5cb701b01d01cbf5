/**
 * The anchors of the rows of a field table (issue 24): `#request-amount`, `#response-data-utr`, so a
 * reader can link one field. Kept apart from ./tree.ts, which names the prefixes: the page's bundle
 * imports this file and nothing else of the core.
 */

/** `data.errors[].field` -> `data-errors-field`: lower case, one hyphen between words. */
export function anchorSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * One anchor per row, `<prefix>-<path or name>`, in row order; a repeat (the same path in two
 * branches of a `oneOf`) gets `-2`, `-3`, so every anchor on a page names one row.
 */
export function fieldAnchors(
  prefix: string,
  rows: readonly {readonly name: string; readonly path?: string}[],
): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = `${prefix}-${anchorSlug(row.path ?? row.name)}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  });
}
