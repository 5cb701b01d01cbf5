/**
 * Issue 33: an outside OpenAPI fuzzer run over every operation finds nothing the contract does not
 * document. PyPI is out of reach here, so schemathesis itself cannot run; this is its equivalent in
 * process, over the sandbox engine's handler and every HTTP operation of the checked contract
 * (tests/helpers/sandbox-fuzz.ts makes the requests, sandbox-fuzz-answers.ts checks the answers):
 *   - conforming requests, generated from the operation's schemas, are answered as documented and
 *     never refused as invalid (HTTP 400, code 10) unless by a business rule the contract states
 *     (BUSINESS_RULES, each with where it is stated);
 *   - negative requests (one mutation of a conforming one) are refused with HTTP 400 and code 10
 *     naming what to fix, never accepted;
 *   - requests with one credential gone wrong are refused with HTTP 401.
 * Every answer passes the checks of sandbox-fuzz-answers.ts. A failure lists each operation's
 * shrunk request with the seed that replays it; tests/README.md says how to run it longer
 * (`FUZZ_RUNS`, `FUZZ_SEED`).
 */
import fs from 'node:fs';
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {listOperations} from '#core/contract/openapi';
import type {ResponseCodeView} from '#core/contract/types';
import type {CompiledSandbox} from '#core/sandbox/compile';
import type {SandboxResponse} from '#core/sandbox/engine';
import type {LoadedFamily} from '#core/sandbox/engine/types';
import {loadWrittenFamily} from '#node/contract/sandbox';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {writtenSandbox} from '../helpers/contract';
import {answerProblems, fuzzSandbox} from '../helpers/sandbox-fuzz-answers';
import {
  badAuthFor,
  conforming,
  fuzzOperation,
  negative,
  type FuzzOperation,
  type FuzzRequest,
} from '../helpers/sandbox-fuzz';

/** Requests per operation and kind: about a hundred operations x 3 kinds x 6 fit the unit step's share (tests/README.md). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
/** One seed per run, so CI sends the same requests each time; another one explores further. */
const SEED = Number(process.env.FUZZ_SEED ?? 33);
/** The sandbox clock: inside every transition window of 1.4.0 (old token form, unsigned calls, old field names). */
const NOW = Date.parse('2026-12-02T06:30:00Z');
const TIMEOUT = 120_000 + RUNS * 3_000;

/**
 * Refusals of a conforming request that the contract states as business rules: a value its schema
 * takes but the operation refuses with code 10, because of what came before in the session. Each
 * names the operation, the field and rule the refusal names, and where the contract says so.
 */
const BUSINESS_RULES: readonly {operation: string; field: string; rule: RegExp; where: string}[] = [
  {
    operation: 'signing-key-register',
    field: 'key_id',
    rule: /^you have 2 active keys: /,
    where: 'its description (openapi/families/common.yaml): "A third active key is refused with `response_code` 10"',
  },
  {
    operation: 'signing-key-register',
    field: 'key_id',
    rule: / was used before: key ids are never reused/,
    where: 'its description: "a `key_id` is never used twice, even after its key is revoked"',
  },
  {
    operation: 'account-controls-update',
    field: 'per_transaction_cap',
    rule: /^must not be above the daily cap /,
    where:
      'its description: "With both caps set, the per-transaction cap cannot be above the daily cap (`response_code` 10)"',
  },
];

const allowed = (id: string, res: SandboxResponse): boolean => {
  const errors = (res.json.data as {errors?: {field: string; rule: string}[]} | undefined)?.errors ?? [];
  return (
    errors.length > 0 &&
    errors.every((e) => BUSINESS_RULES.some((r) => r.operation === id && r.field === e.field && r.rule.test(e.rule)))
  );
};

const dir = tempSandboxDir('fuzz');
let compiled: CompiledSandbox;
let catalogue: readonly ResponseCodeView[];
let operations: FuzzOperation[];
const families = new Map<string, Promise<LoadedFamily>>();
/** Each family's model and validators read once for every sandbox of the run (the engine only reads them). */
const loadFamily = (family: string): Promise<LoadedFamily> => {
  let loaded = families.get(family);
  if (!loaded) {
    loaded = loadWrittenFamily(dir, family);
    families.set(family, loaded);
  }
  return loaded;
};

beforeAll(async () => {
  const written = await writtenSandbox(dir);
  compiled = written.sandbox;
  catalogue = written.responseCodes;
  operations = listOperations(written.deref)
    .filter((l) => l.kind === 'operation')
    .map(fuzzOperation);
}, 120_000);
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

type Verdict = (op: FuzzOperation, req: FuzzRequest, res: SandboxResponse) => string[];

