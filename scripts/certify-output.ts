/**
 * `npm run docs:certify-output`: copies certify's example output into the two places that show
 * it, README.md and docs/v1/go-live/certify.mdx, between their `certify-output` markers.
 *
 * The output is a real run kept as a Vitest file snapshot,
 * tests/integration/__snapshots__/certify-output.txt: when certify's output changes,
 * `npx vitest run tests/integration/certify-partners.test.ts -u` updates the snapshot, then this
 * script updates the pages. A test never writes them (issue 35); tests/unit/certify-output.test.ts
 * fails while they differ from the snapshot, naming this script.
 */
import fs from 'node:fs';
import path from 'node:path';
import {REPO_ROOT, isMain, relPath} from './lib/files';

export const CERTIFY_OUTPUT_SNAPSHOT = 'tests/integration/__snapshots__/certify-output.txt';

/** Each file that shows the output, with the markers around it. */
export const CERTIFY_OUTPUT_TARGETS = [
  {file: 'docs/v1/go-live/certify.mdx', start: '{/* certify-output:start */}', end: '{/* certify-output:end */}'},
  {file: 'README.md', start: '<!-- certify-output:start -->', end: '<!-- certify-output:end -->'},
] as const;

export type CertifyOutputTarget = (typeof CERTIFY_OUTPUT_TARGETS)[number];

/** `text` with `block` between the target's markers, a blank line either side (as Prettier and markdownlint leave them). */
export function withCertifyOutput(text: string, target: CertifyOutputTarget, block: string): string {
  const from = text.indexOf(target.start);
  const to = text.indexOf(target.end);
  if (from < 0 || to < from)
    throw new Error(
      `${target.file}: the markers ${target.start} and ${target.end} are missing. Fix: put them back around the example output.`,
    );
  return `${text.slice(0, from + target.start.length)}\n\n${block.trimEnd()}\n\n${text.slice(to)}`;
}

export const readCertifyOutput = (root = REPO_ROOT): string =>
  fs.readFileSync(path.join(root, CERTIFY_OUTPUT_SNAPSHOT), 'utf8');

if (isMain(__filename)) {
  const block = readCertifyOutput();
  for (const target of CERTIFY_OUTPUT_TARGETS) {
    const file = path.join(REPO_ROOT, target.file);
    const text = fs.readFileSync(file, 'utf8');
    const next = withCertifyOutput(text, target, block);
    if (next !== text) fs.writeFileSync(file, next);
    console.log(`${relPath(REPO_ROOT, file)}: ${next === text ? 'up to date' : 'updated'}`);
  }
}
