/** File helpers shared by the content and prose checks. */
import fs from 'node:fs';
import path from 'node:path';
import {parseYaml} from '@redocly/openapi-core';

/** The repository root (this file lives in scripts/lib/). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Path relative to `root`, with forward slashes, for messages and ids. */
export const relPath = (root: string, file: string): string => path.relative(root, file).split(path.sep).join('/');

/** Every file under `dir` whose name matches `pattern`, sorted; none if `dir` does not exist. */
export function listFiles(dir: string, pattern: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, pattern));
    else if (pattern.test(entry.name)) out.push(full);
  }
  return out.sort();
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

/** The YAML front matter at the top of an MD/MDX file, or undefined when it has none. */
export function frontMatter(source: string): Record<string, unknown> | undefined {
  const block = FRONT_MATTER.exec(source)?.[1];
  if (block === undefined) return undefined;
  const data: unknown = parseYaml(block);
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

/** True when this module is the script node/tsx was started with (not imported by a test). */
export const isMain = (file: string): boolean => path.resolve(process.argv[1] ?? '') === file;
