/**
 * The tool's entry: arguments to a run of one mode, the three outputs, the exit code. The bundle
 * (./bundle.ts) calls `main` with the data it embedded; the tests call `runCertify` with their own
 * clock, output and wait.
 */
import {randomBytes} from 'node:crypto';
import fs from 'node:fs';
import type {FamilyValidators} from '#core/sandbox/model';
import {SANDBOX_PORT} from '#core/sandbox/try-it';
import {parseCertifyArgs, type Mode} from './args';
import {certifyClient} from './client';
import type {CertifyData} from './data';
import {fetchTransport} from './http';
import {startRecorder} from './recorder';
import {junitXml, markdownReport, terminalSummary, type ReportContext} from './report';
import {CertifyInputError, passed, type CertifyReport, type Clock} from './types';
import {certifyWebhook} from './webhook';

export interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly writeFile: (file: string, text: string) => void;
  readonly clock: Clock;
  /** Resolves when the client's run is over: Ctrl+C, or after `forMs`. */
  readonly wait: (forMs: number | undefined) => Promise<void>;
}

export interface Shipped {
  readonly data: CertifyData;
  readonly validators: Readonly<Record<string, FamilyValidators>>;
}

function loadFamily(shipped: Shipped, family: string) {
  const model = shipped.data.families.find((f) => f.family === family);
  const validators = shipped.validators[family];
  if (!model || !validators) throw new Error(`certify: family ${family} is not in this build of the tool.`);
  return {model, validators};
}

async function runClient(mode: Extract<Mode, {kind: 'client'}>, shipped: Shipped, io: Io): Promise<CertifyReport> {
  const {index} = shipped.data;
  const recorder = await startRecorder({
    index,
    loadFamily: (f) => loadFamily(shipped, f),
    clock: io.clock,
    port: mode.port,
  });
  try {
    io.out(
      [
        `Recording: point your client's base URL at ${recorder.url}`,
        `  sign tokens with partnerId ${index.credentials.partnerId} and JWT secret ${index.credentials.jwtSecret}`,
        '  test values your run should use:',
        ...shipped.data.testValues.map((v) => `    - ${v}`),
        mode.forMs ? `Grading in ${mode.forMs / 1000} s (or at Ctrl+C).` : 'Press Ctrl+C when your run is over.',
        '',
      ].join('\n'),
    );
    await io.wait(mode.forMs);
  } finally {
    await recorder.close();
  }
  return certifyClient(recorder.exchanges, shipped.data.client, recorder.url);
}

/** One run; the exit code (0 passed, 1 a check failed, 2 bad input). */
export async function runCertify(argv: readonly string[], shipped: Shipped, io: Io): Promise<number> {
  const ctx: ReportContext = {
    siteUrl: shipped.data.site.url,
    productName: shipped.data.site.name,
    apiVersion: shipped.data.site.apiVersion,
  };
  try {
    const args = parseCertifyArgs(argv, SANDBOX_PORT);
    const {mode} = args;
    const report =
      mode.kind === 'webhook'
        ? await certifyWebhook({
            url: mode.url,
            secret: mode.secret,
            events: shipped.data.events,
            clock: io.clock,
            send: fetchTransport,
            random: () => randomBytes(16).toString('hex'),
          })
        : await runClient(mode, shipped, io);
    io.writeFile(args.junit, junitXml(report, ctx));
    io.writeFile(args.markdown, markdownReport(report, ctx, new Date(io.clock.now()).toISOString().slice(0, 10)));
    io.out(terminalSummary(report, ctx));
    io.out(`Written: ${args.junit} (JUnit XML), ${args.markdown} (Markdown report).\n`);
    return passed(report) ? 0 : 1;
  } catch (err) {
    if (!(err instanceof CertifyInputError)) throw err;
    io.err(`certify: ${err.message}\n`);
    return 2;
  }
}

/** Waits for Ctrl+C (SIGINT, SIGTERM) or the duration, whichever comes first; leaves no listener behind. */
function waitForEnd(forMs: number | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    const timer = forMs ? setTimeout(done, forMs) : undefined;
    process.on('SIGINT', done);
    process.on('SIGTERM', done);
  });
}

/** The process: real clock, stdout, files; exits with the run's code. */
export async function main(shipped: Shipped): Promise<void> {
  const code = await runCertify(process.argv.slice(2), shipped, {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    writeFile: (file, text) => fs.writeFileSync(file, text),
    clock: {now: () => Date.now()},
    wait: waitForEnd,
  }).catch((err: unknown) => {
    process.stderr.write(
      `certify: unexpected error (a bug of the tool): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    return 2;
  });
  process.exit(code);
}
