#!/usr/bin/env node
/**
 * `npm run build`: `docusaurus build`, with two additions:
 * - when the build fails on broken links or anchors, it names the source file of each page the
 *   report lists (Docusaurus names only the URL). The page -> file map comes from
 *   plugins/route-sources. Arguments pass through to docusaurus.
 * - Node runs it with `--heap-growing-percent=10`: after each full garbage collection V8 lets the
 *   heap grow to 1.1x what survived, not the larger factor it picks by default. The build makes
 *   much short-lived garbage (MDX and HTML trees), which the default growth lets pile up at the
 *   peak; collecting earlier lowers the peak without slowing the build (`npm run bench:scale`
 *   measures both). The flag is not allowed in NODE_OPTIONS, hence the explicit `node` here; it is
 *   no limit, so a larger site still builds.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';
import {sourceFilesOfBrokenLinks} from '../plugins/route-sources/sources.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const docusaurus = createRequire(import.meta.url).resolve('@docusaurus/core/bin/docusaurus.mjs');
const child = spawn(process.execPath, ['--heap-growing-percent=10', docusaurus, 'build', ...process.argv.slice(2)], {
  cwd: root,
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
child.on('close', (code) => {
  if (code !== 0) {
    const file = path.join(root, '.docusaurus', 'route-sources.json');
    if (fs.existsSync(file)) {
      const lines = sourceFilesOfBrokenLinks(output, JSON.parse(fs.readFileSync(file, 'utf8')));
      if (lines.length) console.error(`\n${lines.join('\n')}`);
    }
  }
  process.exit(code ?? 1);
});
