/**
 * `npm run certify:build`: writes certify/dist/certify.mjs, the go-live check as ONE ES module that
 * runs with Node 20 alone (issue 27): ./main.ts and what it imports (the sandbox engine, the
 * signature module, the rules), with its data embedded (./data.ts, derived here from the contract:
 * the compiled sandbox, the behaviour model, the response codes) and each family's validators.
 *
 *   npm run certify:build [-- --out certify/dist/certify.mjs]
 *
 * The site build ships the same file as /downloads/certify.mjs (scripts/build.mjs runs this after
 * `docusaurus build` with --out build/downloads/certify.mjs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {build} from 'esbuild';
import {site} from '../../site.config';
import {cachedCompiled, cachedContractSource} from '#node/contract/cache';
import {SITE_DIR} from '#node/contract/paths';
import {journeyRepeats} from '#core/certify/client-rules';
import {readJourneys} from '#node/contract/behaviour';
import {clientModel, sampleEvents, testValues, type CertifyData} from './data';

export const CERTIFY_FILE = 'certify.mjs';

/** Everything the tool carries, from the contract as the build loads it. */
export async function certifyData(): Promise<{data: CertifyData; validatorFiles: {family: string; text: string}[]}> {
  // The contract as the build (or lint:contract) compiled and checked it for these files: the cache.
  const source = await cachedContractSource({lint: 'skip'});
  const {sandbox, behaviour} = source;
  if (!behaviour.common)
    throw new Error('certify:build: openapi/behaviour/shared.yaml is missing; the polling policy comes from it.');
  const families = sandbox.families;
  const data: CertifyData = {
    site: {name: site.productName, url: site.url.replace(/\/$/, ''), apiVersion: site.apiVersion},
    index: sandbox.index,
    families,
    client: clientModel(
      behaviour.families,
      behaviour.common,
      families,
      behaviour.codes,
      journeyRepeats(readJourneys()),
    ),
    events: sampleEvents(families, behaviour.families),
    testValues: testValues(families, behaviour.families, sandbox.index),
  };
  const validatorFiles = (await cachedCompiled()).sandboxFiles.flatMap((f) => {
    const m = /^(.+)\.validators\.mjs$/.exec(f.name);
    return m ? [{family: m[1] as string, text: f.text}] : [];
  });
  return {data, validatorFiles};
}

/** The generated entry: the data and validators imported, then `main`. */
function entrySource(families: readonly string[]): string {
  const main = path.join(SITE_DIR, 'certify', 'src', 'main.ts');
  return [
    `import {main} from ${JSON.stringify(main)};`,
    `import data from './data.json';`,
    ...families.map((f, i) => `import * as v${i} from './${f}.validators.mjs';`),
    `const validators = {${families.map((f, i) => `${JSON.stringify(f)}: v${i}`).join(', ')}};`,
    'await main({data, validators});',
    '',
  ].join('\n');
}

/** Writes the single file; returns its path. */
export async function writeCertify(outFile: string): Promise<string> {
  const {data, validatorFiles} = await certifyData();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rupeerail-certify-'));
  try {
    fs.writeFileSync(path.join(work, 'data.json'), JSON.stringify(data));
    for (const v of validatorFiles) fs.writeFileSync(path.join(work, `${v.family}.validators.mjs`), v.text);
    fs.writeFileSync(path.join(work, 'entry.mjs'), entrySource(validatorFiles.map((v) => v.family)));
    await build({
      entryPoints: [path.join(work, 'entry.mjs')],
      outfile: outFile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      // Resolve the repository's own imports (#core/*, esbuild) from here, not from the temp folder.
      nodePaths: [path.join(SITE_DIR, 'node_modules')],
      absWorkingDir: SITE_DIR,
      banner: {
        js: `#!/usr/bin/env node\n// ${site.productName} go-live check (API ${site.apiVersion}), built by npm run certify:build. Usage: node certify.mjs --help\nimport {createRequire as __createRequire} from 'node:module'; const require = __createRequire(import.meta.url);`,
      },
    });
  } finally {
    fs.rmSync(work, {recursive: true, force: true});
  }
  return outFile;
}

async function cli(): Promise<void> {
  const {values} = parseArgs({
    options: {out: {type: 'string', default: path.join(SITE_DIR, 'certify', 'dist', CERTIFY_FILE)}},
  });
  const out = path.resolve(values.out);
  fs.mkdirSync(path.dirname(out), {recursive: true});
  await writeCertify(out);
  console.error(`certify:build: ${path.relative(process.cwd(), out)} (runs with node alone).`);
}

if (process.argv[1] && /bundle\.ts$/.test(process.argv[1]) && process.argv[1].includes('certify')) {
  cli().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
