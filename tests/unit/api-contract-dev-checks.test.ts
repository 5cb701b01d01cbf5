/**
 * plugins/api-contract/dev-checks.ts: the dev server's lint and status-claim check wait for the
 * bundler's first compile, the lint is skipped at start for files the contract cache marks
 * lint-clean, and a check that fails is printed while the dev server keeps running.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {
  CLAIMS_DELAY_MS,
  createDevChecks,
  START_DELAY_MS,
  type DoneHook,
  type LintChild,
} from '../../plugins/api-contract/dev-checks';

/** A compiler whose `done` hook the test fires. */
function fakeCompiler(): DoneHook & {done(): void} {
  const taps: (() => void)[] = [];
  return {
    hooks: {done: {tap: (_name, run) => void taps.push(run)}},
    done: () => taps.forEach((run) => run()),
  };
}

/** A dev server's checks with a recorded lint and terminal; the start's delay after the first compile off unless given. */
function setup(lintClean: boolean, startDelayMs = 0) {
  const children: {killed: boolean; atStart: boolean; exit(): void}[] = [];
  const reports: string[] = [];
  const checks = createDevChecks({
    startLint: (atStart): LintChild => {
      let onExit = (): void => {};
      const child = {
        atStart,
        killed: false,
        kill: () => (child.killed = true),
        once: (_event: 'exit', listener: () => void) => (onExit = listener),
        exit: () => onExit(),
      };
      children.push(child);
      return child;
    },
    lintClean: () => lintClean,
    report: (message) => reports.push(message),
    startDelayMs,
  });
  const compiler = fakeCompiler();
  checks.compilerPlugin.apply(compiler);
  return {checks, compiler, children, reports};
}

const message = (claims: readonly string[]): string => `${claims.length} claim(s): ${claims.join(', ')}`;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the dev server's contract lint", () => {
  it('is not started when the contract cache marks the files lint-clean, until a contract edit', () => {
    const {checks, compiler, children} = setup(true);
    checks.lint();
    compiler.done();
    expect(children).toHaveLength(0);
    checks.lint(); // the reload of an edited contract file
    expect(children).toHaveLength(1);
  });

  it('starts after the first compile when the files are not known to be clean, and an edit stops the last one', () => {
    const {checks, compiler, children} = setup(false);
    checks.lint();
    expect(children).toHaveLength(0);
    compiler.done();
    expect(children.map((c) => c.atStart)).toEqual([true]); // its clean result is kept for the next start
    compiler.done(); // a later compile (an MDX edit) lints nothing
    expect(children).toHaveLength(1);
    checks.lint();
    expect(children.map((c) => [c.killed, c.atStart])).toEqual([
      [true, true],
      [false, false],
    ]);
  });
});

describe("the dev server's status-claim check", () => {
  it('runs after the first compile, prints what it finds, and a failing check leaves the server running', () => {
    const {checks, compiler, reports} = setup(true);
    const check = vi.fn(() => ['docs/v1/a.mdx:3 claims a status call']);
    checks.claims(check, message);
    vi.advanceTimersByTime(10 * CLAIMS_DELAY_MS);
    expect(check).not.toHaveBeenCalled();
    compiler.done();
    vi.advanceTimersByTime(CLAIMS_DELAY_MS);
    expect(check).toHaveBeenCalledTimes(1);
    expect(reports).toEqual(['1 claim(s): docs/v1/a.mdx:3 claims a status call\n(npm run build stops on these)']);

    checks.claims(() => {
      throw new Error('docs/v1/b.mdx: unexpected end of MDX');
    }, message);
    expect(() => vi.advanceTimersByTime(CLAIMS_DELAY_MS)).not.toThrow();
    expect(reports[1]).toBe('The dev server could not check the status claims: docs/v1/b.mdx: unexpected end of MDX');
  });

  it('reports what a check that answers later finds, or why it failed', async () => {
    const {checks, compiler, reports} = setup(true);
    compiler.done();
    checks.claims(() => Promise.resolve(['docs/v1/c.mdx:5 claims a status call']), message);
    await vi.advanceTimersByTimeAsync(CLAIMS_DELAY_MS);
    checks.claims(() => Promise.reject(new Error('docs/v1/d.mdx: gone')), message);
    await vi.advanceTimersByTimeAsync(CLAIMS_DELAY_MS);
    expect(reports).toEqual([
      '1 claim(s): docs/v1/c.mdx:5 claims a status call\n(npm run build stops on these)',
      'The dev server could not check the status claims: docs/v1/d.mdx: gone',
    ]);
  });

  it('checks a second after each reload, a newer reload replacing the pending check', () => {
    const {checks, compiler} = setup(true);
    compiler.done();
    const first = vi.fn(() => []);
    const second = vi.fn(() => []);
    checks.claims(first, message);
    vi.advanceTimersByTime(CLAIMS_DELAY_MS / 2);
    checks.claims(second, message);
    vi.advanceTimersByTime(CLAIMS_DELAY_MS);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe("the dev server's start", () => {
  it('holds the lint, the claims and the late work until a while after the first compile, while the first page loads', async () => {
    const {checks, compiler, children} = setup(false, START_DELAY_MS);
    const claims = vi.fn(() => []);
    const work = vi.fn(() => undefined);
    checks.lint();
    checks.claims(claims, message);
    checks.afterFirstCompile('make the API changelog', work);
    compiler.done();
    await vi.advanceTimersByTimeAsync(START_DELAY_MS - 1);
    expect([children.length, claims.mock.calls.length, work.mock.calls.length]).toEqual([0, 0, 0]);
    compiler.done(); // the first page's lazy compile: no sooner
    await vi.advanceTimersByTimeAsync(1);
    expect(children).toHaveLength(1);
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CLAIMS_DELAY_MS);
    expect(claims).toHaveBeenCalledTimes(1);
  });
});

describe("the dev server's work after its first compile (the changelog of a first start)", () => {
  it('runs once the first compile is done, at once after it, and reports what fails or rejects', async () => {
    const {checks, compiler, reports} = setup(true);
    const work = vi.fn(() => undefined);
    checks.afterFirstCompile('make the API changelog', work);
    await vi.runAllTimersAsync();
    expect(work).not.toHaveBeenCalled();
    compiler.done();
    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledTimes(1);
    compiler.done(); // a later compile runs nothing again
    checks.afterFirstCompile('make the API changelog', () => {
      throw new Error('openapi/releases/notes.yaml has 1 problem(s)');
    });
    checks.afterFirstCompile('make the API changelog', () => Promise.reject(new Error('worker ended')));
    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledTimes(1);
    expect(reports).toEqual([
      'The dev server could not make the API changelog: openapi/releases/notes.yaml has 1 problem(s)',
      'The dev server could not make the API changelog: worker ended',
    ]);
  });
});
