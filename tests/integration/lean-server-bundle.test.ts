import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {rspack} from '@rspack/core';
import {describe, expect, it} from 'vitest';
import leanServerBundlePlugin, {SERVER_SPLIT_CHUNKS} from '../../plugins/lean-server-bundle';

/** Two page chunks that both import one component, bundled for Node as Docusaurus' server bundle is. */
async function serverChunks(splitChunks: false | typeof SERVER_SPLIT_CHUNKS): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lean-server-bundle-'));
  const file = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
  file('component.js', 'export const marker = "SHARED-COMPONENT-BODY";\n');
  file('page-a.js', 'import {marker} from "./component.js";\nexport default () => "a " + marker;\n');
  file('page-b.js', 'import {marker} from "./component.js";\nexport default () => "b " + marker;\n');
  file('entry.js', 'export const pages = [() => import("./page-a.js"), () => import("./page-b.js")];\n');
  const compiler = rspack({
    mode: 'production',
    context: dir,
    target: 'node20',
    entry: {main: './entry.js'},
    output: {path: path.join(dir, 'out'), libraryTarget: 'commonjs2'},
    optimization: {minimize: false, concatenateModules: false, splitChunks},
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) =>
      error || stats?.hasErrors() ? reject(error ?? new Error(stats?.toString())) : resolve(),
    ),
  );
  const out = path.join(dir, 'out');
  const texts = fs.readdirSync(out).map((f) => fs.readFileSync(path.join(out, f), 'utf8'));
  fs.rmSync(dir, {recursive: true, force: true});
  return texts;
}

const copies = (texts: string[]) => texts.filter((t) => t.includes('SHARED-COMPONENT-BODY')).length;

describe('lean-server-bundle', () => {
  it('sets the server bundle splitting only; the client keeps Docusaurus’ own', () => {
    const plugin = leanServerBundlePlugin();
    const configure = plugin.configureWebpack!.bind(plugin) as (config: object, isServer: boolean) => unknown;
    expect(configure({}, true)).toEqual({optimization: {splitChunks: SERVER_SPLIT_CHUNKS}});
    expect(configure({}, false)).toEqual({});
  });

  it('writes a module two page chunks share once, where the server bundle without it has a copy in each', async () => {
    expect(copies(await serverChunks(false))).toBe(2);
    expect(copies(await serverChunks(SERVER_SPLIT_CHUNKS))).toBe(1);
  }, 30_000);
});
