/**
 * The dev server serves the generated files the site serves as they are (node/generated.ts
 * `servedDir`: the sandbox engine's files under /sandbox/, the stylesheets under /css/) from disk,
 * where a build has the client bundle copy them (plugins/api-contract/lib/setup.ts
 * `copySandboxFiles`). Copied by the bundler, every write of them was a change to its compile: on
 * the dev server's first start, which writes them while the first compile runs, a second compile
 * followed and held up the first page (3.4 s of a loaded start). A request that comes before they
 * are written waits for them (`ready`, the same hold as the lazy compiles); any other request goes
 * straight on.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {IncomingMessage, ServerResponse} from 'node:http';

/** The content types of the files served, by extension. */
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export type NextFunction = (err?: unknown) => void;
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void;

/**
 * Serves `servedDir`'s files at `baseUrl` plus their path, in the URL `folders` (node/generated.ts
 * `servedFolders`), each answered once `ready()` settles; a file that is not there goes on to the
 * next middleware (the dev server's 404).
 */
export function servedFilesMiddleware(
  servedDir: string,
  folders: readonly string[],
  baseUrl: string,
  ready: () => Promise<void>,
): Middleware {
  return (req, res, next) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://dev').pathname);
    } catch {
      return next();
    }
    const rest = pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length) : '';
    const folder = folders.find((f) => rest.startsWith(`${f}/`));
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !folder) return next();
    const file = path.join(servedDir, rest);
    if (!file.startsWith(path.join(servedDir, folder) + path.sep)) return next();
    void ready().then(() => {
      fs.readFile(file, (err, body) => {
        if (err) return next();
        res.writeHead(200, {
          'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'content-length': body.length,
          'cache-control': 'no-cache',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      });
    });
  };
}
