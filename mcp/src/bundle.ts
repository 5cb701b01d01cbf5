/**
 * `npm run mcp:build`: writes mcp/dist/, a copy of the MCP server that runs with Node alone:
 *
 *   mcp/dist/server.mjs    ./main.ts and everything it imports (the SDK, zod, the engine, the search code),
 *                          in one ES module (esbuild)
 *   mcp/dist/data/         what the server answers from (./data.ts): read from a production build
 *                          (build/: the Markdown twins, llms.txt, the OpenAPI download, and the
 *                          search index, copied by ./search.ts) and from the contract data the
 *                          build left beside it for this (node/generated.ts's `artefacts` folder,
 *                          build-artefacts/mcp-contract/, written by the api-contract plugin's
 *                          postBuild: operations, families, the code catalogue, the sandbox's models
 *                          and validators)
 *   mcp/dist/package.json  so the folder is a package of its own (`bin`)
 *
 *   npm run build && npm run mcp:build [-- --build-dir build --out mcp/dist]
 *
 * Nothing is rendered again here: each text is the file the build wrote, so what the server says
 * and what the site says cannot differ.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {build} from 'esbuild';
import {site} from '../../site.config';
import {SITE_DIR} from '#node/contract/paths';
import {fileName, folderPath} from '#node/generated';
import {DOWNLOADS, journeyDownload, JOURNEYS_DOWNLOAD_DIR} from '#core/contract/downloads';
import {parseJourneyFile} from '#core/journeys/model';
import {markdownTwinPath} from '#core/markdown/twin';
import {RESPONSE_CODE_PAGE} from '#core/contract/tree';
import type {CatalogueCode, OperationCodeWords, TagView} from '#core/contract/types';
import type {FamilyModel, SandboxIndex} from '#core/sandbox/model';
import {publicSandboxFile} from '#node/contract/data';
import {copySearchIndex} from './search';
import {
  BUNDLE_FILE,
  SANDBOX_DIR,
  type DocsBundle,
  type FamilyEntry,
  type JourneyEntry,
  type OperationEntry,
} from './data';

export class McpBuildError extends Error {}

const rel = (file: string): string => path.relative(SITE_DIR, file) || file;

function readFile(file: string, fix: string): string {
  if (!fs.existsSync(file)) throw new McpBuildError(`mcp:build: ${rel(file)} is missing. ${fix}`);
  return fs.readFileSync(file, 'utf8');
}

const NEED_BUILD = 'Run npm run build first.';

/** The journey files a build published (plugins/api-contract, writeDownloads), each with its workflows. */
function readJourneys(dir: string, origin: string): JourneyEntry[] {
  if (!fs.existsSync(dir)) throw new McpBuildError(`mcp:build: ${rel(dir)} is missing. ${NEED_BUILD}`);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.arazzo.yaml'))
    .sort()
    .map((name) => {
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      const parsed = parseJourneyFile(name, text);
      return {
        family: parsed.family,
        url: `${origin}${journeyDownload(parsed.family)}`,
        text,
        workflows: parsed.workflows.map((w) => ({workflowId: w.workflowId, summary: w.summary, steps: w.steps.length})),
      };
    });
}

/** The contract data a build left for mcp:build, beside its output folder. */
export const mcpContractDir = (buildDir: string): string => folderPath('artefacts', {outDir: buildDir});

