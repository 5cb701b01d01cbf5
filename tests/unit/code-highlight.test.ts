/**
 * core/code/highlight.ts and core/code/html.ts over every operation's code samples, as the pages
 * show them (issue 34). The samples wrap in their column (src/css/served/reference.css): a URL may
 * break after its separators, never inside a word ("servi/ce/aeps/withdrawal" on a phone), so each
 * separator of every URL is followed by a <wbr>; and the text, which the copy button copies, is the
 * sample as generated, the URL whole. That the browser breaks at them is tests/e2e/reference-layout.
 */
import {describe, expect, it} from 'vitest';
import {breakOffsets, highlightToHtml, loadLanguages} from '#core/code/highlight';
import {contractSite} from '#node/contract/load';
import {loadedContract} from '../helpers/contract';

/** A <wbr>, as a character no sample holds. */
const WBR = '\u0001';
const ENTITIES: Readonly<Record<string, string>> = {'&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&'};

/** The highlighted HTML as text, each <wbr> shown as WBR. */
const shown = (html: string): string =>
  html
    .replace(/<wbr>/g, WBR)
    .replace(/<[^>]+>/g, '')
    .replace(/&(lt|gt|quot|amp);/g, (e) => ENTITIES[e] ?? e);

/** Each URL of `text` with a separator not followed by a <wbr> before a letter or digit, marked. */
function unbreakableUrls(text: string): string[] {
  return Array.from(text.matchAll(/https?:\/\/[^\s"'`<>)\\]+/g), (m) => m[0]).filter((url) =>
    /[/.?&=_-][A-Za-z0-9]/.test(url),
  );
}

await loadLanguages();
const {views} = contractSite(await loadedContract(), (file) => `/${file}`);

describe('breakOffsets and the highlighted line', () => {
  it('puts a <wbr> after each separator of a URL that the highlighter cut into short tokens', () => {
    // YAML cuts this line into a dozen tokens, none 25 characters long.
    const line = '- run: node certify.mjs --webhook-url http://localhost:3000/webhooks/rupeerail --secret x';
    expect(shown(highlightToHtml(line, 'yaml')).replaceAll(WBR, '|')).toContain(
      'http://|localhost:3000/|webhooks/|rupeerail',
    );
    expect(breakOffsets('a/b https://sandbox.example/api/v1')).toEqual(new Set([12, 20, 28, 32]));
  });
});

describe('every operation code sample', () => {
  it('breaks each URL only after a separator, and its text is the sample as generated', () => {
    const problems: string[] = [];
    let urls = 0;
    for (const op of views.operations)
      for (const sample of op.samples) {
        const text = shown(highlightToHtml(sample.code, sample.prism));
        if (text.replaceAll(WBR, '') !== `${sample.code}\n`) problems.push(`${op.id} ${sample.label}: text changed`);
        urls += text.match(/https?:\/\//g)?.length ?? 0;
        for (const url of unbreakableUrls(text)) problems.push(`${op.id} ${sample.label}: ${url.replaceAll(WBR, '|')}`);
      }
    expect(problems).toEqual([]);
    expect(urls).toBeGreaterThan(views.operations.length * 5);
  });
});
