/** Step 1, route: which operation a method and path name, or the 404 / 405 answer. */
import {compilePathTemplate, type PathTemplate} from '../../contract/path-template';
import type {RouteModel} from '../model';
import {envelope, type Answer} from './types';

export interface CompiledRoute {
  readonly route: RouteModel;
  readonly path: PathTemplate;
}

export const compileRoutes = (routes: readonly RouteModel[]): CompiledRoute[] =>
  routes.map((route) => ({route, path: compilePathTemplate(route.path)}));

export interface Routed {
  readonly route: RouteModel;
  readonly url: URL;
  /** Each path parameter as sent (percent-encoded): decoding is the params step's. */
  readonly pathParams: Readonly<Record<string, string>>;
}

/** The route a request names under `basePath`, or the answer that says it names none. */
export function routeRequest(
  basePath: string,
  routes: readonly CompiledRoute[],
  request: {readonly method: string; readonly url: string},
): Routed | {answer: Answer} {
  let url: URL;
  try {
    url = new URL(request.url, 'http://sandbox.invalid');
  } catch {
    return {answer: {status: 404, body: envelope(7, 'No such path'), scenario: 'route'}};
  }
  const method = request.method.toUpperCase();
  const relative = url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : '';
  const found = relative ? routes.filter((r) => r.path.test(relative)) : [];
  const hit = found.find((r) => r.route.method === method);
  if (hit) {
    return {route: hit.route, url, pathParams: hit.path.match(relative) ?? {}};
  }
  if (found.length) {
    const allowed = [...new Set(found.map((r) => r.route.method))].join(', ');
    return {
      answer: {
        status: 405,
        headers: {Allow: allowed},
        body: envelope(10, `${method} is not allowed on ${url.pathname}: use ${allowed}`),
        scenario: 'route',
      },
    };
  }
  const message = `No operation at ${method} ${url.pathname}. Paths start with ${basePath}/; the API reference lists them all.`;
  return {answer: {status: 404, body: envelope(7, message), scenario: 'route'}};
}
