/**
 * The writers' guard rails in scripts/check-content.ts, each on a small fixture site written to a
 * temp folder, with the message asserted word for word.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {checkContent, checkFrontMatter, checkSidebar, loadSidebars, sidebarEntries} from '../../scripts/check-content';
import {REPO_ROOT} from '../../scripts/lib/files';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, {recursive: true, force: true});
});

/** Writes `files` (path -> content) under `<tmp>/site/`. */
function site(files: Record<string, string>): {siteDir: string} {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'));
  dirs.push(tmp);
  const siteDir = path.join(tmp, 'site');
  for (const [rel, text] of Object.entries(files)) {
    const file = rel.startsWith('../') ? path.join(tmp, rel.slice(3)) : path.join(siteDir, rel);
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(file, text);
  }
  return {siteDir};
}

const page = (title = 'A page', description = 'What the page is for.'): string =>
  `---\ntitle: ${title}\ndescription: ${description}\n---\n\nText.\n`;

const SIDEBARS = `export default {
  tutorialSidebar: [
    {type: 'category', label: 'Getting started', link: {type: 'doc', id: 'v1/index'}, items: [{type: 'link', label: 'API', href: '/api'}]},
    {
      type: 'category',
      label: 'Aadhaar banking (AEPS)',
      items: [{type: 'category', label: 'Transactions', items: ['v1/service/aeps/get-balance', 'v1/service/aeps/withdrawal']}],
    },
  ],
};
`;

describe('sidebar', () => {
  it('accepts a sidebar and docs folder that match', async () => {
    const {siteDir} = site({
      'sidebars.ts': SIDEBARS,
      'docs/v1/index.mdx': page(),
      'docs/v1/service/aeps/get-balance.mdx': page(),
      'docs/v1/service/aeps/withdrawal.mdx': page(),
    });
    expect(await checkSidebar(siteDir)).toEqual([]);
  });

  it('names a page missing from the sidebar and the category of its neighbours', async () => {
    const {siteDir} = site({
      'sidebars.ts': SIDEBARS,
      'docs/v1/index.mdx': page(),
      'docs/v1/service/aeps/get-balance.mdx': page(),
      'docs/v1/service/aeps/withdrawal.mdx': page(),
      'docs/v1/service/aeps/statement.mdx': page(),
    });
    expect((await checkSidebar(siteDir)).map((p) => p.message)).toEqual([
      `docs/v1/service/aeps/statement.mdx: the page is not in the sidebar. Add the line 'v1/service/aeps/statement', to sidebars.ts next to line 7 (the "Aadhaar banking (AEPS) > Transactions" category).`,
    ]);
  });

  it("prints the exact edit in the form sidebars.ts uses: the short id in the family's service(...) list", async () => {
    const helpers = `const v1 = (id: string): string => \`v1/\${id}\`;
const service = (family: string, ids: readonly string[]): string[] => ids.map((id) => v1(\`service/\${family}/\${id}\`));
export default {
  tutorialSidebar: [
    {type: 'category', label: 'Getting started', link: {type: 'doc', id: v1('index')}, items: [v1('glossary')]},
    {
      type: 'category',
      label: 'Aadhaar banking (AEPS)',
      items: [
        {type: 'category', label: 'Transactions', items: service('aeps', ['get-balance', 'withdrawal'])},
      ],
    },
  ],
};
`;
    const {siteDir} = site({
      'sidebars.ts': helpers,
      'docs/v1/index.mdx': page(),
      'docs/v1/glossary.mdx': page(),
      'docs/v1/faq.mdx': page(),
      'docs/v1/service/aeps/get-balance.mdx': page(),
      'docs/v1/service/aeps/withdrawal.mdx': page(),
      'docs/v1/service/aeps/statement.mdx': page(),
    });
    expect((await checkSidebar(siteDir)).map((p) => p.message)).toEqual([
      `docs/v1/faq.mdx: the page is not in the sidebar. Add the line v1('faq'), to the category of its service family in sidebars.ts.`,
      `docs/v1/service/aeps/statement.mdx: the page is not in the sidebar. Add 'statement' to the service('aeps', [...]) list at sidebars.ts:10 (the "Aadhaar banking (AEPS) > Transactions" category).`,
    ]);
  });

  it('names a sidebar entry with no page, and a duplicate entry', async () => {
    const {siteDir} = site({
      'sidebars.ts': SIDEBARS.replace(`'v1/service/aeps/withdrawal']`, `'v1/service/aeps/withdrawal', 'v1/index']`),
      'docs/v1/index.mdx': page(),
      'docs/v1/service/aeps/withdrawal.mdx': page(),
    });
    const problems = await checkSidebar(siteDir);
    expect(problems.map((p) => p.message)).toEqual([
      'docs/v1/service/aeps/get-balance.mdx: missing page. sidebars.ts lists "v1/service/aeps/get-balance" in the "Aadhaar banking (AEPS) > Transactions" category, but no file docs/v1/service/aeps/get-balance.mdx (or .md) exists. Write the page, or remove the entry from that category in sidebars.ts.',
      'sidebars.ts: "v1/index" is listed twice ("Getting started" category and "Aadhaar banking (AEPS) > Transactions" category). Keep it in one category.',
    ]);
    expect(problems[0]?.missing).toEqual({
      route: '/docs/v1/service/aeps/get-balance',
      file: 'docs/v1/service/aeps/get-balance.mdx',
      from: 'sidebars.ts "Aadhaar banking (AEPS) > Transactions" category',
    });
  });

  it('reads the real sidebars.ts: every entry is a v1 doc id', async () => {
    const entries = sidebarEntries(await loadSidebars(REPO_ROOT));
    expect(entries.length).toBeGreaterThan(50);
    expect(entries.filter((e) => !e.id.startsWith('v1/'))).toEqual([]);
  });
});

describe('front matter', () => {
  it('names the file and each missing key', () => {
    const {siteDir} = site({
      'docs/v1/ok.mdx': page(),
      'docs/v1/no-description.mdx': '---\ntitle: Only a title\n---\n\nText.\n',
      'src/pages/Bare.mdx': '# No front matter\n',
    });
    expect(checkFrontMatter(siteDir).map((p) => p.message)).toEqual([
      'docs/v1/no-description.mdx: front matter has no "description". Add `description: ...` between the --- lines at the top (one sentence for search results and link previews: what the page lets a developer do).',
      'src/pages/Bare.mdx: front matter has no "title". Add `title: ...` between the --- lines at the top (the page heading, browser tab and search result title).',
      'src/pages/Bare.mdx: front matter has no "description". Add `description: ...` between the --- lines at the top (one sentence for search results and link previews: what the page lets a developer do).',
    ]);
  });

  it('reports front matter that is not YAML instead of crashing', () => {
    const {siteDir} = site({'docs/v1/bad.mdx': '---\ntitle: [unclosed\n---\n'});
    expect(checkFrontMatter(siteDir).map((p) => p.message.split(' (')[0])).toEqual([
      'docs/v1/bad.mdx: the front matter is not valid YAML',
    ]);
  });
});

describe('checkContent', () => {
  it('runs every check on a directory', async () => {
    const {siteDir} = site({
      'sidebars.ts': "export default {tutorialSidebar: ['v1/index']};\n",
      'docs/v1/index.mdx': '---\ntitle: Start\nslug: /v1/\n---\n',
    });
    expect((await checkContent({siteDir})).map((p) => `${p.check}: ${p.message.split('.')[0]}`)).toEqual([
      'front-matter: docs/v1/index',
    ]);
  });
});
