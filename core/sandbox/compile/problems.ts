/**
 * The problems of one scenarios compile, collected from every phase and reported at once. Each is one
 * line (or a few) starting with where it is: `file:line: ...`.
 */
export interface Problems {
  /** `where: message`; `where` is `file:line` or a file name. */
  add(where: string, message: string): void;
  /** Lines already complete with their place (YAML parse errors). */
  addLines(lines: readonly string[]): void;
  /** How many so far: a phase compares it before and after to know whether it added any. */
  count(): number;
  list(): string[];
}

export function createProblems(): Problems {
  const lines: string[] = [];
  return {
    add: (where, message) => void lines.push(`${where}: ${message}`),
    addLines: (more) => void lines.push(...more),
    count: () => lines.length,
    list: () => [...lines],
  };
}
