/**
 * The theme's own configuration errors keep their exact messages with our theme wraps in place:
 * each case builds a small fixture site that shares this repository's src/theme (and what it
 * imports) and node_modules, with one bad navbar item, and asserts the build fails with the
 * message word for word. Builds are real (`docusaurus build`), so these are the slowest unit tests.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';

const repo = path.resolve(__dirname, '..', '..');
const made: string[] = [];

afterAll(() => {
  for (const dir of made) fs.rmSync(dir, {recursive: true, force: true});
});

function fixture(navbarItem: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-error-'));
  made.push(dir);
  fs.mkdirSync(path.join(dir, 'docs'));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'docs', 'intro.md'), '---\ntitle: Intro\n---\n\nA page.\n');
  // Our wraps import from these folders and from site.config.ts.
  for (const part of [
    'src/theme',
    'src/components',
    'core',
    'src/client',
    'src/css',
    'site.config.ts',
    'node_modules',
  ]) {
    fs.symlinkSync(path.join(repo, part), path.join(dir, part));
  }
  fs.writeFileSync(
    path.join(dir, 'sidebars.js'),
    `module.exports = {docs: ['intro'], linksOnly: [{type: 'link', label: 'Elsewhere', href: 'https://example.com'}]};\n`,
  );
  fs.writeFileSync(
    path.join(dir, 'docusaurus.config.js'),
    `module.exports = ${JSON.stringify(
      {
        title: 'Fixture',
        url: 'https://fixture.example',
        baseUrl: '/',
        future: {v4: true},
        onBrokenLinks: 'ignore',
        presets: [
          [
            'classic',
            {
              docs: {sidebarPath: './sidebars.js'},
              blog: false,
              pages: false,
              theme: {customCss: './src/css/custom.css'},
            },
          ],
        ],
        themeConfig: {navbar: {title: 'Fixture', items: [navbarItem]}},
      },
      null,
      2,
    )};\n`,
  );
  return dir;
}

function build(dir: string): {status: number | null; output: string} {
  const res = spawnSync(
    process.execPath,
    [path.join(repo, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', 'build'],
    {
      cwd: dir,
      encoding: 'utf8',
      env: {...process.env, NODE_ENV: 'production'},
    },
  );
  return {status: res.status, output: `${res.stdout}\n${res.stderr}`};
}

describe('theme configuration errors fail the build with their own messages', () => {
  it('a navbar item of unknown type', {timeout: 240_000}, () => {
    const {status, output} = build(fixture({type: 'custom-missing', label: 'x'}));
    expect(status).not.toBe(0);
    expect(output).toContain('No NavbarItem component found for type "custom-missing".');
  });

  it('a doc-sidebar link to a sidebar with nothing to link to', {timeout: 240_000}, () => {
    const {status, output} = build(fixture({type: 'docSidebar', sidebarId: 'linksOnly', label: 'Docs'}));
    expect(status).not.toBe(0);
    expect(output).toContain(
      `DocSidebarNavbarItem: Sidebar with ID "linksOnly" doesn't have anything to be linked to.`,
    );
  });

  it('a version dropdown naming a version that does not exist', {timeout: 240_000}, () => {
    const {status, output} = build(fixture({type: 'docsVersionDropdown', versions: ['9.9']}));
    expect(status).not.toBe(0);
    expect(output).toContain(
      "No docs version exist for name '9.9', please verify your 'docsVersionDropdown' navbar item versions config.",
    );
    // The thrown message goes on with "Available version names:\n- current", but the SSG error
    // report prints only each cause's first line; the list shows in the browser's crash page.
  });
});
