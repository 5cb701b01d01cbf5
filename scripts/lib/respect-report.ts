/**
 * What a run of `redocly respect --json-output` found, as one line per problem: each failed check of
 * each step (file, workflow, step, check and Respect's message), and each answer that carries the
 * `Deprecation` or `Sunset` header (RFC 9745, RFC 8594): the journeys must use today's forms.
 *
 * Respect's schema check divides for `multipleOf` (2500.99 is refused as a multiple of 0.01, the
 * bug node/contract/ajv-rules.ts works around for our own checks). Its report gives each
 * schema error as a block, `MULTIPLEOF must be multiple of 0.01` and the value's line; a block whose
 * value is a multiple by decimal digits (`isDecimalMultiple`) is dropped, every other error of the
 * check is kept, so a real schema failure still fails the run.
 */
import {isDecimalMultiple} from '#node/contract/ajv-rules';

interface RespectCheck {
  readonly name: string;
  readonly passed: boolean;
  readonly message: string;
  readonly severity?: string;
}
interface RespectStep {
  readonly stepId: string;
  readonly checks: readonly RespectCheck[];
  readonly response?: {readonly headers?: Readonly<Record<string, string>>};
}
export interface RespectReport {
  readonly files: Readonly<
    Record<string, {readonly executedWorkflows: readonly {workflowId: string; executedSteps: readonly RespectStep[]}[]}>
  >;
}

// Respect colours its messages even in the JSON report.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const BLOCK_HEAD = /^[A-Z]+ \S/;
const MULTIPLE_OF = /^MULTIPLEOF must be multiple of ([0-9.eE+-]+)$/;
const VALUE_LINE = /^>\s*\d+\s*\|\s*(?:"[^"]*":\s*)?(-?[0-9][0-9.eE+-]*),?\s*$/;

/** Respect's `--severity`: schema errors are judged by `realSchemaErrors`, not by Respect's division. */
export const RESPECT_SEVERITY = JSON.stringify({SCHEMA_CHECK: 'warn'});

/** The schema errors of a failed schema check, each a block of lines; the false multipleOf ones left out. */
export function realSchemaErrors(message: string): string[] {
  const blocks: string[][] = [];
  for (const line of message.replace(ANSI, '').split('\n')) {
    if (BLOCK_HEAD.test(line)) blocks.push([line]);
    else blocks.at(-1)?.push(line);
  }
  return blocks
    .filter((block) => {
      const step = MULTIPLE_OF.exec(block[0] as string)?.[1];
      const value = block.map((l) => VALUE_LINE.exec(l)?.[1]).find((v) => v !== undefined);
      return !(step && value && isDecimalMultiple(Number(value), Number(step)));
    })
    .map((block) => block.join('\n').trim());
}

/** Every problem of the run; none when every workflow passed in today's forms. */
export function respectProblems(report: RespectReport): string[] {
  const problems: string[] = [];
  for (const [file, {executedWorkflows}] of Object.entries(report.files)) {
    for (const workflow of executedWorkflows) {
      for (const step of workflow.executedSteps) {
        const where = `${file}: workflow ${workflow.workflowId}, step ${step.stepId}`;
        for (const check of step.checks) {
          if (check.passed) continue;
          // Run with SCHEMA_CHECK at `warn` (RESPECT_SEVERITY), so a false multipleOf failure does not end
          // the workflow: its errors are judged here whatever their severity.
          if (check.name === 'schema check') {
            for (const error of realSchemaErrors(check.message)) problems.push(`${where}: schema check: ${error}`);
            continue;
          }
          if (check.severity === 'warn' || check.severity === 'off') continue;
          problems.push(`${where}: ${check.name}: ${check.message.replace(ANSI, '').trim()}`);
        }
        const headers = step.response?.headers ?? {};
        for (const name of ['deprecation', 'sunset'])
          if (headers[name] !== undefined)
            problems.push(
              `${where}: the answer carries ${name}: ${headers[name]}, so the call used a form the API retires. Fix: send it as the current form (the journeys proxy signs every call: openapi/DECISIONS.md).`,
            );
      }
    }
  }
  return problems;
}
