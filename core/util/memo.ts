/**
 * Results kept by the JSON of what they were made from, for work the dev server repeats on every
 * reload with mostly the same input (a contract edit changes one operation; the changelog's diff,
 * the sandbox's validators and the highlighted trees of the others are as before). The newest
 * `limit` results are kept. Callers treat a result as read-only: it is handed out again.
 */
export type Memo = <T>(input: unknown, make: () => T) => T;

/**
 * A memo for the dev server, which loads the same things again on every edit; none in a build
 * (`NODE_ENV=production`), which loads each once: there it would only hold memory.
 */
export function createReloadMemo(): Memo {
  return createMemo(process.env.NODE_ENV === 'production' ? 0 : undefined);
}

export function createMemo(limit = 10_000): Memo {
  // Nothing kept: the input is not even serialised.
  if (limit === 0) return <T>(_input: unknown, make: () => T): T => make();
  const kept = new Map<string, unknown>();
  return <T>(input: unknown, make: () => T): T => {
    const key = JSON.stringify(input);
    if (kept.has(key)) {
      const hit = kept.get(key) as T;
      // Most recently used last, so the oldest is the first key.
      kept.delete(key);
      kept.set(key, hit);
      return hit;
    }
    const made = make();
    kept.set(key, made);
    if (kept.size > limit) kept.delete(kept.keys().next().value as string);
    return made;
  };
}
