/**
 * The routes the site must serve, read at test time from the repository's project-routes.txt (or
 * the list E2E_ROUTES_FILE names), plus the blog author pages that blog/authors.yml gives, so that a
 * list describing them only in a comment (as ../shared/routes.txt does) still has them loaded.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import YAML from 'yaml';
import {routesFile, siteDir} from './paths';

/** Paths as the browser shows them, before percent-encoding ('/docs/v1/.../kyc/{kycId}'). */
export function readRoutes(file: string = routesFile, site: string = siteDir): string[] {
  if (!existsSync(file)) throw new Error(`e2e: route list not found at ${file} (set E2E_ROUTES_FILE to another list).`);
  const routes = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('/'));
  return [...new Set([...routes, ...authorRoutes(site)])];
}

/**
 * Docusaurus gives an author a page when authors.yml says `page: true` (at
 * /blog/authors/<key>) or `page: {permalink: ...}` (at /blog/authors/<permalink>).
 * No authors.yml, no author pages.
 */
export function authorRoutes(site: string = siteDir): string[] {
  const file = join(site, 'blog', 'authors.yml');
  if (!existsSync(file)) return [];
  const parsed: unknown = YAML.parse(readFileSync(file, 'utf8'));
  if (!isRecord(parsed)) return [];
  const routes: string[] = [];
  for (const [key, author] of Object.entries(parsed)) {
    if (!isRecord(author)) continue;
    const page = author.page;
    if (page === true) {
      routes.push(`/blog/authors/${key}`);
    } else if (isRecord(page) && typeof page.permalink === 'string') {
      routes.push(`/blog/authors/${page.permalink.replace(/^\/+/, '')}`);
    }
  }
  return routes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A route as the browser requests it: braces and other reserved characters percent-encoded. */
export function encodeRoute(route: string): string {
  return encodeURI(route);
}

/**
 * The other spellings of a route that must show the same page: with and without the trailing
 * slash, '/x.html' and '/x/index.html' (for '/': only '/index.html'). Percent-encoded.
 */
export function alternateForms(route: string): string[] {
  const bare = route.replace(/\/+$/, '');
  if (bare === '') return ['/index.html'];
  return [bare, `${bare}/`, `${bare}.html`, `${bare}/index.html`].filter((form) => form !== route).map(encodeRoute);
}
