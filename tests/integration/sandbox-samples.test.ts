/**
 * The request samples every operation page shows run against `npm run sandbox` as a reader pastes
 * them (issue 34): each beside its language's client wrapper (samples/client/), with the sandbox
 * credentials in the environment variables /docs/v1/client-wrapper names. Only the base URL is pointed at
 * the local sandbox. cURL, Node.js, Python, Java, PHP and Go; C# cannot be compiled here (no .NET
 * in Debian 12). Each sample must print the documented answer: one of the page's 200 examples, byte
 * for byte as JSON (ids the sandbox makes new per request, the scenarios' `unique` fields, aside).
 * The secret-rotation sample too: its wrapper sends the proof of the webhook secret.
 *
 * Status calls and other reads (GET) run first, so that what they report is not yet changed by a call
 * the same run made (the sandbox is stateful: a later status call would report that run's transaction,
 * the key list the key the signed registration added).
 */
import {SECRET_ROTATE_OPERATION} from '#core/sandbox/engine/secret-proof';
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {afterAll, describe, expect, it} from 'vitest';
import {contractSite} from '#node/contract/load';
import {loadedContract} from '../helpers/contract';
import {isLiveValue} from '#core/sandbox/engine/live';
import {SANDBOX_KEY_ID} from '#core/sandbox/engine/token';
import {javaClassName} from '#core/code/client';
import {SAMPLE_LANGUAGES} from '#core/code/languages';
import type {OperationView} from '#core/contract/types';
import {startSandboxServer, tempSandboxDir, type SandboxServer} from '../../scripts/lib/sandbox-server';
import {SIGNING_KEY, SIGNING_KEY_ID} from '../unit/signing-vector';

const run = promisify(execFile);
/** Any free port: the six language runs each start a sandbox, and parallel checkouts must not collide. */
const PORT = 0;
const SANDBOX_URL = 'https://sandbox.rupeerail.example/api/v1';
const CLIENT_DIR = path.resolve(__dirname, '../../samples/client');
const LANGUAGES = ['curl', 'node', 'python', 'java', 'php', 'go'] as const;
type Language = (typeof LANGUAGES)[number];
/** The program each language needs, and the Debian package that brings it (scripts/ensure-system-deps.sh). */
const RUNTIMES: Record<Language, [string, string]> = {
  curl: ['curl', 'curl'],
  node: ['node', 'nodejs'],
  python: ['python3', 'python3'],
  java: ['javac', 'default-jdk-headless'],
  php: ['php', 'php-cli'],
  go: ['go', 'golang-go'],
};

const loaded = await loadedContract();
const models = new Map(loaded.sandbox.families.flatMap((f) => f.operations.map((o) => [o.id, o])));
const operations: readonly OperationView[] = contractSite(loaded, (file) => `/${file}`).views.operations;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'samples-'));
afterAll(() => fs.rmSync(root, {recursive: true, force: true}));

/** The reader's environment: the sandbox credentials under the names /docs/v1/client-wrapper gives. */
const readerEnv = (server: SandboxServer): NodeJS.ProcessEnv => {
  const {partnerId, jwtSecret, webhookSecret} = server.index.credentials;
  return {
    ...process.env,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    PARTNER_ID: partnerId,
    PARTNER_KEY_ID: SANDBOX_KEY_ID,
    PARTNER_SECRET: jwtSecret,
    WEBHOOK_SECRET: webhookSecret,
    PARTNER_SIGNING_KEY_ID: SIGNING_KEY_ID,
    PARTNER_SIGNING_KEY: SIGNING_KEY,
  };
};

/** A folder holding the language's wrapper, as the reader saves it beside the samples. */
function folderWithWrapper(lang: Language): string {
  const dir = fs.mkdtempSync(path.join(root, `${lang}-`));
  const file = SAMPLE_LANGUAGES.find((l) => l.id === lang)?.clientFile ?? `no wrapper for ${lang}`;
  fs.copyFileSync(path.join(CLIENT_DIR, file), path.join(dir, file));
  return dir;
}

/** Splits `=====<key>` delimited output into each key's text. */
function splitOutput(stdout: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of stdout.split(/^=====/m).slice(1)) {
    const newline = part.indexOf('\n');
    out[part.slice(0, newline)] = part.slice(newline + 1);
  }
  return out;
}

