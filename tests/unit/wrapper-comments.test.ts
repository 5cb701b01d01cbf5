/**
 * core/behaviour/wrapper-comments.ts (issue 32, 5): no client wrapper of samples/client/ states a
 * response code's meaning the derived code table does not give for every operation; a comment that
 * does ("1 done; 3 failed") is refused with the file, the line and the fix.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {codeClaims, wrapperCommentProblems} from '#core/behaviour/wrapper-comments';
import {SITE_DIR} from '#node/contract/paths';
import {loadedContract} from '../helpers/contract';

const {behaviour} = await loadedContract();
const DIR = path.join(SITE_DIR, 'samples', 'client');

describe('the client wrappers state no code meaning by hand', () => {
  it.each(fs.readdirSync(DIR))('%s says only what the derived table says for every operation', (name) => {
    const file = `samples/client/${name}`;
    expect(wrapperCommentProblems(file, fs.readFileSync(path.join(DIR, name), 'utf8'), behaviour.codes)).toEqual([]);
  });

  it('refuses a comment that says what a code means, in its words or beside a case, naming the fix', () => {
    const text =
      'if code in (1, 3, 4):\n    # 1 done; 3 failed, nothing moved\n    case 4: // a repeat of the referenceid\n';
    const problems = wrapperCommentProblems('samples/client/bad.py', text, behaviour.codes);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      /^samples\/client\/bad\.py:2: the comment "1 done; 3 failed, nothing moved" says what response_code 1 means \(done\); the derived code table gives it per operation \(retry rules: [a-z-, ]+\)\. Fix: say it generically \("what it means for this call is in its code table, \/ResponseCode"\), or state only what the table says for every operation\.$/,
    );
    expect(codeClaims(text).map((c) => [c.line, c.code, c.word])).toEqual([
      [2, 1, 'done'],
      [2, 3, 'failed'],
      [3, 4, 'a repeat'],
    ]);
  });

  it('lets a comment say the outcome of code 5 is unknown only while the table asks the status call for it everywhere', () => {
    const text = '// On no answer or code 5 the outcome is unknown: ask the status call.\n';
    expect(behaviour.codes.filter((r) => r.code === 5).every((r) => r.retry === 'status')).toBe(true);
    expect(wrapperCommentProblems('w.mjs', text, behaviour.codes)).toEqual([]);
    const changed = behaviour.codes.map((r) => (r.code === 5 ? {...r, retry: 'new-ref' as const} : r));
    expect(wrapperCommentProblems('w.mjs', text, changed)).toEqual([
      'w.mjs:1: the comment "On no answer or code 5 the outcome is unknown: ask the status call." says what response_code 5 means (unknown); the derived code table gives it per operation (retry rules: new-ref). Fix: say it generically ("what it means for this call is in its code table, /ResponseCode"), or state only what the table says for every operation.',
    ]);
  });
});
