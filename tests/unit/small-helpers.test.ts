import {describe, expect, it} from 'vitest';
import {parseInline} from '#core/markdown/inline';
import {statusLabel} from '#core/util/http';
import {filterIndex, indexCount, indexFamilies} from '#core/contract/filter';
import {apiIndexBlocks} from '#core/contract/component-sections';
import {defaultLabels} from '#core/contract/labels';
import {safePathname} from '../../src/client/safe-pathname';
import {deferPrefetch, deferPrefetchOf} from '../../src/client/idle-prefetch';
import {englishPlural, formatUtcDate} from '#core/util/date';
import {inlineScriptHashes, renderHashesConf} from '../../plugins/csp-hashes';
import type {TagView} from '#core/contract/types';
import {SAMPLE_LANGUAGES} from '#core/code/languages';
import {settle} from '../../scripts/bench/lib.mjs';
import {unified, type Plugin} from 'unified';
import remarkParse from 'remark-parse';
import {WriterError} from '#core/util/writer-error';
import {writerErrorsOnce} from '../../plugins/writer-errors-once';

describe('parseInline', () => {
  it('reads links to site pages, next to code spans', () => {
    expect(parseInline('Replace `YOUR_JWT` as in [Headers and tokens](/HeaderMarkdown).')).toEqual([
      {code: false, text: 'Replace '},
      {code: true, text: 'YOUR_JWT'},
      {code: false, text: ' as in '},
      {code: false, text: 'Headers and tokens', href: '/HeaderMarkdown'},
      {code: false, text: '.'},
    ]);
  });

  it('splits code spans from text', () => {
    expect(parseInline('Send `referenceid` once.')).toEqual([
      {code: false, text: 'Send '},
      {code: true, text: 'referenceid'},
      {code: false, text: ' once.'},
    ]);
  });
});

describe('statusLabel', () => {
  it('adds the reason phrase it knows', () => {
    expect(statusLabel('429')).toBe('429 Too Many Requests');
    expect(statusLabel('299')).toBe('299');
  });
});

describe('filterIndex', () => {
  const tags: TagView[] = [
    {
      name: 'aeps',
      label: 'Aadhaar banking (AEPS)',
      description: '',
      group: 'Banking',
      entries: [
        {
          kind: 'operation',
          id: 'aeps-cash-withdrawal',
          method: 'POST',
          path: '/service/aeps/withdrawal',
          summary: 'Cash withdrawal',
          tag: 'aeps',
        },
        {
          kind: 'webhook',
          id: 'aeps-transaction',
          method: 'POST',
          path: 'aeps-transaction',
          summary: 'AEPS transaction result',
          tag: 'aeps',
        },
      ],
    },
  ];
  it('matches summaries and paths case-insensitively and keeps whole families on a family match', () => {
    const families = indexFamilies(apiIndexBlocks(tags, defaultLabels()));
    const ids = (query: string): string[] =>
      filterIndex(families, query).flatMap((f) =>
        f.blocks.flatMap((b) => (b.kind === 'list' ? b.items.map((i) => i.key ?? '') : [])),
      );
    expect(ids('WITHDRAWAL')).toEqual(['aeps-cash-withdrawal']);
    expect(ids('webhook')).toEqual(['aeps-transaction']);
    expect(ids('aadhaar')).toHaveLength(2);
    expect(ids('cash-withdrawal')).toEqual(['aeps-cash-withdrawal']);
    expect(filterIndex(families, 'nothing-like-this')).toEqual([]);
    expect(indexCount(filterIndex(families, ''))).toBe(2);
  });
});

describe('safePathname', () => {
  it('leaves valid paths alone', () => {
    expect(safePathname('/docs/v1/service/aeps/kyc/%7BkycId%7D')).toBeUndefined();
  });
  it('re-encodes stray percent signs so the router can decode the path', () => {
    const fixed = safePathname('/docs/%E0%A4%A');
    expect(fixed).toBe('/docs/%25E0%25A4%25A');
    expect(() => decodeURI(fixed ?? '')).not.toThrow();
  });
});

describe('csp hashes', () => {
  it('hashes inline scripts only, not external or JSON-LD ones', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script><script data-rh=true type=application/ld+json>{"a":1}</script>';
    expect(inlineScriptHashes(html)).toEqual(["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='"]);
  });
  it('renders an nginx map', () => {
    expect(renderHashesConf(["'sha256-x'"])).toContain(`default "'sha256-x'";`);
  });
});