/*
 * One interpreter, or one compiled program, per language runs every sample in turn: a process per
 * sample would spend minutes starting Node, the JVM and Python. Each sample's code is as the page
 * shows it; Go's `func main` is renamed so that one binary holds them all, Java's classes are
 * compiled together and their `main` called in turn.
 */
const NODE_RUNNER = `
const out = {};
for (const [id, file] of JSON.parse(process.argv[2])) {
  let printed = '';
  console.log = (value) => { printed += value + '\\n'; };
  try { await import(file); out[id] = printed; } catch (e) { out[id] = 'error: ' + e; }
}
process.stdout.write(JSON.stringify(out));
`;
const PYTHON_RUNNER = `
import contextlib, io, json, sys
sys.path.insert(0, sys.argv[1])
out = {}
for id, code in json.load(sys.stdin):
    buffer = io.StringIO()
    try:
        with contextlib.redirect_stdout(buffer):
            exec(code, {"__name__": "__main__"})
        out[id] = buffer.getvalue()
    except Exception as e:
        out[id] = "error: %r" % e
sys.stdout.write(json.dumps(out))
`;
const JAVA_RUNNER = `
public class SamplesRunner {
    public static void main(String[] names) throws Exception {
        java.io.PrintStream stdout = System.out;
        for (String name : names) {
            java.io.ByteArrayOutputStream buffer = new java.io.ByteArrayOutputStream();
            System.setOut(new java.io.PrintStream(buffer, true, "UTF-8"));
            String printed;
            try {
                Class.forName(name).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
                printed = buffer.toString("UTF-8");
            } catch (java.lang.reflect.InvocationTargetException e) {
                printed = "error: " + e.getCause();
            }
            stdout.print("=====" + name + "\\n" + printed);
        }
    }
}
`;

/** Runs the prepared samples, in order, in the reader's environment: the output of each, by operation id. */
type Program = (env: NodeJS.ProcessEnv) => Promise<Record<string, string>>;
/**
 * Writes the samples into `dir` beside the wrapper and compiles them where the language compiles:
 * once, however often the program then runs (javac and `go build` take seconds each).
 */
type Runner = (dir: string, codes: readonly (readonly [string, string])[]) => Promise<Program>;

const RUNNERS: Record<Language, Runner> = {
  curl(dir, codes) {
    return Promise.resolve(async (env) => {
      const out: Record<string, string> = {};
      for (const [id, code] of codes) {
        out[id] = await run('bash', ['-c', code], {env, cwd: dir, timeout: 20_000}).then(
          (r) => r.stdout,
          (e: Error) => `error: ${e.message}`,
        );
      }
      return out;
    });
  },
  node(dir, codes) {
    const files = codes.map(([id, code]) => {
      const file = path.join(dir, `${id}.mjs`);
      fs.writeFileSync(file, code);
      return [id, file];
    });
    const runner = path.join(dir, 'runner.mjs');
    fs.writeFileSync(runner, NODE_RUNNER);
    return Promise.resolve(
      async (env) =>
        JSON.parse((await run('node', [runner, JSON.stringify(files)], {env, timeout: 120_000})).stdout) as Record<
          string,
          string
        >,
    );
  },
  python(dir, codes) {
    return Promise.resolve(async (env) => {
      const child = run('python3', ['-c', PYTHON_RUNNER, dir], {env, timeout: 120_000});
      child.child.stdin?.end(JSON.stringify(codes));
      return JSON.parse((await child).stdout) as Record<string, string>;
    });
  },
  async java(dir, codes) {
    const names = codes.map(([id, code]) => {
      const name = javaClassName(id);
      fs.writeFileSync(path.join(dir, `${name}.java`), code);
      return [id, name] as const;
    });
    fs.writeFileSync(path.join(dir, 'SamplesRunner.java'), JAVA_RUNNER);
    const sources = fs.readdirSync(dir).filter((f) => f.endsWith('.java'));
    await run('javac', ['-d', dir, ...sources], {cwd: dir, timeout: 120_000});
    return async (env) => {
      const printed = splitOutput(
        (await run('java', ['-cp', dir, 'SamplesRunner', ...names.map(([, n]) => n)], {env, timeout: 120_000})).stdout,
      );
      return Object.fromEntries(names.map(([id, name]) => [id, printed[name] ?? '']));
    };
  },
  php(dir, codes) {
    const files = codes.map(([id, code]) => {
      const file = path.join(dir, `${id}.php`);
      fs.writeFileSync(file, code);
      return [id, file] as const;
    });
    return Promise.resolve(async (env) => {
      const out: Record<string, string> = {};
      for (const [id, file] of files) {
        out[id] = await run('php', [file], {env, cwd: dir, timeout: 20_000}).then(
          (r) => r.stdout,
          (e: Error) => `error: ${e.message}`,
        );
      }
      return out;
    });
  },
  async go(dir, codes) {
    const calls = codes.map(([id, code], i) => {
      const renamed = code.replace('\nfunc main() {', `\nfunc sample${i}() {`);
      expect(renamed, `${id}: the Go sample has a func main`).not.toBe(code);
      fs.writeFileSync(path.join(dir, `sample${i}.go`), renamed);
      return `\tfmt.Println("=====${id}")\n\tsample${i}()`;
    });
    fs.writeFileSync(path.join(dir, 'go.mod'), 'module samples\n\ngo 1.19\n');
    fs.writeFileSync(
      path.join(dir, 'main.go'),
      `package main\n\nimport "fmt"\n\nfunc main() {\n${calls.join('\n')}\n}\n`,
    );
    await run('go', ['build', '-o', 'samples', '.'], {
      cwd: dir,
      env: {...process.env, GOFLAGS: '-mod=mod'},
      timeout: 180_000,
    });
    return async (env) => splitOutput((await run(path.join(dir, 'samples'), [], {env, timeout: 120_000})).stdout);
  },
};

