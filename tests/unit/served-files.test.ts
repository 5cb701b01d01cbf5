import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {IncomingMessage, ServerResponse} from 'node:http';
import {afterAll, describe, expect, it} from 'vitest';
import {servedFilesMiddleware} from '../../plugins/lazy-routes/served';
import {servedFolders} from '#node/generated';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-serve-'));
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

/** One request through the middleware: what it answered, or that it went on. */
function ask(
  middleware: ReturnType<typeof servedFilesMiddleware>,
  url: string,
  method = 'GET',
): Promise<{next: true} | {status: number; headers: Record<string, unknown>; body: string}> {
  return new Promise((resolve) => {
    let headers: Record<string, unknown> = {};
    let status = 0;
    const res = {
      writeHead(s: number, h: Record<string, unknown>) {
        status = s;
        headers = h;
      },
      end(body?: Buffer) {
        resolve({status, headers, body: body ? body.toString('utf8') : ''});
      },
    } as unknown as ServerResponse;
    middleware({url, method} as IncomingMessage, res, () => resolve({next: true}));
  });
}

describe("the dev server's served files (sandbox engine, stylesheets)", () => {
  it('are the folders the manifest serves as they are', () => {
    expect(servedFolders().sort()).toEqual(['css', 'sandbox']);
  });

  it('answers a file of a served folder once it is written, and lets every other request through at once', async () => {
    let write!: () => void;
    const written = new Promise<void>((resolve) => (write = resolve));
    const serve = servedFilesMiddleware(dir, ['sandbox', 'css'], '/', () => written);
    // Not held: pages, bundles, other folders, other methods.
    expect(await ask(serve, '/docs/v1/')).toEqual({next: true});
    expect(await ask(serve, '/assets/js/main.js')).toEqual({next: true});
    expect(await ask(serve, '/sandbox/aeps.json', 'POST')).toEqual({next: true});
    const early = ask(serve, '/sandbox/aeps.json?v=1');
    fs.mkdirSync(path.join(dir, 'sandbox'));
    fs.writeFileSync(path.join(dir, 'sandbox', 'aeps.json'), '{"family":"aeps"}\n');
    write();
    expect(await early).toMatchObject({status: 200, body: '{"family":"aeps"}\n'});
    expect(await ask(serve, '/sandbox/aeps.validators.js')).toEqual({next: true}); // not there: the dev server's 404
    expect(await ask(serve, '/sandbox/../../etc/passwd')).toEqual({next: true});
    expect(await ask(serve, '/sandbox/aeps.json', 'HEAD')).toMatchObject({status: 200, body: ''});
    const js = await ask(serve, '/sandbox/aeps.json');
    expect(js).toMatchObject({
      headers: {'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache'},
    });
  });

  it('serves under the base URL', async () => {
    const serve = servedFilesMiddleware(dir, ['sandbox'], '/docs-site/', () => Promise.resolve());
    expect(await ask(serve, '/docs-site/sandbox/aeps.json')).toMatchObject({status: 200});
    expect(await ask(serve, '/sandbox/aeps.json')).toEqual({next: true});
  });
});
