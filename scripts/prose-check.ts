/**
 * `npm run lint:prose` (part of `npm run lint`): product, scheme and regulator names written in the
 * one right case. cspell checks spelling but matches words case-insensitively, so "Aeps", "Upi" or
 * "rupeeRail" pass it; this check catches them.
 *
 * Only prose is checked: code blocks, inline code, imports, JSX attribute values and expressions,
 * link targets and URLs are blanked first (keeping line and column numbers), and a name glued to a
 * path, host, file name or package (`/aeps/`, `rupeerail.example`, `@docusaurus/core`) is left alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import {REPO_ROOT, isMain, listFiles, relPath} from './lib/files';
import {proseOf} from './lib/prose-text';

export {proseOf};

/**
 * The accepted spelling of each name. To add one, add it here; the check flags every other casing
 * of the same letters (and of its plural with a lower-case "s": "VPAs" is fine, "Vpas" is not).
 */
export const NAMES: readonly string[] = [
  'RupeeRail',
  'AEPS',
  'BBPS',
  'UPI',
  'NPCI',
  'UIDAI',
  'IMPS',
  'NEFT',
  'RTGS',
  'DMT',
  'IFSC',
  'IIN',
  'UTR',
  'RRN',
  'VPA',
  'KYC',
  'eKYC',
  'GIBL',
  'mATM',
  'QuickBill',
  'Docusaurus',
];

export interface ProseProblem {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly found: string;
  readonly expected: string;
  readonly message: string;
}

const BY_LOWER = new Map(NAMES.map((n) => [n.toLowerCase(), n]));

/** The accepted form for a word, if the word is a mis-cased name (or plural of one). */
function expectedFor(word: string): string | undefined {
  const exact = BY_LOWER.get(word.toLowerCase());
  if (exact) return word === exact ? undefined : exact;
  if (/s$/i.test(word)) {
    const stem = BY_LOWER.get(word.slice(0, -1).toLowerCase());
    if (stem) return word === `${stem}s` ? undefined : `${stem}s`;
  }
  return undefined;
}

/** Characters that glue a word to a path, host, package, file name or identifier. */
const GLUE_BEFORE = /[/@._#$\\=]/;
const GLUE_AFTER = /^(?:[/@_\\(=]|\.\w)/;

export function checkProseText(file: string, source: string): ProseProblem[] {
  const text = proseOf(source);
  const problems: ProseProblem[] = [];
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  for (const m of text.matchAll(/[A-Za-z][A-Za-z0-9]*/g)) {
    const word = m[0];
    const at = m.index;
    const expected = expectedFor(word);
    if (!expected) continue;
    if (GLUE_BEFORE.test(text[at - 1] ?? '') || GLUE_AFTER.test(text.slice(at + word.length, at + word.length + 2)))
      continue;
    let line = lineStarts.length - 1;
    while ((lineStarts[line] ?? 0) > at) line--;
    const column = at - (lineStarts[line] ?? 0) + 1;
    problems.push({
      file,
      line: line + 1,
      column,
      found: word,
      expected,
      message: `${file}:${line + 1}:${column}: write "${expected}", not "${word}". If it is code, an id, a path or a URL, put it in backticks.`,
    });
  }
  return problems;
}

/** The prose files writers edit: docs, blog and MDX pages, README and CONTRIBUTING. */
export function proseFiles(siteDir: string): string[] {
  const mdx = /\.mdx?$/;
  return [
    ...['docs', 'blog', path.join('src', 'pages')].flatMap((d) => listFiles(path.join(siteDir, d), mdx)),
    ...['README.md', 'CONTRIBUTING.md'].map((f) => path.join(siteDir, f)).filter((f) => fs.existsSync(f)),
  ];
}

export function checkProse(siteDir = REPO_ROOT): ProseProblem[] {
  return proseFiles(siteDir).flatMap((f) => checkProseText(relPath(siteDir, f), fs.readFileSync(f, 'utf8')));
}

if (isMain(__filename)) {
  const problems = checkProse();
  for (const p of problems) console.error(p.message);
  if (problems.length) {
    console.error(
      `\nlint:prose: ${problems.length} name(s) in the wrong case (accepted spellings: scripts/prose-check.ts NAMES).`,
    );
    process.exitCode = 1;
  } else console.log('lint:prose: product and scheme names are cased correctly.');
}