/**
 * The samples of `ops` in one language, pointed at the local sandbox and run in that order by one
 * program: the output of each, by operation id.
 */
async function runAll(
  server: SandboxServer,
  ops: readonly OperationView[],
  lang: Language,
): Promise<Record<string, string>> {
  const codes = ops.map((op) => {
    const sample = op.samples.find((s) => s.lang === lang);
    if (!sample) throw new Error(`${op.id} has no ${lang} sample`);
    const code = sample.code.split(SANDBOX_URL).join(server.url);
    expect(code, `${op.id} ${lang}: the sample calls the sandbox URL`).toContain(server.url);
    return [op.id, code] as const;
  });
  const program = await RUNNERS[lang](folderWithWrapper(lang), codes);
  return program(readerEnv(server));
}

/**
 * The documented 200 examples, with the fields the sandbox renews per request (`unique` fields, and
 * the live ids, URLs and times of core/sandbox/engine/live.ts) taken from the output.
 */
function documented(op: OperationView, output: Record<string, unknown>): unknown[] {
  const model = models.get(op.id);
  const data = output.data;
  const renewed = (f: string): boolean =>
    (model?.unique ?? []).includes(f) || (isObject(data) && typeof data[f] === 'string' && isLiveValue(f, data[f]));
  const unique = isObject(data) ? Object.keys(data).filter(renewed) : [];
  return (op.responses.find((r) => r.status === '200')?.examples ?? []).map((e) => {
    const example = JSON.parse(e.json) as Record<string, unknown>;
    if (!isObject(data) || !isObject(example.data)) return example;
    const fresh = unique.filter((f) => f in data);
    // A value built from a fresh one (a UPI id's QR string carries its account id) is fresh too.
    const rebuilt = (v: unknown): unknown =>
      typeof v === 'string'
        ? fresh.reduce((text, f) => {
            const was = (example.data as Record<string, unknown>)[f];
            return typeof was === 'string' && typeof data[f] === 'string' ? text.replaceAll(was, data[f]) : text;
          }, v)
        : v;
    return {
      ...example,
      data: {
        ...Object.fromEntries(Object.entries(example.data).map(([k, v]) => [k, rebuilt(v)])),
        ...Object.fromEntries(fresh.map((f) => [f, data[f]])),
      },
    };
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a program is on the PATH. */
const hasCommand = (name: string): Promise<boolean> =>
  run('sh', ['-c', `command -v ${name}`]).then(
    () => true,
    () => false,
  );

describe('the page samples against npm run sandbox', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: every operation's sample gets its documented response`, async () => {
      const [program, pkg] = RUNTIMES[lang];
      expect(
        (await hasCommand(program)) || `${program} is not installed: run npm run test:setup (it installs ${pkg})`,
      ).toBe(true);
      // A fresh sandbox per language: the same samples again would be repeats (code 4).
      const outDir = tempSandboxDir('samples');
      const server = await startSandboxServer({port: PORT, outDir});
      try {
        const reads = operations.filter((op) => models.get(op.id)?.lookup || op.method.toUpperCase() === 'GET');
        // The rotation last: it replaces the webhook secret that the other samples' proofs are made
        // with (read from the environment, as a partner's code reads it until they deploy the new one).
        const rotate = operations.filter((op) => op.id === SECRET_ROTATE_OPERATION);
        const writes = operations.filter((op) => !reads.includes(op) && !rotate.includes(op));
        const outputs = await runAll(server, [...reads, ...writes, ...rotate], lang);
        const results = operations.map((op) => {
          const out = outputs[op.id] ?? '';
          let json: Record<string, unknown>;
          try {
            json = JSON.parse(out) as Record<string, unknown>;
          } catch {
            return [op.id, `not JSON: ${out.slice(0, 300)}`];
          }
          const ok = documented(op, json).some((e) => JSON.stringify(e) === JSON.stringify(json));
          return [op.id, ok ? 'documented' : `undocumented answer: ${out.slice(0, 300)}`];
        });
        expect(results.filter(([, r]) => r !== 'documented')).toEqual([]);
        expect(results).toHaveLength(operations.length);
      } finally {
        await server.close();
        fs.rmSync(outDir, {recursive: true, force: true});
      }
    }, 240_000);
  }
});

