// `npm run mcp`: starts the built server (mcp/dist/server.mjs), or says how to build it. Plain
// JavaScript, so it runs before anything is compiled.
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

const server = path.join(import.meta.dirname, 'dist', 'server.mjs');
if (!fs.existsSync(server)) {
  console.error(`No MCP server at ${path.relative(process.cwd(), server)}: run npm run build, then npm run mcp:build.`);
  process.exit(1);
}
await import(pathToFileURL(server).href);
