/**
 * Docusaurus plugin: after a build, the route list and the routes agree (lib/check.ts). Reads
 * project-routes.txt, the complete list of the site's routes kept in the repository; the routes are
 * the build's own. A draft build (DOCS_DRAFT=1) warns instead of failing: pages that are listed but
 * not written yet are expected while a family is being written.
 */
import fs from 'node:fs';
import path from 'node:path';
import logger from '@docusaurus/logger';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {routeSources} from '../route-sources/sources.mjs';
import {routeListProblems} from './lib/check';

/** Every route of the site, kept in the repository beside the pages that serve them. */
export const PROJECT_ROUTES = 'project-routes.txt';

export default function routeListPlugin(context: LoadContext): Plugin {
  const file = path.join(context.siteDir, PROJECT_ROUTES);
  return {
    name: 'route-list',
    postBuild({routesPaths, routes}) {
      if (!fs.existsSync(file))
        throw new Error(
          `route-list: ${PROJECT_ROUTES} not found in ${context.siteDir}; it lists every route the site serves.`,
        );
      const problems = routeListProblems(
        {file: PROJECT_ROUTES, text: fs.readFileSync(file, 'utf8')},
        {routesPaths, sources: routeSources(routes), baseUrl: context.baseUrl},
      );
      if (!problems.length) return;
      const message = `The route list and the build disagree (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`;
      if (process.env.DOCS_DRAFT === '1') logger.warn(message);
      else throw new Error(message);
    },
  };
}
