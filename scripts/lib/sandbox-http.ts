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

/**
 * What the connection-level handler and the request handler tell each other about a socket, so a
 * connection that ends mid-body is logged once: by the request handler while a body is being read
 * (it knows the method and path), by the connection handler otherwise, and not again after the
 * connection handler has answered it (a request timeout).
 */
interface SocketStates {
  readonly readingBody: WeakSet<Duplex>;
  readonly answered: WeakSet<Duplex>;
}

/** What reading a body came to: its bytes, too many of them, or a client that went away mid-body. */
type BodyRead = {bytes: Buffer} | {tooLarge: true} | {aborted: true};

function readBody(req: http.IncomingMessage): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve({tooLarge: true});
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve({bytes: Buffer.concat(chunks)}));
    // A client that closes the connection before its body ends is no error of ours: nothing to
    // answer and no stack to print (issue 33: a slow-body test logged 1,000 "-> 500" stacks).
    req.on('error', () => resolve({aborted: true}));
    req.on('close', () => {
      if (!req.complete) resolve({aborted: true});
    });
  });
}

/** Bodies are UTF-8 (/BodyParam): bytes that are not are refused, never read with replacement characters. */
const utf8 = new TextDecoder('utf-8', {fatal: true});

function decodeBody(bytes: Buffer): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
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
  states: SocketStates,
  onAnswer?: OnAnswer,
  control?: Control,
): Promise<void> {
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  // HTTP/1.1 requires Host (RFC 9112 section 3.2): refused as Node would, but in the envelope.
  if (req.httpVersion === '1.1' && req.headers.host === undefined) {
    send(...envelope(400, 10, 'Send a Host header: HTTP/1.1 requires one'));
    log(`${method} ${url} -> 400 code 10 (no Host header)`);
    return;
  }
  states.readingBody.add(req.socket);
  const read = await readBody(req);
  states.readingBody.delete(req.socket);
  if ('aborted' in read) {
    if (!states.answered.has(req.socket))
      log(`${method} ${url}: the client closed the connection before the body ended; nothing answered`);
    return;
  }
  if ('tooLarge' in read) {
    send(...envelope(413, 10, `Request body larger than ${MAX_BODY_BYTES} bytes`));
    log(`${method} ${url} -> 413 code 10 (body too large)`);
    return;
  }
  const raw = decodeBody(read.bytes);
  if (raw === undefined) {
    const errors = [{field: '(body)', rule: 'must be UTF-8: the body has bytes that are not'}];
    send(...envelope(400, 10, 'Validation failed', {errors}));
    log(`${method} ${url} -> 400 code 10 (body not UTF-8)`);
    return;
  }
  const controlled = await control?.(method, url, raw);
  if (controlled) {
    send(controlled.status, JSON.stringify(controlled.body));
    log(`${method} ${url} -> ${controlled.status} (sandbox control)`);
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

function requestListener(
  sandbox: Sandbox,
  log: Log,
  states: SocketStates,
  onAnswer?: OnAnswer,
  control?: Control,
): http.RequestListener {
  return (req, res) => {
    const send: Send = (status, body, headers = {}) => {
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        ...headers,
      });
      res.end(body);
    };
    answerRequest(sandbox, req, send, log, states, onAnswer, control).catch((err: unknown) => {
      // The engine answers every request; reaching here is a bug of ours, still answered in the envelope.
      log(`${req.method} ${req.url} -> 500: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      if (!res.headersSent) send(...envelope(500, 22, 'Internal error in the sandbox server; see its console'));
      else res.end();
    });
  };
}

/** What a connection-level error is answered: a request too slow is 408 (RFC 9110 15.5.9), anything else 400. */
export function clientErrorAnswer(code: string | undefined): {status: number; reason: string; message: string} {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return {status: 408, reason: 'Request Timeout', message: 'Request not received in time: send it whole, faster'};
  return {status: 400, reason: 'Bad Request', message: `Malformed HTTP request (${code ?? 'parse error'})`};
}

/** Errors that mean the client went away (reset, or closed in the middle of a request). */
const CLIENT_GONE = new Set(['ECONNRESET', 'HPE_INVALID_EOF_STATE']);

/**
 * Connection-level errors Node's parser or its timers raise (bytes that are not HTTP, a request too
 * slow): answered in the envelope all the same; a client that went away is only logged, once.
 */
function answerMalformed(log: Log, states: SocketStates): (err: NodeJS.ErrnoException, socket: Duplex) => void {
  return (err, socket) => {
    if (CLIENT_GONE.has(err.code ?? '') || !socket.writable) {
      if (!states.readingBody.has(socket)) log(`connection closed by the client (${err.code ?? err.message})`);
      socket.destroy();
      return;
    }
    states.answered.add(socket);
    const answer = clientErrorAnswer(err.code);
    const [status, body] = envelope(answer.status, 10, answer.message);
    socket.end(
      `HTTP/1.1 ${status} ${answer.reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    log(
      `${answer.status === 408 ? 'request timeout' : 'malformed request'} -> ${status} code 10 (${err.code ?? err.message})`,
    );
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

/**
 * A control call outside the contract (`POST /__sandbox/clock` of `--test-clock`), answered before
 * the engine sees the request; undefined passes the request on to the engine.
 */
export type Control = (
  method: string,
  url: string,
  body: string,
) => Promise<{status: number; body: unknown} | undefined> | {status: number; body: unknown} | undefined;

/** Called with each request the engine answered and its answer. */
export type OnAnswer = (request: SandboxRequest, response: SandboxResponse) => void;

export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  readonly log: Log;
  readonly onAnswer?: OnAnswer;
  readonly control?: Control;
  /** How the user chooses another port, for the message when this one is in use. */
  readonly portHint: string;
  /** Milliseconds a whole request may take (default 15 s); tests shorten it. */
  readonly requestTimeoutMs?: number;
}

/** The engine on a port (0: any free one); the server and the port it got. */
export async function serveSandbox(
  sandbox: Sandbox,
  options: ServeOptions,
): Promise<{server: http.Server; port: number}> {
  const requestTimeout = options.requestTimeoutMs ?? 15_000;
  const states: SocketStates = {readingBody: new WeakSet(), answered: new WeakSet()};
  const server = http.createServer(
    {
      // Host is checked in the listener, so its absence is answered in the envelope, not by Node.
      requireHostHeader: false,
      // Slow or stalled clients never hold a connection for long: timers are checked this often.
      connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(requestTimeout / 4))),
      requestTimeout,
      headersTimeout: Math.min(10_000, requestTimeout),
    },
    requestListener(sandbox, options.log, states, options.onAnswer, options.control),
  );
  server.on('clientError', answerMalformed(options.log, states));
  const port = await listen(server, options.port, options.host, options.portHint);
  return {server, port};
}
