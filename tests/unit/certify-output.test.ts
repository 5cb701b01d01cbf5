/**
 * The example output that README.md and the Certify page show is certify's real run, kept as a
 * file snapshot by tests/integration/certify-partners.test.ts. This test only reads: the pages are
 * updated by a person, with the script its message names.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {CERTIFY_OUTPUT_TARGETS, readCertifyOutput, withCertifyOutput} from '../../scripts/certify-output';
import {REPO_ROOT} from '../../scripts/lib/files';

describe('the example output of certify in the pages', () => {
  const block = readCertifyOutput();

  it.each(CERTIFY_OUTPUT_TARGETS.map((t) => [t.file, t] as const))('%s shows the snapshot', (file, target) => {
    const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    expect(
      withCertifyOutput(text, target, block) === text,
      `${file} differs from tests/integration/__snapshots__/certify-output.txt. Fix: npm run docs:certify-output, then review and commit it.`,
    ).toBe(true);
  });

  it('puts the block between the markers and refuses a file without them', () => {
    const [page] = CERTIFY_OUTPUT_TARGETS;
    const text = `intro\n${page.start}\nold\n${page.end}\nafter\n`;
    expect(withCertifyOutput(text, page, '```text\nnew\n```\n')).toBe(
      `intro\n${page.start}\n\n\`\`\`text\nnew\n\`\`\`\n\n${page.end}\nafter\n`,
    );
    expect(() => withCertifyOutput('no markers\n', page, 'x')).toThrow(
      'docs/v1/go-live/certify.mdx: the markers {/* certify-output:start */} and {/* certify-output:end */} are missing. Fix: put them back around the example output.',
    );
  });
});
