/**
 * The dev server's checks that run beside its reloads, not inside them (issue 35, "A writer's first
 * page"): the contract's lint, in a child process, and the prose's status claims. A writer waits for
 * the first page and for each edit to show; these checks only print problems to the terminal, so
 * they wait for the bundler instead of holding it up. `npm run build` runs both before it goes on
 * and stops on what they find (index.ts).
 *
 *   start   Nothing runs before the bundler's first compile is done (`compilerPlugin`), and then
 *           not for START_DELAY_MS more, while the writer's browser loads the first page and its
 *           first lazy compile runs (plugins/lazy-routes): the lint loads Redocly in a second Node
 *           process and the claims check parses every page (3 s of this thread, which serves the
 *           page's scripts), and on two cores either one slowed both. Files the contract cache marks
 *           lint-clean (a build, lint:contract or a test run linted them, unchanged since) are not
 *           linted again at all.
 *           The changelog of a first start with no contract cache is made then too (index.ts).
 *   reload  A contract edit starts a new lint at once, at the lowest priority, stopping the last
 *           one; the claims are checked a second after the reload (the browser fetches the hot
 *           update from this same thread just after the save).
 *
 * A check that throws is reported like its problems: the dev server keeps running.
 */

/** The lint's child process, as far as these checks use it. */
export interface LintChild {
  kill(): unknown;
  once(event: 'exit', listener: () => void): unknown;
}

export interface DevCheckOptions {
  /**
   * Starts the contract's lint; it prints its own problems. `atStart`: the files as the dev server
   * started on them, whose clean lint is worth keeping in the contract cache for the next start (an
   * edit's lint keeps nothing: each edit would make a cache entry and push out the ones a build or
   * a test run keeps).
   */
  readonly startLint: (atStart: boolean) => LintChild;
  /** Whether the contract cache marks the files, as they are now, lint-clean. */
  readonly lintClean: () => boolean;
  /** Prints a problem to the terminal. */
  readonly report: (message: string) => void;
  /** Wait after a reload before the claims check (ms). */
  readonly claimsDelayMs?: number;
  /** Wait after the first compile before what the start held runs (ms). */
  readonly startDelayMs?: number;
}

/** The part of a Rspack/webpack compiler the start waits on. */
export interface DoneHook {
  hooks: {done: {tap(name: string, run: () => void): void}};
}

export interface DevChecks {
  /** At each load of the contract: the lint (held at start until the first compile). */
  lint(): void;
  /** At each reload of the pages: the claims check (held at start until the first compile). */
  claims(
    check: () => readonly string[] | Promise<readonly string[]>,
    message: (claims: readonly string[]) => string,
  ): void;
  /** Runs `work` once the first compile is done (now, if it is); what it throws or rejects is reported. */
  afterFirstCompile(what: string, work: () => unknown): void;
  /** The bundler plugin that releases what the start held. */
  readonly compilerPlugin: {apply(compiler: DoneHook): void};
}

export const CLAIMS_DELAY_MS = 1000;

/**
 * After the first compile, the time the start's checks wait: the first page's scripts served and
 * its content compiled. A cold start on two cores showed the home page 2-5 s after the first
 * compile (bench, `/tmp` timelines of issue 35); a page opened later shares the CPU with them.
 */
export const START_DELAY_MS = 8000;

export function createDevChecks(options: DevCheckOptions, pluginName = 'api-contract'): DevChecks {
  const {startLint, lintClean, report, claimsDelayMs = CLAIMS_DELAY_MS, startDelayMs = START_DELAY_MS} = options;
  let compiled = false;
  let lintHeld = false;
  let claimsHeld: (() => void) | undefined;
  const held: (() => void)[] = [];
  let linting: LintChild | undefined;
  let claimsTimer: NodeJS.Timeout | undefined;
  let loads = 0;

  const failed = (what: string, err: unknown): void =>
    report(`The dev server could not ${what}: ${err instanceof Error ? err.message : String(err)}`);
  const guarded = (what: string, run: () => void): void => {
    try {
      run();
    } catch (err) {
      failed(what, err);
    }
  };

  const runLint = (atStart: boolean): void => {
    linting?.kill();
    const child = startLint(atStart);
    linting = child;
    child.once('exit', () => {
      if (linting === child) linting = undefined;
    });
  };

  const scheduleClaims = (run: () => void): void => {
    clearTimeout(claimsTimer);
    claimsTimer = setTimeout(() => guarded('check the status claims', run), claimsDelayMs);
    claimsTimer.unref();
  };

  return {
    lint() {
      loads += 1;
      if (loads > 1) return guarded('start the contract lint', () => runLint(false));
      // The first load: lint after the first compile, and only files not known to be clean.
      if (!lintClean()) lintHeld = true;
    },
    claims(check, message) {
      const shown = (claims: readonly string[]): void => {
        if (claims.length) report(`${message(claims)}\n(npm run build stops on these)`);
      };
      const run = (): void => {
        const claims = check();
        if (claims instanceof Promise) claims.then(shown, (err: unknown) => failed('check the status claims', err));
        else shown(claims);
      };
      if (compiled) scheduleClaims(run);
      else claimsHeld = run;
    },
    afterFirstCompile(what, work) {
      const run = (): void =>
        void Promise.resolve()
          .then(work)
          .catch((err: unknown) => failed(what, err));
      if (compiled) run();
      else held.push(run);
    },
    compilerPlugin: {
      apply(compiler) {
        let released = false;
        const release = (): void => {
          compiled = true;
          if (lintHeld) guarded('start the contract lint', () => runLint(true));
          lintHeld = false;
          if (claimsHeld) scheduleClaims(claimsHeld);
          claimsHeld = undefined;
          for (const run of held.splice(0)) run();
        };
        compiler.hooks.done.tap(pluginName, () => {
          if (released) return;
          released = true;
          if (startDelayMs === 0) return release();
          setTimeout(release, startDelayMs).unref();
        });
      },
    },
  };
}