/** Runs one property per operation, each on a sandbox of its own; every operation's failure, shrunk. */
async function fuzzEach(
  requests: (op: FuzzOperation) => fc.Arbitrary<[FuzzRequest, ...unknown[]]>,
  send: (
    box: ReturnType<typeof fuzzSandbox>,
    op: FuzzOperation,
    args: [FuzzRequest, ...unknown[]],
  ) => Promise<SandboxResponse>,
  verdict: Verdict,
): Promise<string[]> {
  const failures: string[] = [];
  for (const [i, op] of operations.entries()) {
    const box = fuzzSandbox(compiled, loadFamily, NOW, SEED + i);
    const property = fc.asyncProperty(requests(op), async (args) => {
      const res = await send(box, op, args);
      const problems = [...answerProblems(op.l, res, catalogue), ...verdict(op, args[0], res)];
      if (problems.length)
        throw new Error(`${problems.join('; ')}\n    answer ${res.status}: ${res.body.slice(0, 400)}`);
    });
    const out = await fc.check(property, {numRuns: RUNS, seed: SEED + i});
    if (out.failed)
      failures.push(
        `${op.id} (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}; fast-check seed ${out.seed}, path "${out.counterexamplePath}"): ${(out.errorInstance as Error).message}\n    request ${JSON.stringify(out.counterexample)}`,
      );
  }
  return failures;
}

const codeOf = (res: SandboxResponse): unknown => res.json.response_code;

describe('the sandbox under a schemathesis-like fuzz, every operation', () => {
  it('covers every HTTP operation of the contract', () => {
    expect(operations.length).toBeGreaterThanOrEqual(96);
    expect(new Set(operations.map((o) => o.id)).size).toBe(operations.length);
  });

  it(
    'answers conforming requests as documented, and refuses none as invalid but by a stated business rule',
    async () => {
      const failures = await fuzzEach(
        (op) => conforming(op).map((r) => [r] as [FuzzRequest]),
        (box, op, [req]) => box.send(op, req),
        (op, _req, res) => {
          if (res.status === 401) return [`refused the credentials of a conforming request`];
          if (codeOf(res) === 10 && !allowed(op.id, res)) return [`refused a conforming request with code 10`];
          return [];
        },
      );
      expect(failures).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'refuses every negative request with HTTP 400 and code 10, naming what to fix',
    async () => {
      const failures = await fuzzEach(
        (op) => negative(op).map((r) => [r] as [FuzzRequest]),
        (box, op, [req]) => box.send(op, req),
        (_op, req, res) => {
          if (res.status !== 400 || codeOf(res) !== 10)
            return [`accepted or misjudged a negative request (${req.mutation?.kind ?? ''}): HTTP ${res.status}`];
          const field = req.mutation?.field ?? '';
          const named = ((res.json.data as {errors?: {field: string}[]} | undefined)?.errors ?? []).map((e) => e.field);
          const names = named.some((f) => f === field || field.startsWith(`${f}.`) || field.startsWith(`${f}[`));
          return names
            ? []
            : [`refused ${req.mutation?.kind ?? ''} without naming ${field} (named ${named.join(', ')})`];
        },
      );
      expect(failures).toEqual([]);
    },
    TIMEOUT,
  );

  // schemathesis's unsupported_method check: a method the path does not have answers 405 with Allow.
  it('answers a method a path does not have with 405, Allow and code 10, on every path', async () => {
    const box = fuzzSandbox(compiled, loadFamily, NOW, SEED);
    const byPath = new Map<string, FuzzOperation[]>();
    for (const op of operations) byPath.set(op.l.path, [...(byPath.get(op.l.path) ?? []), op]);
    const wrong: string[] = [];
    for (const [path, ops] of byPath) {
      const allowed = ops.map((op) => op.l.method);
      const method = ['DELETE', 'PATCH', 'PUT', 'POST', 'GET'].find((m) => !allowed.includes(m))!;
      const [req] = fc.sample(conforming(ops[0]!), {numRuns: 1, seed: SEED});
      const res = await box.send({...ops[0]!, l: {...ops[0]!.l, method}}, req!);
      const got = [res.status, res.headers.Allow, res.json.status, codeOf(res)];
      if (JSON.stringify(got) !== JSON.stringify([405, allowed.join(', '), false, 10]))
        wrong.push(`${method} ${path}: ${JSON.stringify(got)}`);
    }
    expect(wrong).toEqual([]);
  });

  it(
    'refuses every request with a bad or missing credential with HTTP 401',
    async () => {
      const failures = await fuzzEach(
        (op) => fc.tuple(conforming(op), fc.constantFrom(...badAuthFor(op))),
        (box, op, [req, auth]) => box.send(op, req, auth as Parameters<typeof box.send>[2]),
        (_op, _req, res) => (res.status === 401 ? [] : [`let a bad credential through: HTTP ${res.status}`]),
      );
      expect(failures).toEqual([]);
    },
    TIMEOUT,
  );
});
