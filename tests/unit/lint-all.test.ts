import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {CHECKS, runAll, scriptCommand} from '../../scripts/lint-all.mjs';

describe('npm run lint', () => {
  it('runs every check after a failure and names each failed one in the summary', async () => {
    const ran: string[] = [];
    const {ok, summary} = await runAll(
      CHECKS,
      (script: string) => {
        ran.push(script);
        return Promise.resolve({ok: script !== 'lint:format' && script !== 'lint:spell', output: ''});
      },
      () => undefined,
    );
    expect(ran).toEqual([
      'lint:typed',
      'lint:contract',
      'lint:format',
      'lint:deps',
      'lint:spell',
      'lint:content',
      'lint:md',
      'lint:prose',
      'lint:behaviour',
      'check:blog-code',
      'lint:journeys',
    ]);
    expect(ok).toBe(false);
    expect(summary.at(-1)).toBe('2 of 11 checks failed: Prettier, spelling. Each printed its problems above.');
    expect(summary[3]).toBe('  FAILED  Prettier        npm run lint:format');
  });

  it('runs two checks at a time, prints each one whole as it ends, and sums up in the checks order', async () => {
    const checks = [
      ['slow', 'a'],
      ['quick', 'b'],
      ['third', 'c'],
    ] as const;
    const finish = new Map<string, () => void>();
    const running = new Set<string>();
    let most = 0;
    const logged: string[] = [];
    const done = runAll(
      checks,
      (script: string) =>
        new Promise((resolve) => {
          running.add(script);
          most = Math.max(most, running.size);
          finish.set(script, () => {
            running.delete(script);
            resolve({ok: script !== 'a', output: `output of ${script}\n`});
          });
        }),
      (line: string) => logged.push(line.replace(/ in [\d.]+ s$/, '')),
      2,
    );
    await Promise.resolve();
    expect([...running]).toEqual(['a', 'b']);
    finish.get('b')!();
    await new Promise((r) => setImmediate(r));
    expect([...running]).toEqual(['a', 'c']);
    finish.get('c')!();
    finish.get('a')!();
    const {ok, summary} = await done;
    expect(most).toBe(2);
    expect(logged).toEqual([
      '\n=== quick (npm run b): ok',
      'output of b',
      '\n=== third (npm run c): ok',
      'output of c',
      '\n=== slow (npm run a): FAILED',
      'output of a',
    ]);
    expect(ok).toBe(false);
    expect(summary).toEqual([
      'lint summary:',
      '  FAILED  slow            npm run a',
      '  ok      quick           npm run b',
      '  ok      third           npm run c',
      '1 of 3 checks failed: slow. Each printed its problems above.',
    ]);
  });

  it("runs each check as npm would, without npm: package.json's line, node_modules/.bin first on the PATH", () => {
    const root = path.resolve(__dirname, '../..');
    const {command, env} = scriptCommand('lint:spell', root, {PATH: '/usr/bin'});
    expect(command).toBe('cspell --no-progress');
    expect(env.PATH).toBe(`${path.join(root, 'node_modules', '.bin')}${path.delimiter}/usr/bin`);
    for (const [, script] of CHECKS) expect(scriptCommand(script, root).command).toBeTruthy();
    expect(() => scriptCommand('lint:nothing', root)).toThrow('no script "lint:nothing" in package.json');
  });
});
