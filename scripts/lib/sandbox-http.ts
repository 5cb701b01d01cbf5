/**
 * The sandbox engine (core/sandbox/engine.ts) behind a Node HTTP server: read the request, let the
 * engine answer, write the answer back in the envelope. Shared by `npm run sandbox`
 * (./sandbox-server.ts) and `certify --client` (certify/src/recorder.ts), which also records each
 * exchange through `onAnswer`. Nothing here reads the contract: the engine is handed in.
 */
import http from 'node:http';
import type {Duplex} from 'node:stream';
import type {Sandbox, SandboxRequest, SandboxResponse} from '#core/sandbox/engine';
import {text} from '#core/sandbox/body';

/** Largest request body the local sandbox reads; a bigger one is answered 413 in the envelope. */
export const MAX_BODY_BYTES = 1024 * 1024;

const envelope = (status: number, code: number, message: string, data?: unknown): [number, string] => [
  status,
  JSON.stringify({status: false, response_code: code, message, ...(data !== undefined ? {data} : {})}),
];

function readBody(req: http.IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export type Log = (line: string) => void;

/** The port asked for is taken; the message names the option that picks another. */
export class PortInUseError extends Error {}

/** The engine's answer to one HTTP request, written back; a body over the limit is answered 413. */
async function answerRequest(
  sandbox: Sandbox,
  req: http.IncomingMessage,
  send: Send,
  log: Log,
  onAnswer?: OnAnswer,
): Promise<void> {
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  const raw = await readBody(req);
  if (raw === undefined) {
    send(...envelope(413, 10, `Request body larger than ${MAX_BODY_BYTES} bytes`));
    log(`${method} ${url} -> 413 code 10 (body too large)`);
    return;
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
  const request = {method, url, headers, body: raw};
  const answer = await sandbox.send(request);
  onAnswer?.(request, answer);
  send(answer.status, answer.body, answer.headers);
  log(`${method} ${url} -> ${answer.status} code ${text(answer.json.response_code)} (${answer.scenario})`);
}

type Send = (status: number, body: string, headers?: Record<string, string>) => void;

function requestListener(sandbox: Sandbox, log: Log, onAnswer?: OnAnswer): http.RequestListener {
  return (req, res) => {
    const send: Send = (status, body, headers = {}) => {
      res.writeHead(status, {'Content-Type': 'application/json', ...headers});
      res.end(body);
    };
    answerRequest(sandbox, req, send, log, onAnswer).catch((err: unknown) => {
      // The engine answers every request; reaching here is a bug of ours, still answered in the envelope.
      log(`${req.method} ${req.url} -> 500: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      if (!res.headersSent) send(...envelope(500, 22, 'Internal error in the sandbox server; see its console'));
      else res.end();
    });
  };
}

/** Bytes that are not HTTP at all: Node's parser refuses them; answer in the envelope all the same. */
function answerMalformed(log: Log): (err: NodeJS.ErrnoException, socket: Duplex) => void {
  return (err, socket) => {
    if (!socket.writable) return;
    const [status, body] = envelope(400, 10, `Malformed HTTP request (${err.code ?? 'parse error'})`);
    socket.end(
      `HTTP/1.1 ${status} Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    log(`malformed request -> ${status} code 10 (${err.code ?? err.message})`);
  };
}

/** Listens on `port` (0: any free one); the port it got. A port in use is a setup error with the fix. */
async function listen(server: http.Server, port: number, host: string, portHint: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new PortInUseError(`Port ${port} on ${host} is in use. Choose another: ${portHint}.`)
          : err,
      ),
    );
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

/** Called with each request the engine answered and its answer. */
export type OnAnswer = (request: SandboxRequest, response: SandboxResponse) => void;

export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  readonly log: Log;
  readonly onAnswer?: OnAnswer;
  /** How the user chooses another port, for the message when this one is in use. */
  readonly portHint: string;
}

/** The engine on a port (0: any free one); the server and the port it got. */
export async function serveSandbox(
  sandbox: Sandbox,
  options: ServeOptions,
): Promise<{server: http.Server; port: number}> {
  const server = http.createServer(requestListener(sandbox, options.log, options.onAnswer));
  server.on('clientError', answerMalformed(options.log));
  // Slow or stalled clients never hold a connection for long.
  server.requestTimeout = 15_000;
  server.headersTimeout = 10_000;
  const port = await listen(server, options.port, options.host, options.portHint);
  return {server, port};
}
