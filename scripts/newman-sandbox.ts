/**
 * The published Postman collection (build/downloads/, written by `npm run build`) run with newman
 * against `npm run sandbox`'s server, as a partner would run it: partnerId, jwtSecret, jwtKeyId and
 * audience set to the sandbox's test credentials, baseUrl pointed at the local sandbox. Every request must pass the collection's
 * own tests and be answered as documented: an HTTP status the operation lists, a body valid against
 * that response's schema, and a response_code the operation lists (or a common one), and carry no
 * `Deprecation`/`Sunset` except a signed call's own window: the collection sends those calls unsigned
 * (node/contract/postman.ts says why), every other request must use today's forms.
 *
 *   npx tsx scripts/newman-sandbox.ts [--port N]      (default port 4242)
 *
 * Prints newman's summary and one line per request that failed; writes .tmp/test-reports/newman.json
 * ({passed, failed, failures}) for scripts/test-all.mjs, which counts each request as one test.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import newman, {type NewmanRunOptions, type NewmanRunSummary} from 'newman';
import {cachedCompiled} from '#node/contract/cache';
import {DOWNLOADS} from '#core/contract/downloads';
import {SITE_DIR} from '#node/contract/paths';
import {collectionDeprecationProblem, signedCalls, type SignedCall} from '#node/contract/postman';
import {makeSchemaCheck} from '#node/contract/sandbox';
import type {SchemaCheck} from '#core/sandbox/compile';
import {listOperations, type Located} from '#core/contract/openapi';
import {compilePathTemplate, type PathTemplate} from '#core/contract/path-template';
import {fieldError} from '#core/sandbox/body';
import {SANDBOX_KEY_ID, TOKEN_AUDIENCE} from '#core/sandbox/engine/token';
import {startSandboxServer, tempSandboxDir} from './lib/sandbox-server';

export interface RequestResult {
  readonly name: string;
  readonly ok: boolean;
  readonly problems: readonly string[];
}

function run(options: NewmanRunOptions): Promise<NewmanRunSummary> {
  return new Promise((resolve, reject) => {
    newman.run(options, (err, summary) => (err ? reject(err) : resolve(summary)));
  });
}

type Execution = NewmanRunSummary['run']['executions'][number];

/** What an answered request is checked against: the contract's operations and codes. */
interface ContractChecks {
  readonly ops: readonly {readonly l: Located; readonly path: PathTemplate}[];
  readonly common: readonly number[];
  readonly check: SchemaCheck;
  readonly basePath: string;
  /** The calls the collection sends unsigned, by operation id (node/contract/postman.ts). */
  readonly signed: ReadonlyMap<string, SignedCall>;
}

/** The built collection's path; exits with the fix when the build has not written it. */
function collectionFile(): string {
  const file = path.join(SITE_DIR, 'build', DOWNLOADS.postman);
  if (!fs.existsSync(file)) {
    console.error(`${path.relative(SITE_DIR, file)} is missing: run npm run build first.`);
    process.exit(1);
  }
  return file;
}

async function contractChecks(basePath: string): Promise<ContractChecks> {
  // The contract as the build compiled it for these files (node/contract/cache.ts).
  const {deref: doc, responseCodes} = await cachedCompiled();
  const common = responseCodes.filter((c) => c.common).map((c) => c.code);
  const ops = listOperations(doc)
    .filter((l) => l.kind === 'operation')
    .map((l) => ({l, path: compilePathTemplate(l.path)}));
  const calls = new Map(signedCalls(doc).map((c) => [`${c.method} ${c.path}`, c]));
  const signed = new Map(
    ops.flatMap(({l}) => {
      const call = calls.get(`${l.method} ${l.path.replace(/\{([^}]+)\}/g, ':$1')}`);
      return call ? [[l.op.operationId, call] as const] : [];
    }),
  );
  return {ops, common, check: makeSchemaCheck(), basePath, signed};
}

/** Runs the collection against a sandbox server of its own, closed and cleaned up whatever happens. */
async function runAgainstSandbox(file: string, port: number): Promise<{summary: NewmanRunSummary; basePath: string}> {
  const outDir = tempSandboxDir('newman');
  const server = await startSandboxServer({port, outDir});
  const {credentials} = server.index;
  try {
    const summary = await run({
      collection: JSON.parse(fs.readFileSync(file, 'utf8')) as NewmanRunOptions['collection'],
      envVar: [
        {key: 'baseUrl', value: server.url},
        {key: 'partnerId', value: credentials.partnerId},
        {key: 'jwtSecret', value: credentials.jwtSecret},
        {key: 'jwtKeyId', value: SANDBOX_KEY_ID},
        {key: 'audience', value: TOKEN_AUDIENCE.sandbox},
      ],
      reporters: ['cli'],
      reporter: {cli: {noSuccessAssertions: true}},
      timeoutRequest: 10_000,
    });
    return {summary, basePath: server.index.basePath};
  } finally {
    await server.close();
    fs.rmSync(outDir, {recursive: true, force: true});
  }
}

