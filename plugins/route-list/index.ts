/**
 * Docusaurus plugin: after a build, the route lists and the routes agree (lib/check.ts). Reads
 * ../shared/routes.txt (the agreed floor, beside the repository) and project-routes.txt; the
 * routes are the build's own. A draft build (DOCS_DRAFT=1) warns instead of failing: pages that
 * are listed but not written yet are expected while a family is being written.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {routeSources} from '../route-sources/sources.mjs';
import {routeListProblems, type RouteList} from './lib/check';

/** The project's own routes, kept in the repository beside the pages that serve them. */
export const PROJECT_ROUTES = 'project-routes.txt';

export default function routeListPlugin(context: LoadContext): Plugin {
  const floor = path.resolve(context.siteDir, '..', 'shared', 'routes.txt');
  const own = path.join(context.siteDir, PROJECT_ROUTES);
  return {
    name: 'route-list',
    postBuild({routesPaths, routes}) {
      const read = (file: string): RouteList => ({
        file: path.relative(context.siteDir, file),
        text: fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '',
      });
      if (!fs.existsSync(floor))
        console.warn(`route-list: ${floor} not found; only ${PROJECT_ROUTES} is checked against the build.`);
      const problems = routeListProblems([read(floor), read(own)], {
        routesPaths,
        sources: routeSources(routes),
        baseUrl: context.baseUrl,
      });
      if (!problems.length) return;
      const message = `The route lists and the build disagree (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`;
      if (process.env.DOCS_DRAFT === '1') console.warn(message);
      else throw new Error(message);
    },
  };
}
