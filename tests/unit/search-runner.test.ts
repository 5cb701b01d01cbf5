import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {FoundPages, SearchHit} from '#core/search/query';
import {endsInShortWord, EXCERPT_DELAY_MS, queryRunner, TYPING_PAUSE_MS} from '#core/search/runner';

const hit = (title: string, excerpt = ''): SearchHit => ({
  title,
  kind: 'guide',
  url: `/${title}`,
  excerpt,
  excerptParts: [],
  sections: [],
});

/** A search that answers when the test says, and records what it was asked. */
function fakeSearch() {
  const asked: string[] = [];
  const answers: ((found: FoundPages) => void)[] = [];
  const search = (text: string) => {
    asked.push(text);
    return new Promise<FoundPages>((resolve) => answers.push(resolve));
  };
  const found = (text: string): FoundPages => ({
    total: 1,
    quick: [hit(text)],
    complete: () => Promise.resolve([hit(text, 'with excerpt')]),
  });
  return {asked, search, answer: (i: number, text: string) => answers[i]!(found(text))};
}

function recorder() {
  const shown: string[] = [];
  return {
    shown,
    output: {
      show: (hits: readonly SearchHit[], text: string, pending: boolean, excerpts: boolean) =>
        shown.push(`${text}: ${hits.map((h) => h.excerpt || h.title).join()} pending=${pending} excerpts=${excerpts}`),
      fail: () => shown.push('failed'),
    },
  };
}

describe('search box: running queries', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows titles at once and fetches excerpts once the reader pauses', async () => {
    const {search, answer} = fakeSearch();
    const {shown, output} = recorder();
    queryRunner(search, output)('aeps');
    answer(0, 'aeps');
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual(['aeps: aeps pending=true excerpts=false']);
    await vi.advanceTimersByTimeAsync(EXCERPT_DELAY_MS);
    expect(shown).toEqual(['aeps: aeps pending=true excerpts=false', 'aeps: with excerpt pending=false excerpts=true']);
  });

  it('searches only the newest text typed while a query runs, and no excerpts for the words on the way', async () => {
    const {asked, search, answer} = fakeSearch();
    const {shown, output} = recorder();
    const run = queryRunner(search, output);
    run('cash');
    run('cash ');
    run('cash wit');
    answer(0, 'cash');
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(['cash']);
    expect(shown).toEqual([]);
    // "wit" is a short last word: searched once the reader pauses.
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS);
    expect(asked).toEqual(['cash', 'cash wit']);
    answer(1, 'cash wit');
    await vi.advanceTimersByTimeAsync(0);
    run('cash withd');
    await vi.advanceTimersByTimeAsync(EXCERPT_DELAY_MS);
    expect(asked).toEqual(['cash', 'cash wit', 'cash withd']);
    expect(shown).toEqual(['cash wit: cash wit pending=true excerpts=false']);
  });

  it('waits for a pause or a fourth letter before searching a short last word', async () => {
    const {asked, search} = fakeSearch();
    const {output} = recorder();
    const run = queryRunner(search, output);
    run('ca');
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS - 50);
    run('cas');
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS - 50);
    run('cash');
    await vi.advanceTimersByTimeAsync(0);
    // "ca" and "cas" span index chunks "cash" does not need: never searched.
    expect(asked).toEqual(['cash']);
    expect([
      endsInShortWord('IIN'),
      endsInShortWord('code 14'),
      endsInShortWord('BBPS'),
      endsInShortWord('iin '),
    ]).toEqual([true, true, false, false]);
  });

  it('shows no results for an empty text, and reports a failure and goes on', async () => {
    const {shown, output} = recorder();
    const asked: string[] = [];
    const run = queryRunner((text) => {
      asked.push(text);
      return text
        ? Promise.reject(new Error('offline'))
        : Promise.resolve({total: 0, quick: [], complete: () => Promise.resolve([])});
    }, output);
    run('');
    await vi.advanceTimersByTimeAsync(0);
    run('aeps');
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(['', 'aeps']);
    expect(shown).toEqual([':  pending=false excerpts=false', 'failed']);
  });
});
