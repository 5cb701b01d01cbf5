/**
 * `npm run check:blog-code` (part of `npm run lint`): every fenced code block of a blog post runs
 * against the sandbox (a request or response body, executed by tests/unit/blog-code.test.ts) or says
 * why it cannot (`not-runnable="<why>"`). The rules live in scripts/lib/blog-code.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import logger from '@docusaurus/logger';
import {REPO_ROOT, isMain, listFiles, relPath} from './lib/files';
import {blogCodeProblems} from './lib/blog-code';

/** The posts of the site at `siteDir`. */
export const blogPosts = (siteDir: string): string[] => listFiles(path.join(siteDir, 'blog'), /\.mdx?$/);

/** Every problem of the site's posts, one message each (empty when clean). */
export function checkBlogCode(siteDir = REPO_ROOT): string[] {
  return blogPosts(siteDir).flatMap((f) => blogCodeProblems(relPath(siteDir, f), fs.readFileSync(f, 'utf8')));
}

if (isMain(__filename)) {
  const problems = checkBlogCode();
  for (const p of problems) logger.error(p);
  if (problems.length) {
    logger.error(`check:blog-code: ${problems.length} code block(s) neither run against the sandbox nor say why.`);
    process.exitCode = 1;
  } else logger.success('check:blog-code: every blog code block runs against the sandbox or says why it cannot.');
}