/** The bundle from a build folder and the contract data that build left for it. */
export function readBundle(buildDir: string, generatedDir = mcpContractDir(buildDir)): DocsBundle {
  const origin = site.url.replace(/\/$/, '');
  const base = site.baseUrl;
  const inBuild = (sitePath: string): string => path.join(buildDir, sitePath.slice(base.length));
  const twin = (href: string): string => readFile(inBuild(markdownTwinPath(href)), NEED_BUILD);
  const generated = <T>(name: string): T => JSON.parse(readFile(path.join(generatedDir, name), NEED_BUILD)) as T;

  const {tags} = generated<{tags: TagView[]}>(fileName('index'));
  const operations: OperationEntry[] = tags.flatMap((t) =>
    t.entries.flatMap((e) => {
      // Webhooks too (issue 26): get_operation and list_operations cover what we send as well as what you call.
      if (!e.href)
        throw new McpBuildError(`mcp:build: ${e.id} has no docs page in this build; build without DOCS_DRAFT.`);
      return [
        {
          kind: e.kind,
          id: e.id,
          method: e.method,
          path: e.path,
          summary: e.summary,
          family: t.name,
          url: `${origin}${e.href}`,
          markdown: twin(e.href),
        },
      ];
    }),
  );
  const families: FamilyEntry[] = tags.map((t) => ({
    name: t.name,
    label: t.label,
    description: t.description,
    ...(t.overview
      ? {
          overview: {
            url: `${origin}${t.overview}`,
            twinUrl: `${origin}${markdownTwinPath(t.overview)}`,
            markdown: twin(t.overview),
          },
        }
      : {}),
  }));
  const index = generated<SandboxIndex>(publicSandboxFile('index.json'));
  const models = Object.fromEntries(
    [...new Set(index.routes.map((r) => r.family))].map((f) => [
      f,
      generated<FamilyModel>(publicSandboxFile(`${f}.json`)),
    ]),
  );
  return {
    site: {name: site.productName, url: origin, apiVersion: site.apiVersion},
    operations,
    families,
    responseCodes: generated<CatalogueCode[]>(fileName('responseCodes')),
    codeRules: generated<OperationCodeWords[]>(fileName('codeRules')),
    responseCodesUrl: `${origin}${markdownTwinPath(RESPONSE_CODE_PAGE)}`,
    llmsTxt: {url: `${origin}/llms.txt`, text: readFile(path.join(buildDir, 'llms.txt'), NEED_BUILD)},
    openapi: {url: `${origin}${DOWNLOADS.yaml}`, text: readFile(inBuild(DOWNLOADS.yaml), NEED_BUILD)},
    journeys: readJourneys(inBuild(JOURNEYS_DOWNLOAD_DIR), origin),
    sandbox: {index, families: models},
  };
}

/** Writes the data folder: the bundle, the search index and the sandbox's validators. */
export function writeData(buildDir: string, dataDir: string, generatedDir = mcpContractDir(buildDir)): DocsBundle {
  const bundle = readBundle(buildDir, generatedDir);
  fs.rmSync(dataDir, {recursive: true, force: true});
  fs.mkdirSync(path.join(dataDir, SANDBOX_DIR), {recursive: true});
  fs.writeFileSync(path.join(dataDir, BUNDLE_FILE), JSON.stringify(bundle));
  copySearchIndex(buildDir, dataDir);
  for (const family of Object.keys(bundle.sandbox.families)) {
    // Served to pages as `.js` (an ES module either way); Node needs the `.mjs` name to load it as one.
    const name = `${family}.validators.mjs`;
    fs.copyFileSync(path.join(generatedDir, publicSandboxFile(name)), path.join(dataDir, SANDBOX_DIR, name));
  }
  return bundle;
}

/** The server as one ES module with its dependencies, for Node 20 and later. */
export async function writeServer(outDir: string): Promise<void> {
  await build({
    entryPoints: [path.join(SITE_DIR, 'mcp', 'src', 'main.ts')],
    outfile: path.join(outDir, 'server.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // Some dependencies are CommonJS and call require() for Node's own modules, which an ES
    // module has no binding for: give it one.
    banner: {
      js: "import {createRequire as __createRequire} from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  fs.writeFileSync(
    path.join(outDir, 'package.json'),
    `${JSON.stringify(
      {
        name: `${site.productName.toLowerCase()}-docs-mcp`,
        version: site.apiVersion,
        private: true,
        description: `MCP server over the ${site.productName} API docs, contract and sandbox (built by npm run mcp:build).`,
        type: 'module',
        bin: {[`${site.productName.toLowerCase()}-docs-mcp`]: 'server.mjs'},
        engines: {node: '>=20'},
      },
      null,
      2,
    )}\n`,
  );
}

async function main(): Promise<void> {
  const {values} = parseArgs({
    options: {
      'build-dir': {type: 'string', default: path.join(SITE_DIR, 'build')},
      out: {type: 'string', default: path.join(SITE_DIR, 'mcp', 'dist')},
    },
  });
  const buildDir = path.resolve(values['build-dir']);
  const outDir = path.resolve(values.out);
  const bundle = writeData(buildDir, path.join(outDir, 'data'));
  await writeServer(outDir);
  console.log(
    `mcp:build: ${rel(outDir)}/server.mjs and data/ (${bundle.operations.length} operations, ${bundle.families.length} families, from ${rel(buildDir)}). Start it with npm run --silent mcp.`,
  );
}

if (process.argv[1] && /bundle\.ts$/.test(process.argv[1])) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
