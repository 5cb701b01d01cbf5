/**
 * Which contract ids a page names (node/contract/load.ts `pageUses`, `scanPages`): read from
 * the page's MDX syntax tree, as the site's MDX loader reads it. Two cases the former regex got
 * wrong: an id attribute that is not the first attribute, and a component written in a code fence.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {ContractLoadError, PAGE_SCAN_CODE, pageScanCodeKey, pageUses, scanPages} from '#node/contract/load';
import {SITE_DIR} from '#node/contract/paths';

const FILE = 'docs/v1/demo.mdx';
const summary = (source: string): string[] => pageUses(source, FILE).map((u) => `${u.line} ${u.component} ${u.id}`);

describe('pageUses', () => {
  it('finds the id attribute anywhere among the attributes', () => {
    expect(summary('# Pay\n\n<Endpoint section="request" op="demo-pay" />\n')).toEqual(['3 Endpoint demo-pay']);
    expect(summary('<OperationList\n  title="All"\n  tag="demo"\n/>\n')).toEqual(['1 OperationList demo']);
  });

  it('never reads a component inside a code fence or inline code', () => {
    const source = [
      'Write `<Endpoint op="demo-inline" />` on the page.',
      '',
      '```mdx',
      '<Endpoint op="demo-fenced" />',
      '```',
      '',
      '<WebhookEvent op="demo-event" />',
      '',
    ].join('\n');
    expect(summary(source)).toEqual(['7 WebhookEvent demo-event']);
  });

  it('keeps the kind, attribute and file of each use, and skips an id that is not a literal', () => {
    expect(pageUses('<Endpoint op={id} />\n\n<Endpoint op="demo-pay" />\n', FILE)).toEqual([
      {id: 'demo-pay', kind: 'operation', component: 'Endpoint', attr: 'op', file: FILE, line: 3},
    ]);
  });

  it('fails on a page that is not MDX, naming the file and line', () => {
    expect(() => pageUses('Text\n\n<Endpoint op="x"\n', FILE)).toThrow(ContractLoadError);
    expect(() => pageUses('Text\n\n<Endpoint op="x"\n', FILE)).toThrow(/^docs\/v1\/demo\.mdx:\d+:\d+: not valid MDX: /);
  });
});

describe('scanPages', () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-'));
  afterAll(() => fs.rmSync(site, {recursive: true, force: true}));
  const docs = path.join(site, 'docs');
  fs.mkdirSync(docs, {recursive: true});
  fs.writeFileSync(path.join(docs, 'a.mdx'), '---\ntitle: A\n---\n\n<Endpoint title="Pay" op="demo-pay" />\n');

  it('reads every page of the content folders, and again when a page changes', () => {
    expect(scanPages([docs], site).map((u) => `${u.file}:${u.line} ${u.id}`)).toEqual(['docs/a.mdx:5 demo-pay']);
    fs.writeFileSync(path.join(docs, 'a.mdx'), '```\n<Endpoint op="demo-pay" />\n```\n');
    expect(scanPages([docs], site)).toEqual([]);
  });

  it("keeps each page's scan on disk by its text, for the next process (the dev server's next start)", () => {
    const kept = path.join(SITE_DIR, '.cache', 'page-uses');
    const files = (): string[] => (fs.existsSync(kept) ? fs.readdirSync(kept) : []);
    // A page no run has scanned before: its text is new.
    fs.writeFileSync(path.join(docs, 'b.mdx'), `<Endpoint op="demo-${Date.now().toString(36)}" />\n`);
    const before = new Set(files());
    scanPages([docs], site);
    const added = files().filter((f) => !before.has(f));
    for (const f of added) fs.rmSync(path.join(kept, f));
    expect(added).toHaveLength(1);
  });
});

describe('pageScanCodeKey', () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-key-'));
  afterAll(() => fs.rmSync(site, {recursive: true, force: true}));
  const write = (file: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
    fs.writeFileSync(path.join(site, file), text);
  };
  for (const file of PAGE_SCAN_CODE) write(file, `// ${file}\n`);

  it("hashes the content of the scanning code, read from the site's files", () => {
    const key = pageScanCodeKey(site);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(pageScanCodeKey(site)).toBe(key);
    write('node/mdx-ast.ts', '// the parser, changed\n');
    expect(pageScanCodeKey(site)).not.toBe(key);
    // The site's own files are all there.
    expect(() => pageScanCodeKey()).not.toThrow();
  });

  it('names the missing file and the fix instead of hashing its path', () => {
    fs.rmSync(path.join(site, 'node/contract/components.ts'));
    expect(() => pageScanCodeKey(site)).toThrow(
      `The page scans kept in .cache/page-uses are keyed by the code that scans the pages, and node/contract/components.ts is missing in ${site}: scan the pages from a checkout of the site (npm start, npm run build, the scripts), not from a bundle.`,
    );
  });
});
