/**
 * node/generated.ts, the manifest of generated data: the committed types/generated.d.ts is the one
 * the manifest generates, its folder is the one Docusaurus writes to, and what the api-contract
 * plugin writes is declared there.
 */
import fs from 'node:fs';
import path from 'node:path';
import {GENERATED_FILES_DIR_NAME} from '@docusaurus/utils';
import type {LoadContext, PluginContentLoadedActions} from '@docusaurus/types';
import {describe, expect, it} from 'vitest';
import {
  DECLARATIONS_COMMAND,
  DECLARATIONS_FILE,
  declarations,
  fileName,
  GENERATED,
  generatedFilesDir,
  generatedModule,
  generatedPath,
  isFileOf,
  mcpArtefactPath,
  SITE_DIR,
} from '#node/generated';
import staticCodePlugin from '../../plugins/static-code';

describe('the manifest of generated data', () => {
  it(`generates the committed ${DECLARATIONS_FILE}`, () => {
    const committed = fs.readFileSync(path.join(SITE_DIR, DECLARATIONS_FILE), 'utf8');
    expect(
      committed === declarations(),
      `${DECLARATIONS_FILE} differs from what node/generated.ts declares: run ${DECLARATIONS_COMMAND} and commit the file.`,
    ).toBe(true);
  });

  it('declares every file components import, and only those', () => {
    const modules = [...declarations().matchAll(/^declare module '(.+)'/gm)].map((m) => m[1]);
    expect(modules).toEqual([
      '@generated/api-contract/default/shared/answers.js',
      '@generated/api-contract/default/sections/*.json',
      '@generated/api-contract/default/index.json',
      '@generated/api-contract/default/families.json',
      '@generated/api-contract/default/response-codes.json',
      '@generated/api-contract/default/sandbox-page.json',
      '@generated/api-contract/default/*-samples.json',
    ]);
  });

  it("places generated files where Docusaurus does (its GENERATED_FILES_DIR_NAME, this run's environment)", () => {
    expect(generatedFilesDir()).toBe(path.resolve(SITE_DIR, GENERATED_FILES_DIR_NAME));
    expect(generatedFilesDir({DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.docusaurus-build'})).toBe(
      path.join(SITE_DIR, '.docusaurus-build'),
    );
  });

  it('names one file of a family by its key, and fails with the fix without one', () => {
    expect(fileName('operationTree', 'payout-create-order')).toBe('ops/payout-create-order.js');
    expect(isFileOf('samples', 'jwt-samples.json')).toBe(true);
    expect(isFileOf('samples', 'source/jwt-samples.json')).toBe(false);
    expect(() => fileName('componentSections')).toThrow(
      'node/generated.ts: componentSections (sections/*.json) is one file per key; give the key (an id, a component key).',
    );
    expect(() => mcpArtefactPath('facts')).toThrow(
      'node/generated.ts: facts is not copied for the MCP server; mark it `mcp: true` to copy it.',
    );
  });

  it("places another plugin's data in that plugin's folder, where its createData writes", async () => {
    const dir = '/site/.docusaurus';
    expect(generatedPath('docsVersion', undefined, {generatedFilesDir: dir})).toBe(
      '/site/.docusaurus/docusaurus-plugin-content-pages/default/docs-version.json',
    );
    expect(generatedModule('codeTheme')).toBe('@generated/static-code/default/code-theme.css');
    // static-code writes its file under the manifest's name and adds it from where the manifest says.
    const plugin = staticCodePlugin({generatedFilesDir: dir} as LoadContext);
    const written: string[] = [];
    const createData = (name: string) => (written.push(name), Promise.resolve(`${dir}/${plugin.name}/default/${name}`));
    await plugin.contentLoaded?.({content: undefined, actions: {createData} as unknown as PluginContentLoadedActions});
    expect(plugin.name).toBe(GENERATED.codeTheme.plugin?.name);
    expect(written).toEqual([fileName('codeTheme')]);
    expect(plugin.getClientModules?.()).toEqual([generatedPath('codeTheme', undefined, {generatedFilesDir: dir})]);
  });
});
