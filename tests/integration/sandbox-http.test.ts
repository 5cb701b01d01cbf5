/**
 * The protocol edges of the sandbox over HTTP (scripts/lib/sandbox-http.ts, issue 33): what the
 * outside fuzzer and hand-made requests found answered outside the envelope or as our error. Each
 * edge is sent raw on a socket (fetch will not send most of them) to a server on a free port whose
 * request timeout is short, so the timeout case waits for the server's answer, not for a sleep.
 */
import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {bundleContract, loadResponseCodes} from '#node/contract/load';
import {compileSandbox, writeSandbox} from '#node/contract/sandbox';
import {clientErrorAnswer, serveSandbox} from '../../scripts/lib/sandbox-http';
import {tempSandboxDir} from '../../scripts/lib/sandbox-server';
import {clockedSandbox} from '../unit/sandbox-harness';

const dir = tempSandboxDir('http-edges');
let server: http.Server;
let port = 0;
let token: () => Promise<string>;
const lines: string[] = [];

beforeAll(async () => {
  const doc = await bundleContract(true);
  const compiled = compileSandbox(doc, loadResponseCodes());
  writeSandbox(dir, doc, compiled);
  const clocked = clockedSandbox(compiled, dir, Date.now(), 33);
  token = () => clocked.token();
  ({server, port} = await serveSandbox(clocked.sandbox, {
    port: 0,
    host: '127.0.0.1',
    log: (line) => lines.push(line),
    portHint: 'a free port',
    requestTimeoutMs: 300,
  }));
}, 60_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  fs.rmSync(dir, {recursive: true, force: true});
});

interface Raw {
  status: number;
  json: unknown;
}

/** Writes `head` (and `body` bytes) on a socket, keeps it open, and reads the one answer. */
function raw(head: string, body: Buffer = Buffer.alloc(0)): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      if (body.length) socket.write(body);
    });
    let out = '';
    const done = (): void => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(out)?.[1]);
      const text = out.slice(out.indexOf('\r\n\r\n') + 4);
      resolve({status, json: text ? JSON.parse(text) : undefined});
    };
    socket.on('data', (c) => {
      out += c.toString('utf8');
      // One answer is all a test needs: its body is complete when Content-Length bytes have come.
      const length = Number(/content-length: (\d+)/i.exec(out)?.[1] ?? NaN);
      const at = out.indexOf('\r\n\r\n');
      if (at >= 0 && Buffer.byteLength(out.slice(at + 4)) >= length) {
        socket.destroy();
        done();
      }
    });
    socket.on('end', done);
    socket.on('error', reject);
  });
}

const post = async (path: string, contentType: string, body: Buffer): Promise<Raw> =>
  raw(
    `POST /api/v1${path} HTTP/1.1\r\nHost: sandbox.test\r\nAuthorization: Bearer ${await token()}\r\n` +
      `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    body,
  );

const STATUS = Buffer.from('{"referenceid":"RR-PO-20251114-000413"}');

describe('the sandbox over HTTP, at the protocol edges', () => {
  it('answers a broken percent-encoding in a path parameter 400 in the envelope, naming the parameter', async () => {
    const res = await raw(
      `GET /api/v1/service/payout/contacts/%E0%A4%A HTTP/1.1\r\nHost: sandbox.test\r\n` +
        `Authorization: Bearer ${await token()}\r\nConnection: close\r\n\r\n`,
    );
    expect(res).toEqual({
      status: 400,
      json: {
        status: false,
        response_code: 10,
        message: 'Validation failed',
        data: {errors: [{field: 'contactId', rule: 'is not valid percent-encoded UTF-8: encode each byte as %XX'}]},
      },
    });
  });

  it('reads application/json, with or without a UTF-8 charset, as JSON and nothing else', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"'])
      expect((await post('/service/payout/orders/status', type, STATUS)).json).toMatchObject({response_code: 1});
    for (const type of ['application/json-patch+json', 'application/json; charset=latin1', 'text/plain'])
      // HTTP 400, the status the contract documents for code 10 (415 is documented by no operation).
      expect(await post('/service/payout/orders/status', type, STATUS), type).toEqual({
        status: 400,
        json: {
          status: false,
          response_code: 10,
          message: 'Unsupported media type',
          data: {
            errors: [{field: '(body)', rule: 'send Content-Type: application/json (optionally with charset=utf-8)'}],
          },
        },
      });
  });

  it('refuses a body that is not UTF-8 instead of reading it with replacement characters', async () => {
    const latin1 = Buffer.from('{"referenceid":"RR-PO-20251114-00041\xe9"}', 'latin1');
    expect(await post('/service/payout/orders/status', 'application/json', latin1)).toEqual({
      status: 400,
      json: {
        status: false,
        response_code: 10,
        message: 'Validation failed',
        data: {errors: [{field: '(body)', rule: 'must be UTF-8: the body has bytes that are not'}]},
      },
    });
  });

  it('answers an HTTP/1.1 request without Host in the envelope', async () => {
    expect(await raw('GET /api/v1/common/bank HTTP/1.1\r\nConnection: close\r\n\r\n')).toEqual({
      status: 400,
      json: {status: false, response_code: 10, message: 'Send a Host header: HTTP/1.1 requires one'},
    });
  });

  it('answers a request that does not arrive in time 408, not 400', async () => {
    const head =
      'POST /api/v1/service/payout/orders/status HTTP/1.1\r\nHost: sandbox.test\r\n' +
      'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    expect(await raw(head, Buffer.from('{"refer'))).toEqual({
      status: 408,
      json: {status: false, response_code: 10, message: 'Request not received in time: send it whole, faster'},
    });
    expect(clientErrorAnswer('HPE_INVALID_METHOD').status).toBe(400);
  });

  it('logs a client that goes away mid-body as one line, with no 500 and no stack', async () => {
    const before = lines.length;
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /api/v1/service/payout/orders/status HTTP/1.1\r\nHost: sandbox.test\r\n' +
            'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"refer',
          () => socket.destroy(),
        );
      });
      socket.on('close', () => resolve());
    });
    const logged = (): string[] => lines.slice(before);
    await expect.poll(logged).toHaveLength(1);
    expect(logged()).toEqual([
      'POST /api/v1/service/payout/orders/status: the client closed the connection before the body ended; nothing answered',
    ]);
  });
});
