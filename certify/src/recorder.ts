/**
 * `certify --client`: the sandbox on this machine (the engine, over scripts/lib/sandbox-http.ts,
 * as `npm run sandbox` serves it) with every exchange recorded for ./client.ts to grade.
 */
import {createSandbox, memoryStore, type LoadedFamily} from '#core/sandbox/engine';
import type {SandboxIndex} from '#core/sandbox/model';
import {PortInUseError, serveSandbox} from '../../scripts/lib/sandbox-http';
import type {Exchange} from './client-model';
import {CertifyInputError, type Clock} from './types';

export interface RecorderOptions {
  readonly index: SandboxIndex;
  readonly loadFamily: (family: string) => LoadedFamily | Promise<LoadedFamily>;
  readonly clock: Clock;
  /** 0: any free port. */
  readonly port: number;
  readonly log?: (line: string) => void;
  /** The sandbox's seed for its live ids (tests pass one, so a run's output is the same every time). */
  readonly seed?: number;
}

export interface Recorder {
  /** The base URL to point the client at (`http://127.0.0.1:4010/api/v1`). */
  readonly url: string;
  readonly exchanges: readonly Exchange[];
  close(): Promise<void>;
}

export async function startRecorder(options: RecorderOptions): Promise<Recorder> {
  const sandbox = createSandbox({
    index: options.index,
    loadFamily: options.loadFamily,
    clock: options.clock,
    store: memoryStore(),
    ...(options.seed === undefined ? {} : {seed: options.seed}),
  });
  const exchanges: Exchange[] = [];
  const host = '127.0.0.1';
  const served = await serveSandbox(sandbox, {
    port: options.port,
    host,
    log: options.log ?? (() => undefined),
    portHint: 'certify --client --port <N>',
    onAnswer: (req, res) =>
      exchanges.push({
        at: options.clock.now(),
        method: req.method,
        url: req.url,
        headers: Object.fromEntries(
          Object.entries(req.headers ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, v]])),
        ),
        body: req.body ?? '',
        status: res.status,
        responseHeaders: res.headers,
        response: res.body,
        ...(res.operationId ? {operationId: res.operationId} : {}),
      }),
  }).catch((err: unknown) => {
    throw err instanceof PortInUseError ? new CertifyInputError(err.message) : err;
  });
  const {server, port} = served;
  return {
    url: `http://${host}:${port}${options.index.basePath}`,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
