/** scripts/prose-check.ts: names in the wrong case are flagged in prose, and only in prose. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {checkProse, checkProseText} from '../../scripts/prose-check';

const messages = (source: string): string[] => checkProseText('docs/v1/x.mdx', source).map((p) => p.message);

describe('prose-check', () => {
  it('flags mis-cased product and scheme names with file, line, column and the right form', () => {
    expect(
      messages(
        '---\ntitle: Aeps cash withdrawal\ndescription: Pay with Upi.\n---\n\nThe Rupeerail and rupeeRail APIs, Bbps, and two Vpas.\n',
      ),
    ).toEqual([
      'docs/v1/x.mdx:2:8: write "AEPS", not "Aeps". If it is code, an id, a path or a URL, put it in backticks.',
      'docs/v1/x.mdx:3:23: write "UPI", not "Upi". If it is code, an id, a path or a URL, put it in backticks.',
      'docs/v1/x.mdx:6:5: write "RupeeRail", not "Rupeerail". If it is code, an id, a path or a URL, put it in backticks.',
      'docs/v1/x.mdx:6:19: write "RupeeRail", not "rupeeRail". If it is code, an id, a path or a URL, put it in backticks.',
      'docs/v1/x.mdx:6:35: write "BBPS", not "Bbps". If it is code, an id, a path or a URL, put it in backticks.',
      'docs/v1/x.mdx:6:49: write "VPAs", not "Vpas". If it is code, an id, a path or a URL, put it in backticks.',
    ]);
  });

  it('leaves code, ids, paths, hosts, packages, links and JSX attributes alone', () => {
    const source = [
      '---',
      'title: AEPS cash withdrawal',
      'description: Withdraw cash over AEPS.',
      'slug: /v1/service/aeps/withdrawal',
      'tags: [aeps, upi]',
      '---',
      "import Tabs from '@theme/Tabs';",
      '',
      'Call `aeps-cash-withdrawal` at https://sandbox.rupeerail.example/api/v1/service/aeps/withdrawal or',
      'docs.rupeerail.example, see [the AEPS page](/docs/v1/aeps) and @docusaurus/core.',
      '',
      '<Endpoint op="aeps-cash-withdrawal" data={{label: "Aeps"}} />',
      '',
      '```bash',
      'curl https://sandbox.rupeerail.example/aeps # Upi',
      '```',
      '',
      '{/* Aeps in a comment */} UPI, VPAs, RupeeRail, mATM and e-KYC are fine.',
    ].join('\n');
    expect(messages(source)).toEqual([]);
  });

  it('reads docs, blog and MDX pages of a directory', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prose-'));
    try {
      fs.mkdirSync(path.join(dir, 'blog'));
      fs.writeFileSync(path.join(dir, 'blog', 'post.mdx'), 'Hello from Upi.\n');
      fs.writeFileSync(path.join(dir, 'README.md'), 'Fine: UPI.\n');
      expect(checkProse(dir).map((p) => `${p.file}:${p.line}:${p.column} ${p.found} -> ${p.expected}`)).toEqual([
        'blog/post.mdx:1:12 Upi -> UPI',
      ]);
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });
});
