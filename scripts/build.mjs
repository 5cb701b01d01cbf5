#!/usr/bin/env node
/**
 * `npm run build`: `docusaurus build`, with these additions:
 * - first, types/generated.d.ts is written again from the manifest of generated data
 *   (node/generated.ts, through scripts/generated-types.mjs) when it changed.
 * - when the build fails on broken links or anchors, it names the source file of each page the
 *   report lists (Docusaurus names only the URL). The page -> file map comes from
 *   plugins/route-sources. Arguments pass through to docusaurus.
 * - after a successful build it writes /downloads/certify.mjs, the go-live check (certify/src/bundle.ts).
 * The paths of the files it writes and reads come from node/generated.ts.
 * - its generated files go to .docusaurus-build/, not the dev server's .docusaurus/
 *   (scripts/lib/build-generated-dir.mjs), so a build beside `npm start` leaves the dev server alone.
 * - Node runs it with `--heap-growing-percent=10`: after each full garbage collection V8 lets the
 *   heap grow to 1.1x what survived, not the larger factor it picks by default. The build makes
 *   much short-lived garbage (MDX and HTML trees), which the default growth lets pile up at the
 *   peak; collecting earlier lowers the peak without slowing the build (`npm run bench:scale`
 *   measures both). The flag is not allowed in NODE_OPTIONS, hence the explicit `node` here; it is
 *   no limit, so a larger site still builds.
 */
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';
import {tsImport} from 'tsx/esm/api';
import {sourceFilesOfBrokenLinks} from '../plugins/route-sources/sources.mjs';
import {buildEnvironment} from './lib/build-generated-dir.mjs';
import {writeDeclarations} from './generated-types.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const docusaurus = createRequire(import.meta.url).resolve('@docusaurus/core/bin/docusaurus.mjs');
const env = buildEnvironment(process.env);
const manifest = await tsImport('../node/generated.ts', import.meta.url);
const declared = await writeDeclarations();
if (declared) console.log(`Wrote ${declared} from node/generated.ts (commit it).`);
const child = spawn(process.execPath, ['--heap-growing-percent=10', docusaurus, 'build', ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: ['inherit', 'pipe', 'pipe'],
});
let output = '';
for (const [stream, sink] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  stream.on('data', (chunk) => {
    output += chunk;
    sink.write(chunk);
  });
}
/** The output folder docusaurus wrote (its --out-dir, else build/). */
function outDir(args) {
  const i = args.findIndex((a) => a === '--out-dir' || a.startsWith('--out-dir='));
  if (i < 0) return path.join(root, 'build');
  return path.resolve(args[i].includes('=') ? args[i].split('=')[1] : args[i + 1]);
}

/**
 * The go-live check as a site download (issue 27): certify/src/bundle.ts writes the one file,
 * /downloads/certify.mjs, beside the contract downloads. Its failure fails the build.
 */
function writeCertifyDownload() {
  const out = manifest.generatedPath('certify', undefined, {outDir: outDir(process.argv.slice(2))});
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const res = spawnSync(process.execPath, [tsx, path.join(root, 'certify', 'src', 'bundle.ts'), '--out', out], {
    cwd: root,
    stdio: 'inherit',
  });
  return res.status ?? 1;
}

child.on('close', (code) => {
  if (code === 0) process.exit(writeCertifyDownload());
  if (code !== 0) {
    const file = manifest.generatedPath('routeSources', undefined, {
      generatedFilesDir: manifest.generatedFilesDir(env),
    });
    if (fs.existsSync(file)) {
      const lines = sourceFilesOfBrokenLinks(output, JSON.parse(fs.readFileSync(file, 'utf8')));
      if (lines.length) console.error(`\n${lines.join('\n')}`);
    }
  }
  process.exit(code ?? 1);
});
