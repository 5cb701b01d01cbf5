/**
 * URLs in the Markdown copies: every link made absolute, so a twin still works when pasted
 * somewhere else. Pure.
 */
import path from 'node:path';
import type {Page} from './pages';

export interface SiteUrls {
  /** A path that already carries the base URL ('/docs/v1/...', from Docusaurus) -> absolute URL. */
  readonly absolute: (withBase: string) => string;
  /** A site path as authored or stored in the contract ('/HeaderMarkdown') -> absolute URL. */
  readonly url: (sitePath: string) => string;
}

export function siteUrls(siteUrl: string, baseUrl: string): SiteUrls {
  const origin = siteUrl.replace(/\/$/, '');
  const absolute = (withBase: string): string => `${origin}${encodeURI(withBase)}`;
  return {absolute, url: (sitePath) => absolute(`${baseUrl}${sitePath.replace(/^\//, '')}`)};
}

/**
 * The link targets of one page's prose, as written -> absolute URLs: other sites as they are, site
 * paths with the origin, and links to MDX files (`./kyc.mdx#x`) to the page built from that file.
 * A file no page is built from (a page not written yet, in a draft build) resolves like a
 * relative URL without its extension.
 */
export function linkResolver(page: Page, bySource: ReadonlyMap<string, Page>, urls: SiteUrls): (raw: string) => string {
  return (raw) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) return raw;
    const hashAt = raw.indexOf('#');
    const target = hashAt >= 0 ? raw.slice(0, hashAt) : raw;
    const hash = hashAt >= 0 ? raw.slice(hashAt) : '';
    if (target === '') return `${urls.absolute(page.permalink)}${hash}`;
    if (target.startsWith('/')) return `${urls.url(target)}${hash}`;
    if (/\.mdx?$/.test(target)) {
      const linked = bySource.get(path.resolve(path.dirname(page.file), decodeURI(target)));
      if (linked) return `${urls.absolute(linked.permalink)}${hash}`;
      return new URL(`${target.replace(/(\/index)?\.mdx?$/, '')}${hash}`, urls.absolute(page.permalink)).href;
    }
    return new URL(raw, urls.absolute(page.permalink)).href;
  };
}
