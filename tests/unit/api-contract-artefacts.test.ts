/**
 * Where the generated contract data is read from: the remark plugins from the folder the manifest
 * (node/generated.ts) places it in, which the api-contract plugin checks against its LoadContext
 * (`generatedFilesDir`), and `npm run mcp:build` from the artefact the plugin's postBuild writes
 * beside the build output. Nothing reads `.docusaurus/api-contract` by a fixed path: a build with
 * another generatedFilesDir, or a `docusaurus clear` between the build and mcp:build, changes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {Root} from 'mdast';
import type {LoadContext} from '@docusaurus/types';
import {afterAll, describe, expect, it} from 'vitest';
import apiContractPlugin from '../../plugins/api-contract';
import {writeMcpArtefact} from '../../plugins/api-contract/build-outputs';
import {SITE_DIR} from '#node/contract/paths';
import {buildArtefactsDir, folderPath, generatedFilesDir} from '#node/generated';
import {mcpContractFiles} from '../../plugins/api-contract/lib/artefacts';
import {publicSandboxFile} from '#node/contract/data';
import {remarkApiReference} from '../../plugins/api-contract/remark';
import {readBundle} from '../../mcp/src/bundle';
import {DOWNLOADS, JOURNEYS_DOWNLOAD_DIR} from '#core/contract/downloads';
import {CODE_RULES_FILE} from '#node/contract/components';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'artefacts-'));
afterAll(() => fs.rmSync(temp, {recursive: true, force: true}));

const write = (file: string, text: string): void => {
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, text);
};

describe('the generated data folder', () => {
  it("is the manifest's, under the generatedFilesDir Docusaurus gives the plugin", () => {
    expect(() => apiContractPlugin({generatedFilesDir: generatedFilesDir()} as LoadContext)).not.toThrow();
    expect(folderPath('data')).toBe(path.join(generatedFilesDir(), 'api-contract', 'default'));
  });

  it('stops the plugin, with the fix, when Docusaurus writes generated files elsewhere', () => {
    const elsewhere = path.join(temp, 'elsewhere-generated');
    expect(() => apiContractPlugin({generatedFilesDir: elsewhere} as LoadContext)).toThrow(
      `api-contract: Docusaurus writes generated files to ${elsewhere}, but node/generated.ts places them in ${generatedFilesDir()}: make generatedFilesDir() in node/generated.ts compute the folder as Docusaurus does (@docusaurus/utils GENERATED_FILES_DIR_NAME).`,
    );
  });

  it('is where remarkApiReference reads the ids and the sections from', () => {
    const dir = path.join(temp, 'gen', 'api-contract', 'default');
    write(path.join(dir, 'ids.json'), JSON.stringify({operation: ['demo-pay'], webhook: [], tag: []}));
    write(path.join(dir, 'source/ops/demo-pay.json'), JSON.stringify({sections: [{key: 'overview'}]}));
    const tree: Root = {
      type: 'root',
      children: [
        {
          type: 'mdxJsxFlowElement',
          name: 'Endpoint',
          attributes: [{type: 'mdxJsxAttribute', name: 'op', value: 'demo-pay'}],
          children: [],
        },
      ],
    };
    remarkApiReference({dataDir: dir})(tree, {path: path.join(SITE_DIR, 'docs/a.mdx')});
    expect(tree.children.map((n) => n.type)).toContain('mdxJsxFlowElement');
    expect(JSON.stringify(tree)).toContain('section');
  });
});

describe('the MCP artefact', () => {
  const files = [
    {name: 'index.json', data: {tags: []}},
    {name: 'response-codes.json', data: [{code: 1}]},
    {name: CODE_RULES_FILE, data: [{operation: 'a', code: 1}]},
    {name: publicSandboxFile('index.json'), data: {routes: []}},
    {name: publicSandboxFile('aeps.validators.js'), data: 'export const x = 1;\n'},
    {name: 'families.json', data: []},
    {name: 'source/ops/a.json', data: {}},
  ];

  it('holds the index, the response codes with their per-operation rules and the sandbox files, as createData writes them', () => {
    expect(mcpContractFiles(files)).toEqual([
      {name: 'index.json', text: '{"tags":[]}'},
      {name: 'response-codes.json', text: '[{"code":1}]'},
      {name: 'code-rules.json', text: '[{"operation":"a","code":1}]'},
      {name: 'public/sandbox/index.json', text: '{"routes":[]}'},
      {name: 'public/sandbox/aeps.validators.js', text: 'export const x = 1;\n'},
    ]);
  });

  it('is written beside the build output, and mcp:build reads it there with no cache folder', () => {
    const outDir = path.join(temp, 'site', 'build');
    write(path.join(outDir, 'llms.txt'), '# llms\n');
    write(path.join(outDir, DOWNLOADS.yaml.slice(1)), 'openapi: 3.1.0\n');
    // The journeys' download folder, as a build writes it (here with no file in it).
    fs.mkdirSync(path.join(outDir, JOURNEYS_DOWNLOAD_DIR.slice(1)), {recursive: true});
    const dir = writeMcpArtefact(outDir, files);
    expect(dir).toBe(path.join(temp, 'site', 'build-artefacts', 'mcp-contract'));
    expect(buildArtefactsDir(outDir).startsWith(outDir + path.sep)).toBe(false);
    const bundle = readBundle(outDir);
    expect(bundle.responseCodes).toEqual([{code: 1}]);
    expect(bundle.codeRules).toEqual([{operation: 'a', code: 1}]);
    expect(bundle.llmsTxt.text).toBe('# llms\n');
    expect(bundle.sandbox).toEqual({index: {routes: []}, families: {}});
    expect(bundle.journeys).toEqual([]);
  });
});

describe('no fixed path to the cache folder', () => {
  /** Source files of the build, the MCP server and the scripts, as text. */
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(full);
      return /\.(ts|tsx|mjs|cjs|js)$/.test(e.name) ? [full] : [];
    });

  /** The text without its comments, which may say where Docusaurus puts the files. */
  const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

  it('names .docusaurus/api-contract in no string of the code', () => {
    const dirs = ['node', 'plugins', 'mcp/src', 'scripts', 'core', 'src', 'tests/e2e'].map((d) =>
      path.join(SITE_DIR, d),
    );
    const fixed = /['"`][^'"`\n]*\.docusaurus[/\\]api-contract|['"`]\.docusaurus['"`]\s*,\s*['"`]api-contract/;
    const found = [...dirs.flatMap(sources), path.join(SITE_DIR, 'docusaurus.site.ts')]
      .filter((f) => fixed.test(code(fs.readFileSync(f, 'utf8'))))
      .map((f) => path.relative(SITE_DIR, f));
    expect(found).toEqual([]);
  });
});
