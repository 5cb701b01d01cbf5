// `npm run --silent mcp`: starts the built server (mcp/dist/server.mjs, or `--dir <folder>`'s
// server.mjs), or says how to build it. Plain JavaScript, so it runs before anything is compiled.
// An editor starts it with `--silent`: without it npm writes its banner (`> payments-api-docs mcp`)
// to stdout, which is the protocol stream, and the client rejects those lines. Nothing here writes
// to stdout either; messages go to stderr.
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {parseArgs} from 'node:util';

const {values} = parseArgs({options: {dir: {type: 'string', default: path.join(import.meta.dirname, 'dist')}}});
const server = path.join(path.resolve(values.dir), 'server.mjs');
if (!fs.existsSync(server)) {
  console.error(`No MCP server at ${path.relative(process.cwd(), server)}: run npm run build, then npm run mcp:build.`);
  process.exit(1);
}
await import(pathToFileURL(server).href);