describe('build-time highlighting', () => {
  it('highlights the registry languages with escaped HTML, one span per line', async () => {
    const {loadLanguages, highlightToHtml, codeThemeCss} = await import('#core/code/highlight');
    await loadLanguages();
    expect(highlightToHtml('<?php\necho "a<b";', 'php')).toBe(
      '<span class="token-line">&lt;?php\n</span>' +
        '<span class="token-line"><span class="token keyword">echo</span> <span class="token string double-quoted-string">&quot;a&lt;b&quot;</span>;\n</span>',
    );
    // Punctuation is coloured like plain text in both themes (#F8F8F2 is rgb(248, 248, 242)), so it gets no span.
    expect(highlightToHtml('f(a, b);', 'js')).toBe(
      '<span class="token-line"><span class="token function">f</span>(a, b);\n</span>',
    );
    for (const lang of [...SAMPLE_LANGUAGES.map((l) => l.prism), 'json']) {
      expect(highlightToHtml('x', lang)).toContain('token-line');
    }
    expect(() => highlightToHtml('x', 'cobol')).toThrow('No Prism grammar "cobol" is loaded');
    expect(codeThemeCss()).toContain("[data-theme='dark'] .rr-code .token.comment");
  });

  it('lets a long URL wrap after its separators only, escaped, and leaves short words alone', async () => {
    const {codeTextHtml} = await import('#core/code/html');
    expect(codeTextHtml('--url https://sandbox.rupeerail.example/api/v1/x')).toBe(
      '--url https://<wbr>sandbox.<wbr>rupeerail.<wbr>example/<wbr>api/<wbr>v1/<wbr>x',
    );
    expect(codeTextHtml('a-b/c <d>')).toBe('a-b/c &lt;d&gt;');
  });
});

describe('deferPrefetch', () => {
  it('queues each path once and drains it in idle slices, at least one per slice', () => {
    const done: string[] = [];
    const idle: ((deadline: {timeRemaining(): number}) => void)[] = [];
    let clock = 0;
    const prefetch = deferPrefetch(
      (p) => {
        done.push(p);
        clock += 4; // each prefetch takes 4 ms
      },
      (run) => idle.push(run),
      () => clock,
    );
    for (const p of ['/a', '/b', '/a', '/c', '/d']) expect(prefetch(p)).toBe(false);
    expect(done).toEqual([]);
    expect(idle).toHaveLength(1);
    idle.shift()?.({timeRemaining: () => 40}); // a 6 ms slice: two 4 ms prefetches
    expect(done).toEqual(['/a', '/b']);
    idle.shift()?.({timeRemaining: () => 0}); // no idle time left (timeout): still one
    expect(done).toEqual(['/a', '/b', '/c']);
    idle.shift()?.({timeRemaining: () => 40});
    expect(done).toEqual(['/a', '/b', '/c', '/d']);
    expect(idle).toHaveLength(0);
  });
});

describe('deferPrefetchOf', () => {
  type Api = NonNullable<Parameters<typeof deferPrefetchOf>[0]['docusaurus']>;
  const api = (calls: string[]): Api => ({
    prefetch: (p: string) => {
      calls.push(p);
      return false;
    },
    preload: () => false,
  });

  it('wraps the API once, and again when the page puts a fresh one back (a dev server hot update)', () => {
    const calls: string[] = [];
    const idle: ((deadline: {timeRemaining(): number}) => void)[] = [];
    const schedule = (run: (deadline: {timeRemaining(): number}) => void) => idle.push(run);
    const holder: {docusaurus?: Api} = {docusaurus: api(calls)};
    const original = holder.docusaurus;
    expect(deferPrefetchOf(holder, schedule)).toBe(true);
    expect(holder.docusaurus).not.toBe(original);
    expect(Object.isFrozen(holder.docusaurus)).toBe(true);
    expect(deferPrefetchOf(holder, schedule)).toBe(false); // already ours: each route update leaves it
    expect(holder.docusaurus?.prefetch('/a')).toBe(false);
    expect(calls).toEqual([]); // queued, not run in the caller's task
    holder.docusaurus = api(calls); // Docusaurus' client entry ran again
    expect(deferPrefetchOf(holder, schedule)).toBe(true);
    expect(holder.docusaurus?.prefetch('/b')).toBe(false);
    expect(calls).toEqual([]);
    for (const run of idle.splice(0)) run({timeRemaining: () => 40});
    expect(calls).toEqual(['/a', '/b']);
    expect(deferPrefetchOf({}, schedule)).toBe(false); // no API (server side, or before the client entry)
  });
});

