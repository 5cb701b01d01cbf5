/**
 * "Did you mean": the known names nearest a mistyped one, by edit distance (Levenshtein: one
 * insertion, deletion or substitution each), closest first. Used by every guard rail that names an
 * unknown id, so the build, `lint:contract` and `check:content` suggest the same ids.
 */

export function editDistance(a: string, b: string): number {
  let previous = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * Up to `limit` candidates within a distance a reader would call a typo (a third of the longer
 * name, at least 2), closest first; ties keep the candidates' order.
 */
export function closest(name: string, candidates: Iterable<string>, limit = 3): string[] {
  return [...new Set(candidates)]
    .map((c, index) => ({c, index, d: editDistance(name, c)}))
    .filter(({c, d}) => d > 0 && d <= Math.max(2, Math.ceil(Math.max(name.length, c.length) / 3)))
    .sort((x, y) => x.d - y.d || x.index - y.index)
    .slice(0, limit)
    .map(({c}) => c);
}
