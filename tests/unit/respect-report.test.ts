/**
 * scripts/lib/respect-report.ts: Respect's false `multipleOf` failures are dropped and nothing else
 * is. The messages are Respect 2.77's as its JSON report words them (colour codes included).
 */
import {describe, expect, it} from 'vitest';
import {realSchemaErrors, respectProblems, type RespectReport} from '../../scripts/lib/respect-report';

const block = (keyword: string, rule: string, line: string): string =>
  `${keyword} ${rule}\n\n   8 |     "contact_id": "cont_Q8m2Xh4Lp0Zr7T",\n>  9 |     ${line}\n     |               ^^^^^^^ 👈🏽  ${rule}\n  10 |     "mode": "IMPS",\n`;

const report = (message: string, headers: Record<string, string> = {}): RespectReport => ({
  files: {
    'journeys/payout.arazzo.yaml': {
      executedWorkflows: [
        {
          workflowId: 'payout-paid',
          executedSteps: [
            {
              stepId: 'create-order',
              checks: [{name: 'schema check', passed: !message, severity: 'warn', message}],
              response: {headers},
            },
          ],
        },
      ],
    },
  },
});

describe('respectProblems', () => {
  it("drops Respect's multipleOf failure of a two-decimal amount (2500.99 is a multiple of 0.01)", () => {
    const message = `\u001b[0m\n${block('MULTIPLEOF', 'must be multiple of 0.01', '"amount": 2500.99,')}\u001b[0m\n`;
    expect(respectProblems(report(message))).toEqual([]);
  });

  it('keeps a real multipleOf failure and every other schema error beside a false one', () => {
    const real = block('MULTIPLEOF', 'must be multiple of 0.01', '"amount": 2500.995,');
    const maximum = block('MAXIMUM', 'must be <= 1', '"charges": 5.9,');
    const message = `${block('MULTIPLEOF', 'must be multiple of 0.01', '"amount": 2500.99,')}\n${real}\n${maximum}`;
    expect(realSchemaErrors(message)).toEqual([real.trim(), maximum.trim()]);
  });

  it('fails an answer that carries Deprecation, naming the step and the fix', () => {
    expect(respectProblems(report('', {deprecation: '@1798761600'}))).toEqual([
      'journeys/payout.arazzo.yaml: workflow payout-paid, step create-order: the answer carries deprecation: @1798761600, so the call used a form the API retires. Fix: send it as the current form (the journeys proxy signs every call: openapi/DECISIONS.md).',
    ]);
  });
});
