import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import postcssOptionsPlugin, {withoutConfigSearch} from '../../plugins/postcss-options';

const SITE = path.resolve(__dirname, '../..');

describe('postcss-options', () => {
  it('keeps the plugins Docusaurus gives and turns off the config file search', () => {
    const plugins = [() => undefined];
    expect(withoutConfigSearch({ident: 'postcss', plugins})).toEqual({ident: 'postcss', plugins, config: false});
    expect(postcssOptionsPlugin().configurePostCss).toBe(withoutConfigSearch);
  });

  it('has no PostCSS config file to ignore: its plugins would never run', () => {
    // The names postcss-loader 7 searches for (cosmiconfig, module name "postcss").
    const names = fs
      .readdirSync(SITE)
      .concat(fs.existsSync(path.join(SITE, '.config')) ? fs.readdirSync(path.join(SITE, '.config')) : []);
    expect(names.filter((n) => /^(postcss\.config\.|\.?postcssrc)/.test(n))).toEqual([]);
    const pkg = JSON.parse(fs.readFileSync(path.join(SITE, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg.postcss).toBeUndefined();
  });
});
