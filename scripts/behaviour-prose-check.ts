/**
 * `npm run lint:behaviour` (part of `npm run lint`): docs, blog and src/pages MDX, and the prose of
 * the journeys (openapi/journeys/), state what a payment does after it is sent only through the behaviour model (`<Fact id="..." />`, the overview's
 * `<BehaviourTable>`), never by hand, and a family overview or an operation page shows its journeys
 * from the workflows, never as numbered API calls written by hand. The rules live in scripts/lib/behaviour-prose.ts; what the lint
 * cannot read goes on scripts/behaviour-prose-allow.yaml (at most 10 entries, each with its reason).
 */
import fs from 'node:fs';
import path from 'node:path';
import logger from '@docusaurus/logger';
import {REPO_ROOT, isMain, listFiles, relPath} from './lib/files';
import {parseYaml} from '@redocly/openapi-core';
import {applyAllowList, findBehaviour, findStepLists, parseAllowList} from './lib/behaviour-prose';

export const ALLOW_LIST = 'scripts/behaviour-prose-allow.yaml';

/** The pages the lint reads: every MDX page of docs/ and blog/, and the partials of src/pages/. */
export function behaviourPages(siteDir: string): string[] {
  return ['docs', 'blog', path.join('src', 'pages')].flatMap((d) => listFiles(path.join(siteDir, d), /\.mdx$/));
}

/** The journey files (openapi/journeys/), whose prose the family pages show. */
export function journeyFiles(siteDir: string): string[] {
  return listFiles(path.join(siteDir, 'openapi', 'journeys'), /\.arazzo\.yaml$/);
}

const PROSE_KEY = /^(\s*(?:-\s+)?(?:summary|description|does):\s*)(.*)$/;

/**
 * A journey file with everything but its prose blanked, line for line and column for column: the
 * values of `summary`, `description` and `does` (a folded `>-` value's lines too). Names, payloads,
 * criteria and URLs are not prose, and a rule would misread them.
 */
export function journeyProse(text: string): string {
  let folded: number | undefined;
  return text
    .split('\n')
    .map((line) => {
      const indent = /^\s*/.exec(line)?.[0].length ?? 0;
      if (folded !== undefined && (line.trim() === '' || indent > folded)) return line;
      folded = undefined;
      const m = PROSE_KEY.exec(line);
      if (!m) return '';
      const [, key = '', value = ''] = m;
      if (/^[>|][-+]?$/.test(value.trim())) {
        folded = indent;
        return '';
      }
      return ' '.repeat(key.length) + value.replace(/^(["'])(.*)\1$/, ' $2 ');
    })
    .join('\n');
}

/** The family overview pages, as the behaviour model names them (`overview:` in openapi/behaviour/<family>.yaml). */
export function overviewPages(siteDir: string): string[] {
  const named = listFiles(path.join(siteDir, 'openapi', 'behaviour'), /\.yaml$/).flatMap((f) => {
    const data: unknown = parseYaml(fs.readFileSync(f, 'utf8'));
    const overview = data && typeof data === 'object' ? (data as {overview?: unknown}).overview : undefined;
    return typeof overview === 'string' ? [path.join(siteDir, overview)] : [];
  });
  return [...new Set(named)].filter((f) => fs.existsSync(f)).sort();
}

/** The operation pages: every docs page that shows an operation's reference (`<Endpoint op>`). */
export function operationPages(siteDir: string): string[] {
  return listFiles(path.join(siteDir, 'docs'), /\.mdx$/).filter((f) => /<Endpoint\s/.test(fs.readFileSync(f, 'utf8')));
}

/**
 * The pages where a journey is never a numbered list of API calls written by hand: the family
 * overviews and the operation pages (issue 32, 4). Elsewhere (a guide, a blog post) a numbered list
 * may still link the calls it discusses.
 */
export function stepListPages(siteDir: string): string[] {
  return [...new Set([...overviewPages(siteDir), ...operationPages(siteDir)])].sort();
}

/**
 * Whether a link of `page` leads to an operation's page (one that shows `<Endpoint op>`): a relative
 * link to an MDX file, or a docs route.
 */
export function operationLinkTest(siteDir: string, page: string): (href: string) => boolean {
  return (href) => {
    const target = href.replace(/[#?].*$/, '');
    const candidates = /^\/docs\//.test(target)
      ? [`${target.slice(1)}.mdx`, `${target.slice(1)}/index.mdx`].map((f) => path.join(siteDir, f))
      : /\.mdx$/.test(target) && !/^[a-z]+:/i.test(target)
        ? [path.resolve(path.dirname(page), decodeURIComponent(target))]
        : [];
    const file = candidates.find((f) => fs.existsSync(f));
    return file !== undefined && /<Endpoint\s/.test(fs.readFileSync(file, 'utf8'));
  };
}

/** Every problem of the site at `siteDir`, one message each (empty when clean). */
export function checkBehaviourProse(siteDir = REPO_ROOT): string[] {
  const findings = [
    ...behaviourPages(siteDir).flatMap((f) => findBehaviour(relPath(siteDir, f), fs.readFileSync(f, 'utf8'))),
    ...journeyFiles(siteDir).flatMap((f) =>
      findBehaviour(relPath(siteDir, f), journeyProse(fs.readFileSync(f, 'utf8')), true),
    ),
    ...stepListPages(siteDir).flatMap((f) =>
      findStepLists(relPath(siteDir, f), fs.readFileSync(f, 'utf8'), operationLinkTest(siteDir, f)),
    ),
  ];
  const allowFile = path.join(siteDir, ALLOW_LIST);
  let allow;
  try {
    allow = fs.existsSync(allowFile) ? parseAllowList(ALLOW_LIST, fs.readFileSync(allowFile, 'utf8')) : [];
  } catch (e) {
    return [(e as Error).message];
  }
  const left = applyAllowList(ALLOW_LIST, findings, allow);
  return [...left.findings.map((f) => f.message), ...left.stale];
}

if (isMain(__filename)) {
  const problems = checkBehaviourProse();
  for (const p of problems) logger.error(p);
  if (problems.length) {
    logger.error(`lint:behaviour: ${problems.length} problem(s): behaviour is stated by the model, not by hand.`);
    process.exitCode = 1;
  } else logger.success('lint:behaviour: no hand-written behaviour in docs, blog, src/pages or the journeys.');
}
