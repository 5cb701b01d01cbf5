/**
 * The text of /llms.txt and /llms-full.txt around the pages: the summary (its families from the
 * contract's tags), the facts every page relies on, the link sections, and the joining of every
 * page's Markdown into one file. Pure.
 */
import {codeSamplesMarkdown, listOf, llmsTxtMarkdown, type LlmsSection} from '#core/markdown/markdown';
import {markdownTwinPath} from '#core/markdown/twin';
import {DOWNLOADS} from '#core/contract/downloads';
import type {Family} from '#core/contract/families';
import {CHANGELOG_PATH} from '#core/changelog/changelog';
import type {CodeSample} from '#core/contract/types';
import type {SiteConfig} from '../../../site.config';
import type {SiteUrls} from './links';
import type {Page, Section} from './pages';

export const LLMS_TXT = '/llms.txt';
export const LLMS_FULL_TXT = '/llms-full.txt';

/** One sentence: what the API is, its families (from the contract's tags), who writes the docs. */
export function summaryOf(site: SiteConfig, families: readonly Pick<Family, 'label'>[]): string {
  return `${site.productName} is a JSON API for payments and financial services in India: ${listOf(families.map((f) => f.label))}. These are its developer docs, by ${site.provider}.`;
}

/** What every page relies on: where the twins and the contract are, base URLs, webhooks, rate limits. */
export function detailsOf(site: SiteConfig, urls: SiteUrls): string {
  const {sandbox, production} = site.environments;
  return [
    `Every link below is the Markdown copy of a docs page; the HTML page is the same URL without \`.md\`. All pages in one file: [llms-full.txt](${urls.url(LLMS_FULL_TXT)}). The contract: [OpenAPI 3.1](${urls.url(DOWNLOADS.yaml)}).`,
    '',
    `- Base URLs: ${sandbox.label} \`${sandbox.baseUrl}\`, ${production.label} \`${production.baseUrl}\`.`,
    '- Every request carries `Content-Type: application/json` and a token (see "For AI assistants" below).',
    '- Webhooks carry `X-Webhook-Id` and `X-Webhook-Timestamp` and are signed with `X-Signature` (HMAC-SHA256 of `<id>.<timestamp>.<raw body>`); any 2xx acknowledges.',
    `- Every service family has a rate limit per partner id; over it, HTTP 429 with \`response_code\` 18 and \`Retry-After\`. What changed in ${site.apiVersion}: [API changelog](${urls.url(markdownTwinPath(CHANGELOG_PATH))}).`,
    '- All example data (Aadhaar, PAN, account and card numbers) is fictional.',
  ].join('\n');
}

/** /llms.txt: prose sections (`notes`), then one link per page to its twin, with the page's description, by section. */
export function llmsTxt(
  title: string,
  summary: string,
  details: string,
  sections: readonly Section[],
  urls: SiteUrls,
  notes: readonly string[] = [],
): string {
  const linkSections: LlmsSection[] = sections.map((s) => ({
    title: s.title,
    links: s.pages.map((p) => ({
      title: p.title,
      url: urls.absolute(markdownTwinPath(p.permalink)),
      ...(p.description ? {description: p.description} : {}),
    })),
  }));
  return llmsTxtMarkdown({title, summary, details, notes, sections: linkSections});
}

/** A page's Markdown with its source URL right under its title. */
export function withSource(markdown: string, sourceUrl: string): string {
  return markdown.replace(/^(# .*)\n/, `$1\n\nSource: ${sourceUrl}\n`);
}

/** /llms-full.txt: the head, then every page, separated by rules. */
export function llmsFull(head: string, pages: readonly string[]): string {
  return `${[head, ...pages].map((s) => s.trim()).join('\n\n---\n\n')}\n`;
}

/**
 * Hand-written sample groups for llms-full.txt: each group printed in full on the first page that
 * shows it, and pointed to from every later page, instead of the same seven programs each time.
 */
export function samplesOnce(
  urls: SiteUrls,
): (page: Page) => (key: string, samples: readonly CodeSample[], what: string) => string {
  const first = new Map<string, Page>();
  return (page) => (key, samples, what) => {
    const seen = first.get(key);
    if (seen && seen !== page)
      return `${what} in every sample language: see [${seen.title}](${urls.absolute(seen.permalink)}) above.`;
    first.set(key, page);
    return codeSamplesMarkdown(samples);
  };
}