describe('formatUtcDate', () => {
  it('writes the date as the theme does in English, in UTC', () => {
    expect(formatUtcDate(new Date('2026-11-22T23:30:00Z'))).toBe('Nov 22, 2026');
    expect(formatUtcDate(new Date('2025-01-01T00:00:00Z'))).toBe('Jan 1, 2025');
    const theme = new Intl.DateTimeFormat('en', {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'});
    const d = new Date('2025-07-08T10:00:00Z');
    expect(formatUtcDate(d)).toBe(theme.format(d));
    const long = new Intl.DateTimeFormat('en', {day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'});
    expect(formatUtcDate(d, 'long')).toBe(long.format(d));
    expect(formatUtcDate(new Date('2025-03-17T00:00:00Z'), 'long')).toBe('March 17, 2025');
  });

  it('picks the English plural form of a "one|other" message', () => {
    expect(englishPlural('One min read|9 min read', 1)).toBe('One min read');
    expect(englishPlural('One min read|9 min read', 9)).toBe('9 min read');
    expect(englishPlural('min read', 2)).toBe('min read');
  });
});

describe('settle (the bench waits out its own builds before a timed step)', () => {
  /** A fake clock and load average: each wait moves the clock on and takes the next load reading. */
  const machine = (loads: number[]) => {
    let t = 0;
    let i = 0;
    return {
      loadavg: () => loads[Math.min(i, loads.length - 1)] as number,
      wait: (ms: number) => {
        t += ms;
        i += 1;
        return Promise.resolve();
      },
      now: () => t,
    };
  };

  it('returns at once on a quiet machine', async () => {
    expect(await settle({below: 1, ...machine([0.4])})).toEqual({from: 0.4, to: 0.4, waitedS: 0, settled: true});
  });

  it('polls until the load falls below the mark', async () => {
    const r = await settle({below: 1, pollMs: 5000, ...machine([9.1, 6, 3.2, 0.9, 0.5])});
    expect(r).toEqual({from: 9.1, to: 0.9, waitedS: 15, settled: true});
  });

  it('gives up after maxMs and says the load did not settle', async () => {
    const r = await settle({below: 1, pollMs: 5000, maxMs: 20_000, ...machine([4])});
    expect(r).toEqual({from: 4, to: 4, waitedS: 20, settled: false});
  });
});

describe("writerErrorsOnce (the MDX loader prints a writer's mistake once, not again in its stack)", () => {
  class PageError extends WriterError {}
  const message = 'docs/a.mdx:3: <Endpoint op="x" /> names an operation that the contract does not define.';
  const tree = unified().use(remarkParse).parse('# A page');

  /** The error a remark plugin throws (or rejects with), after the wrapper, as the loader sees it. */
  async function caught(error: () => Error, async: boolean): Promise<Error> {
    const plugin: Plugin = () =>
      async
        ? () => Promise.reject(error())
        : () => {
            throw error();
          };
    const [wrapped] = writerErrorsOnce([[plugin, {data: 1}]]) as [[Plugin<[object]>, object]];
    return unified()
      .use(wrapped[0], wrapped[1])
      .run(tree)
      .then(
        () => new Error('the plugin did not fail'),
        (e: unknown) => e as Error,
      );
  }

  it.each([false, true])(
    "cuts a WriterError's stack to its name (async transformer: %s), the message kept",
    async (async) => {
      const err = await caught(() => new PageError(message), async);
      expect(err).toBeInstanceOf(PageError);
      expect(err.stack).toBe('PageError');
      expect(err.message).toBe(message);
    },
  );

  it("leaves any other error's stack (a bug keeps its frames)", async () => {
    const err = await caught(() => new TypeError('boom'), false);
    expect(err.stack).toMatch(/^TypeError: boom\n\s+at /);
  });
});