/** Whether an answer is one the operation documents: its HTTP status, its schema, its codes. */
function answerProblems(op: Located, response: NonNullable<Execution['response']>, checks: ContractChecks): string[] {
  const problems: string[] = [];
  const status = String(response.code);
  const documented = op.op.responses[status];
  if (!documented) problems.push(`answered HTTP ${status}, which ${op.op.operationId} does not document`);
  let body: {response_code?: number} | undefined;
  try {
    body = JSON.parse(response.stream?.toString('utf8') ?? '') as {response_code?: number};
  } catch {
    problems.push('the body is not JSON');
  }
  const schema = Object.entries(documented?.content ?? {}).find(([t]) => t.includes('json'))?.[1].schema;
  if (body && schema) {
    for (const e of checks.check(schema, body)) {
      const f = fieldError(e);
      problems.push(`body ${f.field || '(the whole body)'} ${f.rule}`);
    }
  }
  const code = body?.response_code;
  if (code !== undefined && !(op.op['x-response-codes'] ?? []).includes(code) && !checks.common.includes(code))
    problems.push(`response_code ${code} is not one ${op.op.operationId} lists`);
  return problems;
}

function checkExecution(ex: Execution, checks: ContractChecks): RequestResult {
  const problems: string[] = [];
  for (const a of ex.assertions ?? []) if (a.error) problems.push(`test "${a.assertion}" failed: ${a.error.message}`);
  if (ex.requestError) problems.push(`request failed: ${ex.requestError.message}`);
  const urlPath = `/${(ex.request.url.path ?? []).join('/')}`.slice(checks.basePath.length);
  const method = ex.request.method.toUpperCase();
  const op = checks.ops.find((o) => o.l.method === method && o.path.test(urlPath))?.l;
  if (!op) problems.push(`${method} ${urlPath} is not an operation of the contract`);
  else if (ex.response) {
    problems.push(...answerProblems(op, ex.response, checks));
    const header = (name: string): string | undefined => ex.response?.headers.get(name);
    const deprecation = collectionDeprecationProblem(ex.item.name, checks.signed.get(op.op.operationId), {
      Deprecation: header('Deprecation'),
      Sunset: header('Sunset'),
    });
    if (deprecation) problems.push(deprecation);
  }
  return {name: ex.item.name, ok: problems.length === 0, problems};
}

/** Prints the summary and the failed requests, and writes .tmp/test-reports/newman.json. */
function report(summary: NewmanRunSummary, results: readonly RequestResult[]): number {
  const stats = summary.run.stats;
  const failed = results.filter((r) => !r.ok);
  console.log(
    `\nnewman against the local sandbox: ${stats.requests.total} requests (${stats.requests.failed} failed), ${stats.assertions.total} assertions (${stats.assertions.failed} failed), ${summary.run.failures.length} failures; ${results.length - failed.length} of ${results.length} requests answered as documented.`,
  );
  for (const r of failed) console.log(`  FAILED ${r.name}\n${r.problems.map((p) => `    ${p}`).join('\n')}`);
  const reports = path.join(SITE_DIR, '.tmp', 'test-reports');
  fs.mkdirSync(reports, {recursive: true});
  fs.writeFileSync(
    path.join(reports, 'newman.json'),
    `${JSON.stringify(
      {
        passed: results.length - failed.length,
        failed: failed.length,
        requests: stats.requests.total,
        assertions: stats.assertions.total,
        failedAssertions: stats.assertions.failed,
        failures: failed.map((r) => `${r.name}: ${r.problems.join('; ')}`),
      },
      null,
      2,
    )}\n`,
  );
  return failed.length;
}

async function main(): Promise<void> {
  const {values} = parseArgs({options: {port: {type: 'string', default: '4242'}}});
  const file = collectionFile();
  const {summary, basePath} = await runAgainstSandbox(file, Number(values.port));
  const checks = await contractChecks(basePath);
  const results = summary.run.executions.map((ex) => checkExecution(ex, checks));
  const failed = report(summary, results);
  process.exit(failed || !results.length ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
