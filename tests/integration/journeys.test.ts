/**
 * Every journey of openapi/journeys/ run by Redocly Respect against the local sandbox over HTTP,
 * through the journeys proxy, as a partner runs them (README, "Journeys"): the sandbox with its
 * test clock and its webhooks posted to the proxy, the proxy signing each call, Respect a child
 * process reading the files beside the bundled contract (their source description is
 * `../openapi.json`, as under /downloads/). A journey that waits moves the test clock: no sleep.
 */
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {SANDBOX_KEY_ID, TOKEN_AUDIENCE} from '#core/sandbox/engine/token';
import {compiledContract} from '../helpers/contract';
import {startSandboxServer, tempSandboxDir, type SandboxServer} from '../../scripts/lib/sandbox-server';
import {startJourneysProxy, type JourneysProxy} from '../../scripts/lib/journeys-proxy';
import {parseJourneyFile} from '#core/journeys/model';
import {RESPECT_SEVERITY, respectProblems, type RespectReport} from '../../scripts/lib/respect-report';

const run = promisify(execFile);
// JOURNEYS_PORT moves both (the sandbox on it, the proxy on the next), for engineers who share a machine.
const SANDBOX_PORT = Number(process.env.JOURNEYS_PORT ?? 4110);
const PROXY_PORT = SANDBOX_PORT + 1;
const ROOT = path.join(import.meta.dirname, '..', '..');
const JOURNEYS = path.join(ROOT, 'openapi', 'journeys');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journeys-'));
let sandbox: SandboxServer;
let proxy: JourneysProxy;

beforeAll(async () => {
  const compiled = await compiledContract();
  fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(compiled.bundled));
  fs.mkdirSync(path.join(dir, 'journeys'));
  for (const f of fs.readdirSync(JOURNEYS).filter((n) => n.endsWith('.arazzo.yaml')))
    fs.copyFileSync(path.join(JOURNEYS, f), path.join(dir, 'journeys', f));
  sandbox = await startSandboxServer({
    port: SANDBOX_PORT,
    testClock: true,
    webhookUrl: `http://127.0.0.1:${PROXY_PORT}/__journeys/deliveries`,
    outDir: tempSandboxDir('journeys'),
    tickMs: 20,
  });
  const {credentials} = sandbox.index;
  if (!credentials.signingKey)
    throw new Error('openapi/scenarios/sandbox.yaml has no signing key: see openapi/DECISIONS.md.');
  proxy = await startJourneysProxy({
    port: PROXY_PORT,
    target: sandbox.url,
    contract: compiled.deref,
    credentials: {
      partnerId: credentials.partnerId,
      jwtSecret: credentials.jwtSecret,
      jwtKeyId: SANDBOX_KEY_ID,
      audience: TOKEN_AUDIENCE.sandbox,
      webhookSecret: credentials.webhookSecret,
      signingKey: {keyId: credentials.signingKey.keyId, privateKey: credentials.signingKey.privateKey, alg: 'ed25519'},
    },
  });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  fs.rmSync(dir, {recursive: true, force: true});
});

describe('journeys (openapi/journeys/*.arazzo.yaml) against the sandbox', () => {
  it('runs every workflow green with Respect', async () => {
    const files = fs.readdirSync(path.join(dir, 'journeys')).map((f) => path.join(dir, 'journeys', f));
    const report = path.join(dir, 'respect.json');
    const args = [
      path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'),
      'respect',
      ...files,
      '--server',
      `rupeerail=${proxy.url}/api/v1`,
      '--input',
      `proxy=${proxy.url}`,
      '--severity',
      RESPECT_SEVERITY,
      '--json-output',
      report,
    ];
    await run(process.execPath, args, {cwd: dir, maxBuffer: 64 * 1024 * 1024}).catch((e: unknown) => e);
    const result = JSON.parse(fs.readFileSync(report, 'utf8')) as RespectReport;
    expect(respectProblems(result)).toEqual([]);
    // Every workflow of every file ran, not only the ones before a file Respect could not read.
    const ran = Object.values(result.files).flatMap((f) => f.executedWorkflows.map((w) => w.workflowId));
    const written = files.flatMap((f) =>
      parseJourneyFile(f, fs.readFileSync(f, 'utf8')).workflows.map((w) => w.workflowId),
    );
    expect(ran.sort()).toEqual(written.sort());
  }, 120_000);
});
