/**
 * A webhook's section in two columns on wide screens (issue 24): the payload example beside its
 * fields. The blocks keep their order (the page reads as its Markdown twin below that width); this
 * only says where the column of examples starts and ends. No imports: the page's bundle takes it.
 */

/** The blocks before the examples, the examples (the column), and the blocks after them. */
export interface Columns<B> {
  readonly main: readonly B[];
  readonly side: readonly B[];
  readonly after: readonly B[];
}

/** Splits at the first run of `examples` blocks; without one, everything is `main`. */
export function splitAtExamples<B extends {readonly kind: string}>(blocks: readonly B[]): Columns<B> {
  const first = blocks.findIndex((b) => b.kind === 'examples');
  if (first < 0) return {main: blocks, side: [], after: []};
  const end = blocks.findIndex((b, i) => i > first && b.kind !== 'examples');
  const stop = end < 0 ? blocks.length : end;
  return {main: blocks.slice(0, first), side: blocks.slice(first, stop), after: blocks.slice(stop)};
}
