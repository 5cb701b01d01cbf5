/**
 * What the api-contract plugin's postBuild writes beside the pages (index.ts calls these in order):
 * a check that every page the reference links to is a route of the build (`checkBuildLinks`), the
 * changelog's feeds (`writeFeeds`), the downloads (bundled openapi.yaml / openapi.json, a Postman
 * collection converted by openapi-to-postmanv2, the TypeScript types and the journeys:
 * `writeDownloads`), and the data `npm run mcp:build` reads, in the manifest's `artefacts` folder
 * beside the build output (`writeMcpArtefact`). The dev server runs none of them.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type * as Redocly from '@redocly/openapi-core';
import logger from '@docusaurus/logger';
import type {LoadContext} from '@docusaurus/types';
import {nativeRequire} from '#node/native-require';
import {DOWNLOADS, JOURNEYS_DOWNLOAD_DIR} from '#core/contract/downloads';
import type {ContractSite, ContractSource} from '#node/contract/load';
import {CHANGELOG_FEEDS, changelogFeeds} from '#core/changelog/feed';
import type {ReleaseNote} from '#core/changelog/notes';
import {SITE_DIR} from '#node/contract/paths';
import {folderPath} from '#node/generated';
import type {DataFile} from '#node/contract/data';
import {JOURNEYS_DIR} from '#node/contract/behaviour';
import {site} from '../../site.config';
import {unroutedLinks} from './lib/checks';
import {mcpContractFiles} from './lib/artefacts';

/** Every page the reference links to is a route of the build (a draft build only warns). */
export function checkBuildLinks(routed: ContractSite, routesPaths: string[], baseUrl: string): void {
  const unrouted = unroutedLinks(routed.views, routesPaths, baseUrl);
  if (!unrouted.length) return;
  const message = `API reference: ${unrouted.length} link(s) of the contract point to no page of the build:\n${unrouted.map((u) => `  ${u}`).join('\n')}`;
  // A draft build (DOCS_DRAFT=1) tolerates pages not written yet, as it does broken links.
  if (process.env.DOCS_DRAFT === '1') logger.warn(message);
  else throw new Error(message);
}

/** The changelog's RSS and Atom feeds, into the build: each release's written notes (openapi/releases/notes.yaml). */
export function writeFeeds(
  outDir: string,
  releases: ContractSite['releases'],
  notes: readonly ReleaseNote[],
  siteConfig: LoadContext['siteConfig'],
): void {
  const feeds = changelogFeeds(releases, notes, {
    origin: `${siteConfig.url.replace(/\/$/, '')}${siteConfig.baseUrl.replace(/\/$/, '')}`,
    productName: site.productName,
    author: site.provider,
    copyright: `Copyright © ${site.copyrightYear} ${site.provider}`,
  });
  fs.mkdirSync(path.join(outDir, path.dirname(CHANGELOG_FEEDS.rss)), {recursive: true});
  fs.writeFileSync(path.join(outDir, CHANGELOG_FEEDS.rss), feeds.rss);
  fs.writeFileSync(path.join(outDir, CHANGELOG_FEEDS.atom), feeds.atom);
}

/** The downloads: the bundled contract as YAML and JSON, a Postman collection, the types, the journeys. */
export async function writeDownloads(outDir: string, bundled: ContractSource['bundled']): Promise<void> {
  if (!bundled) throw new Error('api-contract: postBuild has no bundled contract; loadContent makes one in a build.');
  // Loaded here, not with the config: the dev server writes no downloads, and these two libraries
  // (openapi-to-postmanv2; openapi-typescript, which loads TypeScript) took 3 s of its start.
  const [{toPostman}, {contractTypes}] = await Promise.all([
    import('#node/contract/postman'),
    import('./lib/types-download'),
  ]);
  const {stringifyYaml} = nativeRequire('@redocly/openapi-core') as typeof Redocly;
  fs.mkdirSync(path.join(outDir, 'downloads'), {recursive: true});
  fs.writeFileSync(path.join(outDir, DOWNLOADS.yaml), stringifyYaml(bundled));
  fs.writeFileSync(path.join(outDir, DOWNLOADS.json), `${JSON.stringify(bundled, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, DOWNLOADS.postman), `${JSON.stringify(await toPostman(bundled), null, 2)}\n`);
  const generator = (
    createRequire(path.join(SITE_DIR, 'package.json'))('openapi-typescript/package.json') as {version: string}
  ).version;
  const version = (bundled as unknown as {info: {version: string}}).info.version;
  fs.writeFileSync(path.join(outDir, DOWNLOADS.types), await contractTypes(bundled, version, generator));
  // The journeys as written: their source description `../openapi.json` is the file above.
  fs.mkdirSync(path.join(outDir, JOURNEYS_DOWNLOAD_DIR), {recursive: true});
  for (const name of fs.readdirSync(JOURNEYS_DIR).filter((f) => f.endsWith('.arazzo.yaml')))
    fs.copyFileSync(path.join(JOURNEYS_DIR, name), path.join(outDir, JOURNEYS_DOWNLOAD_DIR, name));
}

/**
 * The data `npm run mcp:build` reads, in the manifest's `artefacts` folder beside the build output:
 * it outlives the cache folder (`docusaurus clear`) and does not depend on where it is.
 */
export function writeMcpArtefact(outDir: string, files: readonly DataFile[]): string {
  const dir = folderPath('artefacts', {outDir});
  fs.rmSync(dir, {recursive: true, force: true});
  for (const file of mcpContractFiles(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file.name)), {recursive: true});
    fs.writeFileSync(path.join(dir, file.name), file.text);
  }
  return dir;
}
