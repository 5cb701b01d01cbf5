/**
 * `npm run --silent mcp`, the command the README gives an editor, writes nothing but the protocol
 * on stdout: npm's banner (`> payments-api-docs@1.0.0 mcp`) there broke the stream, and the client
 * logged a transport error per line. The server here is a stand-in that answers `initialize` the
 * way the real one does (one JSON-RPC line), so what is checked is npm and mcp/start.mjs; the real
 * server's answers are tests/e2e/mcp.spec.ts's, after a build.
 * It spawns npm: an integration test.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {SITE_DIR} from '#node/contract/paths';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-start-'));
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

/** Answers one `initialize` request with its result, as an MCP server over stdio does, then ends. */
const STAND_IN = `
process.stdin.once('data', (chunk) => {
  const request = JSON.parse(String(chunk).split('\\n')[0]);
  const result = {protocolVersion: '2025-06-18', capabilities: {tools: {}}, serverInfo: {name: 'stand-in', version: '1.0.0'}};
  process.stdout.write(JSON.stringify({jsonrpc: '2.0', id: request.id, result}) + '\\n');
  process.exit(0);
});
`;

/** What the command writes to stdout for one `initialize` request, once it ends. */
function stdoutOf(command: string): Promise<string> {
  const [bin, ...args] = command.split(' ');
  const child = spawn(bin as string, [...args, '--', '--dir', dir], {
    cwd: SITE_DIR,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
  const request = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'test', version: '1'}},
  };
  child.stdin.write(`${JSON.stringify(request)}\n`);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

describe("the README's MCP command", () => {
  fs.writeFileSync(path.join(dir, 'server.mjs'), STAND_IN);
  const readme = fs.readFileSync(path.join(SITE_DIR, 'README.md'), 'utf8');
  const command = /^(npm run --silent mcp)\s+# what an editor starts/m.exec(readme)?.[1];

  it('is the silent one', () => {
    expect(command).toBe('npm run --silent mcp');
  });

  it('writes only JSON-RPC messages on stdout', async () => {
    const lines = (await stdoutOf(command as string)).split('\n').filter((l) => l !== '');
    expect(lines.map((l) => (JSON.parse(l) as {jsonrpc?: string; id?: number}).id)).toEqual([1]);
    expect(lines.every((l) => (JSON.parse(l) as {jsonrpc?: string}).jsonrpc === '2.0')).toBe(true);
  }, 30_000);
});
