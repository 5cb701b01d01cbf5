/**
 * How the search box (src/theme/SearchBar) runs queries, one at a time: while one runs, only the
 * newest text waits its turn, so a fast typist's intermediate words are never searched. Each query
 * shows its results at once (titles, from the titles file) and fetches their excerpts (a fragment
 * per page) only once the reader has paused: typing "cash withdrawal" a key at a
 * time would otherwise fetch excerpts for every word on the way, more than the index itself. A last
 * word of fewer than four letters waits for a pause or its next letter (`endsInShortWord`).
 *
 * It ships in the engine's chunk (src/theme/SearchBar/engine.ts), loaded on first use with
 * Pagefind, so no page pays for it on load. tests/unit/search-runner.test.ts runs it on a fake
 * search.
 */
import type {FoundPages, SearchHit} from './query';

/**
 * A pause in typing this long means the reader has stopped at this query: fetch its excerpts. The
 * first pages' fragments (core/search/box.ts EXCERPT_PAGES) are worth waiting for: at 300 ms a typist
 * slower than three keys a second, or a busy machine, fetched them for a word on the way too.
 */
export const EXCERPT_DELAY_MS = 400;

/**
 * A last word shorter than this, still being typed, is searched only once the reader pauses. Pagefind
 * fetches every index chunk holding a word that starts with the query's words, and its ten chunks
 * split the alphabet where they fall: a prefix of two or three letters often spans two of them
 * ("ca": the chunk ending at "call" and the one starting at "callb"; "wi": "thei-with" and "withd-"),
 * and the next letter needs only one: typing "cash withdrawal" fetched two whole chunks on the way
 * that the query never needed (the figures are in the commit that added this).
 */
export const SHORT_WORD = 4;

/** A pause this long means the reader stopped at a short word ("IIN", "UPI", "code 14"): search it. */
export const TYPING_PAUSE_MS = 200;

/** Whether `text` ends in a word still being typed that is short enough to wait (see SHORT_WORD). */
export function endsInShortWord(text: string): boolean {
  const last = /(\S+)$/.exec(text)?.[1];
  return last !== undefined && last.length < SHORT_WORD;
}

/** What the runner tells the box. */
export interface RunnerOutput {
  /**
   * Shows `hits` for `text`; `pending`: their excerpts are still to come; `excerpts`: the same hits
   * as shown, now with excerpts, so the reader's selection stays; `total`: how many pages matched
   * in all (more than `hits` when the search was limited).
   */
  show(hits: readonly SearchHit[], text: string, pending: boolean, excerpts: boolean, total: number): void;
  /** The engine or a query failed. */
  fail(): void;
}

/**
 * Returns `run(text)`: each call replaces the text waiting; results and failures go to `output`.
 * The box passes the text worth searching (core/search/box.ts `searchText`): '' finds nothing.
 */
export function queryRunner(
  search: (text: string) => Promise<FoundPages>,
  output: RunnerOutput,
  delayMs = EXCERPT_DELAY_MS,
  pauseMs = TYPING_PAUSE_MS,
): (query: string) => void {
  let running = false;
  let waiting: string | null = null;
  /** Ends the current pause early: set while one runs, called when new text comes in. */
  let wake: (() => void) | null = null;
  /** Waits `ms` for the reader to pause; true when newer text came in meanwhile. */
  const interrupted = async (ms: number): Promise<boolean> => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wake = null;
    return waiting !== null;
  };
  const loop = async (): Promise<void> => {
    for (let next = waiting; next !== null; next = waiting) {
      const text = next;
      waiting = null;
      if (endsInShortWord(text) && (await interrupted(pauseMs))) continue;
      try {
        const found = await search(text);
        if (waiting !== null) continue; // newer text came in: show its results instead
        if (found.quick) {
          output.show(found.quick, text, found.quick.length > 0, false, found.total);
          if (!found.quick.length || (await interrupted(delayMs))) continue;
        }
        const complete = await found.complete();
        if (waiting !== null) continue;
        output.show(complete, text, false, found.quick !== undefined, found.total);
      } catch {
        output.fail();
      }
    }
    running = false;
  };
  return (text) => {
    waiting = text;
    wake?.();
    if (running) return;
    running = true;
    void loop();
  };
}
