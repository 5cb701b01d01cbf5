/**
 * node/site-config.ts `reloadOnEdit`: the dev server watches docusaurus.config.ts, the file it
 * loaded; saving docusaurus.site.ts, the config a writer edits, must mark that one changed, whether
 * the editor writes in place or through a rename.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {reloadOnEdit} from '#node/site-config';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-config-'));
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

const entry = path.join(dir, 'docusaurus.site.ts');
const loaded = path.join(dir, 'docusaurus.config.ts');
const past = new Date('2020-01-01T00:00:00Z');
const mtime = (file: string): number => fs.statSync(file).mtimeMs;

describe('reloadOnEdit', () => {
  it('marks the loaded file changed when the site config is saved, in place or by a rename', async () => {
    fs.writeFileSync(entry, 'export default {};\n');
    fs.writeFileSync(loaded, '// loader\n');
    fs.writeFileSync(path.join(dir, 'other.ts'), '');
    fs.utimesSync(loaded, past, past);
    reloadOnEdit(entry, loaded);

    fs.writeFileSync(path.join(dir, 'other.ts'), 'changed');
    fs.writeFileSync(entry, 'export default {title: "a"};\n');
    await expect.poll(() => mtime(loaded), {timeout: 10_000}).toBeGreaterThan(past.getTime());

    fs.utimesSync(loaded, past, past);
    fs.writeFileSync(`${entry}.tmp`, 'export default {title: "b"};\n');
    fs.renameSync(`${entry}.tmp`, entry);
    await expect.poll(() => mtime(loaded), {timeout: 10_000}).toBeGreaterThan(past.getTime());
    expect(fs.readFileSync(loaded, 'utf8')).toBe('// loader\n');
  });
});
