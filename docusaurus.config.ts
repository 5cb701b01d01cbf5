/**
 * The file Docusaurus loads. The site's config is docusaurus.site.ts: edit that one.
 *
 * Docusaurus compiles its config, and each of our modules the config imports, with Babel through
 * jiti; node/site-config.ts compiles them with esbuild instead (seconds of a first `npm start`, issue
 * 35) and has the dev server reload when docusaurus.site.ts is saved.
 */
import path from 'node:path';
import type {Config} from '@docusaurus/types';
import {loadBundledConfig, reloadOnEdit} from './node/site-config';

const SITE_CONFIG = path.join(__dirname, 'docusaurus.site.ts');

export default async function siteConfig(): Promise<Config> {
  reloadOnEdit(SITE_CONFIG, __filename);
  return (await loadBundledConfig(SITE_CONFIG, __dirname)) as Config;
}
