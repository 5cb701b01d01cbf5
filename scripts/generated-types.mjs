#!/usr/bin/env node
/**
 * `npm run generated:types`: writes types/generated.d.ts from the manifest of generated data
 * (node/generated.ts `declarations`), so the types of the browser's `@generated/...` imports are
 * declared once, there. `npm run build` runs it first; tests/unit/generated.test.ts fails when the
 * committed file differs from what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {tsImport} from 'tsx/esm/api';

/** Writes the declarations when they changed; returns the file's path relative to the site, or undefined when unchanged. */
export async function writeDeclarations() {
  const manifest = await tsImport('../node/generated.ts', import.meta.url);
  const file = path.join(manifest.SITE_DIR, manifest.DECLARATIONS_FILE);
  const text = manifest.declarations();
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return undefined;
  fs.writeFileSync(file, text);
  return manifest.DECLARATIONS_FILE;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = await writeDeclarations();
  console.log(written ? `Wrote ${written} from node/generated.ts.` : 'types/generated.d.ts is up to date.');
}
