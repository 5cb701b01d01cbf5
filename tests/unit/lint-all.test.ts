import {describe, expect, it} from 'vitest';
import {CHECKS, runAll} from '../../scripts/lint-all.mjs';

describe('npm run lint', () => {
  it('runs every check after a failure and names each failed one in the summary', () => {
    const ran: string[] = [];
    const {ok, summary} = runAll(
      CHECKS,
      (script: string) => {
        ran.push(script);
        return script !== 'lint:format' && script !== 'lint:spell';
      },
      () => undefined,
    );
    expect(ran).toEqual([
      'typecheck',
      'lint:code',
      'lint:deps',
      'lint:format',
      'lint:md',
      'lint:spell',
      'lint:prose',
      'lint:behaviour',
      'check:content',
      'check:blog-code',
      'lint:contract',
    ]);
    expect(ok).toBe(false);
    expect(summary.at(-1)).toBe('2 of 11 checks failed: Prettier, spelling. Each printed its problems above.');
    expect(summary[4]).toBe('  FAILED  Prettier        npm run lint:format');
  });
});
