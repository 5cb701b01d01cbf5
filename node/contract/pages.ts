/**
 * The MDX files of the content folders: shared by the contract loader (which page shows which
 * operation) and the prose checks. Where each is served is Docusaurus' business (the plugin's lib/permalinks.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

export function* mdxFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* mdxFiles(full);
    else if (/\.mdx?$/.test(entry.name)) yield full;
  }
}
