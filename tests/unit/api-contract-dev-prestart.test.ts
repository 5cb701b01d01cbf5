/**
 * plugins/api-contract/dev-prestart.ts: `npm start` compiles the contract in a second process from
 * the config's first import, once per process, and the plugin's first load waits for it.
 */
import {EventEmitter} from 'node:events';
import {afterEach, describe, expect, it} from 'vitest';
import {
  contractCompiled,
  forgetContractCompile,
  isDevStart,
  startContractCompile,
  type CompileChild,
} from '../../plugins/api-contract/dev-prestart';

/** A child process whose exit the test decides. */
function fakeChild(): CompileChild & {exit(code: number | null): void; fail(): void; killed: boolean} {
  const events = new EventEmitter();
  const child = {
    killed: false,
    kill: () => (child.killed = true),
    once: (event: string, listener: (arg: never) => void) =>
      events.once(event, listener as (...args: unknown[]) => void),
    exit: (code: number | null) => void events.emit('exit', code),
    fail: () => void events.emit('error', new Error('spawn failed')),
  };
  return child;
}

afterEach(() => forgetContractCompile());

describe('the contract compiled beside the config load', () => {
  it('runs in `docusaurus start` only', () => {
    const argv = (command: string) => ['node', 'docusaurus.mjs', command, '--port', '3000'];
    expect(isDevStart(argv('start'), {NODE_ENV: 'development'})).toBe(true);
    expect(isDevStart(argv('build'), {NODE_ENV: 'production'})).toBe(false);
    expect(isDevStart(argv('swizzle'), {NODE_ENV: 'development'})).toBe(false);
    expect(isDevStart(argv('start'), {NODE_ENV: 'test'})).toBe(false);
  });

  it('starts one child per process, and the first load waits for its exit', async () => {
    const children: ReturnType<typeof fakeChild>[] = [];
    const start = () => {
      const child = fakeChild();
      children.push(child);
      return child;
    };
    const first = startContractCompile(start);
    expect(startContractCompile(start)).toBe(first);
    expect(children).toHaveLength(1);
    let waited = false;
    const load = contractCompiled().then((ok) => (waited = ok));
    await Promise.resolve();
    expect(waited).toBe(false);
    children[0]?.exit(0);
    await load;
    expect(waited).toBe(true);
  });

  it('reports a compile that failed or never started, so the load compiles and names the problem', async () => {
    const failed = fakeChild();
    const exit = startContractCompile(() => failed);
    failed.exit(1);
    await expect(exit).resolves.toBe(false);
    forgetContractCompile();
    const broken = fakeChild();
    const error = startContractCompile(() => broken);
    broken.fail();
    await expect(error).resolves.toBe(false);
    forgetContractCompile();
    await expect(contractCompiled()).resolves.toBe(false);
  });
});
