/**
 * The files the reference shows as they are, read for the api-contract plugin's generated data
 * (node/contract/data.ts): the hand-written samples and the stylesheets served on their own.
 */
import fs from 'node:fs';
import path from 'node:path';
import {SAMPLE_LANGUAGES, type SampleLanguage} from '#core/code/languages';
import type {CodeSample} from '#core/contract/types';
import {SAMPLES_DIR, SITE_DIR} from './paths';

/** src/css/served/: stylesheets served as they are, linked where needed (data.ts `stylesheets`). */
export const SERVED_CSS_DIR = path.join(SITE_DIR, 'src', 'css', 'served');

/**
 * Hand-written samples (token signing, signature checks, the client wrappers), one file per
 * language: `<group>.<extension>`, or the name the reader saves it as (the wrappers, which each
 * operation's sample imports by that name).
 */
export function readSamples(
  group: string,
  fileOf = (lang: SampleLanguage) => `${group}.${lang.extension}`,
  samplesDir = SAMPLES_DIR,
): CodeSample[] {
  return SAMPLE_LANGUAGES.map((lang) => {
    const file = path.join(samplesDir, group, fileOf(lang));
    if (!fs.existsSync(file)) {
      throw new Error(
        `Missing ${path.relative(SITE_DIR, file)}: every language in core/code/languages.ts needs a ${group} sample.`,
      );
    }
    const label = lang.scriptLabel ?? lang.label;
    return {lang: lang.id, label, prism: lang.prism, code: fs.readFileSync(file, 'utf8').trimEnd()};
  });
}

/** The served stylesheets by file name. */
export function readServedStylesheets(dir = SERVED_CSS_DIR): Record<string, string> {
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.css'))
      .map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]),
  );
}
