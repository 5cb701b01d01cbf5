/**
 * Entry of the MCP server (stdio): `npm run mcp`, or `node mcp/dist/server.mjs` from a copy of
 * mcp/dist/ anywhere (./bundle.ts builds this file into it with everything it imports). The data
 * is read from `data/` beside the running file, or from RUPEERAIL_MCP_DATA.
 *
 * stdout carries the protocol, so anything for a person goes to stderr.
 */
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import type {FamilyValidators} from '#core/sandbox/model';
import {loadBundle, SANDBOX_DIR} from './data';
import {openSearch} from './search';
import {createServer} from './server';

async function main(): Promise<void> {
  const dataDir = process.env.RUPEERAIL_MCP_DATA ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'data');
  const bundle = loadBundle(dataDir);
  const server = createServer({
    bundle,
    search: await openSearch(dataDir, bundle.site.url),
    loadValidators: async (family) =>
      (await import(
        pathToFileURL(path.join(dataDir, SANDBOX_DIR, `${family}.validators.mjs`)).href
      )) as FamilyValidators,
  });
  await server.connect(new StdioServerTransport());
  console.error(
    `${bundle.site.name} docs MCP server on stdio: ${bundle.operations.length} operations, data from ${dataDir}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
