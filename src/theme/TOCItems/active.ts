/**
 * Which entry of the table of contents is active (issue 24), as a pure function of where the
 * headings stand. Only the main column's headings count: a heading in a sticky column (the code
 * samples beside an operation's fields) stays near the top of the window whatever is read, and
 * would hold the highlight.
 */

export interface HeadingTop {
  readonly id: string;
  /** Distance from the top of the window, in px (getBoundingClientRect().top). */
  readonly top: number;
}

/**
 * The last heading at or above `line` (the navbar's bottom plus a little), or the first heading
 * when none is above it yet; undefined without headings. At the bottom of the page (`atEnd`), the
 * last heading: a short last section never reaches the line.
 */
export function activeHeading(headings: readonly HeadingTop[], line: number, atEnd = false): string | undefined {
  if (atEnd) return headings.at(-1)?.id;
  let active = headings[0]?.id;
  for (const h of headings) {
    if (h.top > line) break;
    active = h.id;
  }
  return active;
}