/*
 * The status call on an unknown outcome: a server that answers the payout order with code 5, then
 * drops the connection of the next one without a word, and reports the order on its status call.
 * Each language's sample must ask the status call after each, and never send the order again.
 */
describe('the page samples on an unknown outcome', () => {
  const OPERATION = 'payout-create-order';
  const STATUS_ANSWER = {status: 'SUCCESS', response_code: 1, message: 'Order found', data: {state: 'SUCCESS'}};

  /** A local server standing in for the API: what it was asked, in order. */
  async function unknownOutcomeServer(): Promise<{url: string; asked: string[]; close: () => Promise<void>}> {
    const http = await import('node:http');
    const asked: string[] = [];
    let orders = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        asked.push(`${req.method} ${req.url}`);
        if (req.url?.endsWith('/orders/status')) return void res.end(JSON.stringify(STATUS_ANSWER));
        if (++orders % 2 === 1)
          return void res.end(
            JSON.stringify({status: 'PENDING', response_code: 5, message: 'Outcome unknown', data: {}}),
          );
        req.socket.destroy(); // no answer at all
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const {port} = server.address() as {port: number};
    return {
      url: `http://127.0.0.1:${port}/api/v1`,
      asked,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  for (const lang of LANGUAGES) {
    it(`${lang}: code 5 and a dropped connection each lead to the status call, never a second order`, async () => {
      const op = operations.find((o) => o.id === OPERATION);
      const sample = op?.samples.find((s) => s.lang === lang);
      expect(sample, `${OPERATION} has a ${lang} sample`).toBeDefined();
      const server = await unknownOutcomeServer();
      try {
        const env = {
          ...process.env,
          NO_PROXY: '127.0.0.1',
          no_proxy: '127.0.0.1',
          PARTNER_ID: 'PS001234',
          PARTNER_KEY_ID: SANDBOX_KEY_ID,
          PARTNER_SECRET: 'test-partner-secret-4f1d2c',
          // The payout order is a signed call (x-signed-request): the wrapper refuses to send it unsigned.
          PARTNER_SIGNING_KEY_ID: SIGNING_KEY_ID,
          PARTNER_SIGNING_KEY: SIGNING_KEY,
        };
        const code = (sample?.code ?? '').split(SANDBOX_URL).join(server.url);
        // Two runs of one program: the reader's code run again, each run a new process.
        const program = await RUNNERS[lang](folderWithWrapper(lang), [[OPERATION, code]]);
        const printed: unknown[] = [];
        for (let i = 0; i < 2; i++) {
          const out = await program(env);
          printed.push(JSON.parse(out[OPERATION] ?? 'null'));
        }
        expect(printed).toEqual([STATUS_ANSWER, STATUS_ANSWER]);
        const order = `POST /api/v1/service/payout/orders`;
        expect(server.asked).toEqual([order, `${order}/status`, order, `${order}/status`]);
      } finally {
        await server.close();
      }
    }, 120_000);
  }
});
