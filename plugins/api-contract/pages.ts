/**
 * The MDX files of the content folders and the route Docusaurus gives each: shared by the contract
 * loader (which page shows which operation) and the prose checks.
 */
import fs from 'node:fs';
import path from 'node:path';
import {SITE_DIR} from './paths';

export function* mdxFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* mdxFiles(full);
    else if (/\.mdx?$/.test(entry.name)) yield full;
  }
}

/**
 * Site path of a docs or pages file, as Docusaurus routes it (front-matter `slug` honoured: one
 * starting with `/` is relative to the docs root, any other to the file's folder). `siteDir` lets
 * scripts/check-content.ts run this on a fixture site.
 */
export function routeOf(file: string, source: string, siteDir = SITE_DIR): string {
  const relPath = path.relative(siteDir, file).split(path.sep).join('/');
  const slug = /^---[\s\S]*?^slug:\s*['"]?([^'"\n]+)['"]?\s*$[\s\S]*?^---/m.exec(source)?.[1];
  if (relPath.startsWith('docs/')) {
    if (slug) return slug.startsWith('/') ? `/docs${slug}` : path.posix.join('/', path.posix.dirname(relPath), slug);
    const noExt = relPath.replace(/\.mdx?$/, '');
    return noExt.endsWith('/index') ? `/${noExt.slice(0, -'index'.length)}` : `/${noExt}`;
  }
  if (relPath.startsWith('src/pages/')) {
    const noExt = relPath.slice('src/pages'.length).replace(/\.(mdx?|[jt]sx?)$/, '');
    return noExt.replace(/\/index$/, '/') || '/';
  }
  return `/${relPath}`;
}
