#!/usr/bin/env node
/**
 * `npm run build`: `docusaurus build`, with one addition: when the build fails on broken links or
 * anchors, it names the source file of each page the report lists (Docusaurus names only the URL).
 * The page -> file map comes from plugins/route-sources. Arguments pass through to docusaurus.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {sourceFilesOfBrokenLinks} from '../plugins/route-sources/sources.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn('npx', ['docusaurus', 'build', ...process.argv.slice(2)], {
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
