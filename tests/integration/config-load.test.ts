/**
 * How Docusaurus loads the api-contract plugin with the config: through jiti, which compiles with
 * Babel every ES module package it meets. Redocly's openapi-core and the remark parser are required
 * by Node instead (node/native-require.ts): they were 504 of the 696 files jiti compiled for the
 * config, and 9 s of CPU of a first `npm start` (issue 35).
 *
 * Coupled to Docusaurus' internals: @docusaurus/utils `loadFreshModule` creates a jiti with
 * `{cache: true, requireCache: false, interopDefault: true}`; the same jiti, with `debug` on, says
 * which files it compiled (`[jiti] [transpile] <file>`).
 *
 * In process, but an integration test: it loads the plugin's whole module graph a second time
 * (2 s on an idle machine, 8 s at a load average of 12), more than the unit step can carry.
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {SITE_DIR} from '#node/generated';

type Jiti = (id: string) => unknown;
const docusaurusRequire = createRequire(createRequire(__filename).resolve('@docusaurus/utils'));
const createJiti = docusaurusRequire('jiti') as (file: string, options: Record<string, unknown>) => Jiti;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the api-contract plugin loaded as Docusaurus loads the config', () => {
  it('leaves Redocly and the remark parser to Node: jiti compiles none of their files', () => {
    const compiled: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      const file = args.find((a) => typeof a === 'string' && a.startsWith('/'));
      if (args[0] === '[jiti]' && String(args[1]).startsWith('[transpile]') && typeof file === 'string')
        compiled.push(path.relative(SITE_DIR, file));
    });
    const jiti = createJiti(path.join(SITE_DIR, 'docusaurus.config.ts'), {
      cache: true,
      requireCache: false,
      interopDefault: true,
      debug: true,
    });
    jiti(path.join(SITE_DIR, 'plugins', 'api-contract', 'index.ts'));
    expect(compiled).toContain('plugins/api-contract/index.ts');
    const packages = compiled.filter((f) =>
      /^node_modules\/(@redocly\/|unified\/|remark-|micromark\/|micromark-extension-)/.test(f),
    );
    expect(packages).toEqual([]);
  }, 120_000);
});
