/** The steps of plugins/llms-txt (lib/pages.ts, lib/links.ts, lib/llms.ts), each on small inputs. */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {LoadedVersion} from '@docusaurus/plugin-content-docs';
import type {LoadedContent as PagesContent} from '@docusaurus/plugin-content-pages';
import {llmsSections, sidebarSections, sitePages, twinPages, type Page} from '../../plugins/llms-txt/lib/pages';
import {linkResolver, siteUrls} from '../../plugins/llms-txt/lib/links';
import {detailsOf, llmsFull, llmsTxt, samplesOnce, summaryOf, withSource} from '../../plugins/llms-txt/lib/llms';
import {site} from '../../site.config';

const siteDir = '/site';
const page = (permalink: string, file: string, title = permalink): Page => ({
  permalink,
  title,
  description: `About ${title}.`,
  file: path.join(siteDir, file),
});

const version = {
  docs: [
    {id: 'v1/index', permalink: '/docs/v1/', title: 'Start', description: 'Begin.', source: '@site/docs/v1/index.mdx'},
    {id: 'v1/a', permalink: '/docs/v1/a', title: 'A', description: 'About A.', source: '@site/docs/v1/a.mdx'},
    {
      id: 'v1/hidden',
      permalink: '/docs/v1/hidden',
      title: 'Hidden',
      description: '',
      source: '@site/docs/v1/hidden.mdx',
      unlisted: true,
    },
  ],
} as unknown as LoadedVersion;
const pagesContent = [
  {type: 'mdx', permalink: '/api', source: '@site/src/pages/api.mdx', title: 'API', description: 'All calls.'},
  {type: 'jsx', permalink: '/', source: '@site/src/pages/index.tsx'},
] as unknown as PagesContent;

describe('pages', () => {
  const pages = sitePages(version, pagesContent, siteDir);

  it('takes every doc and the MDX pages, with their source files', () => {
    expect(pages.docs.map((d) => [d.id, d.page.file, d.unlisted])).toEqual([
      ['v1/index', '/site/docs/v1/index.mdx', false],
      ['v1/a', '/site/docs/v1/a.mdx', false],
      ['v1/hidden', '/site/docs/v1/hidden.mdx', true],
    ]);
    expect(pages.extra.map((p) => p.permalink)).toEqual(['/api']);
    expect(twinPages(pages).map((p) => p.permalink)).toEqual(['/docs/v1/', '/docs/v1/a', '/docs/v1/hidden', '/api']);
  });

  it('orders by the sidebar, top-level categories as sections, then what the sidebar leaves out', () => {
    const sidebar = [
      {
        type: 'category',
        label: 'Getting started',
        link: {type: 'doc', id: 'v1/index'},
        items: [{type: 'link', href: '/api#top'}],
      },
    ] as const;
    expect(llmsSections(pages, sidebar, '/').map((s) => [s.title, s.pages.map((p) => p.permalink)])).toEqual([
      ['Getting started', ['/docs/v1/', '/api']],
      ['Reference', []],
      ['Other docs', ['/docs/v1/a']],
    ]);
  });

  it('puts docs outside any category first, under "Docs"', () => {
    const a = page('/docs/v1/a', 'docs/v1/a.mdx');
    expect(sidebarSections([{type: 'doc', id: 'v1/a'}], new Map([['v1/a', a]]), new Map())).toEqual([
      {title: 'Docs', pages: [a]},
    ]);
  });
});

describe('links', () => {
  const urls = siteUrls('https://docs.example/', '/');
  const here = page('/docs/v1/service/aeps/withdrawal', 'docs/v1/service/aeps/withdrawal.mdx');
  const kyc = page('/docs/v1/service/aeps/kyc-page', 'docs/v1/service/aeps/kyc.mdx');
  const resolve = linkResolver(here, new Map([[kyc.file, kyc]]), urls);

  it('makes every kind of link absolute', () => {
    expect(resolve('https://other.example/x')).toBe('https://other.example/x');
    expect(resolve('mailto:a@b.example')).toBe('mailto:a@b.example');
    expect(resolve('#pitfalls')).toBe('https://docs.example/docs/v1/service/aeps/withdrawal#pitfalls');
    expect(resolve('/HeaderMarkdown#jwt')).toBe('https://docs.example/HeaderMarkdown#jwt');
    expect(resolve('./kyc.mdx#x')).toBe('https://docs.example/docs/v1/service/aeps/kyc-page#x');
    expect(resolve('../bbps/index.mdx')).toBe('https://docs.example/docs/v1/service/bbps');
    expect(resolve('status')).toBe('https://docs.example/docs/v1/service/aeps/status');
  });

  it('keeps the base URL', () => {
    expect(siteUrls('https://x.example', '/docs-site/').url('/api')).toBe('https://x.example/docs-site/api');
  });
});

describe('llms.txt and llms-full.txt', () => {
  const urls = siteUrls('https://docs.example', '/');

  it('summarises the families of the contract in one sentence', () => {
    expect(summaryOf(site, [{label: 'Payouts'}, {label: 'SMS'}])).toBe(
      'RupeeRail is a JSON API for payments and financial services in India: Payouts and SMS. These are its developer docs, by RupeeRail Technologies.',
    );
  });

  it('states the base URLs of the site config and the signature as the webhook policy has it', () => {
    const details = detailsOf(site, urls);
    expect(details).toContain(`Sandbox (UAT) \`${site.environments.sandbox.baseUrl}\``);
    expect(details).toContain('[OpenAPI 3.1](https://docs.example/downloads/openapi.yaml)');
    expect(details).toContain('HMAC-SHA256 of `<id>.<timestamp>.<raw body>`');
    expect(details).toContain(
      `What changed in ${site.apiVersion}: [API changelog](https://docs.example/docs/v1/changelog.md).`,
    );
  });

  it('links each page to its twin', () => {
    const a = page('/docs/v1/a', 'docs/v1/a.mdx', 'A');
    expect(llmsTxt('Demo API', 'A demo.', 'Details.', [{title: 'Start', pages: [a]}], urls)).toBe(
      '# Demo API\n\n> A demo.\n\nDetails.\n\n## Start\n\n- [A](https://docs.example/docs/v1/a.md): About A.\n',
    );
  });

  it('puts the source under the title and joins pages with rules', () => {
    expect(withSource('# A\n\nText.\n', 'https://docs.example/a')).toBe(
      '# A\n\nSource: https://docs.example/a\n\nText.\n',
    );
    expect(llmsFull('# All', ['# A\n', '# B\n'])).toBe('# All\n\n---\n\n# A\n\n---\n\n# B\n');
  });

  it('prints a group of samples once and points to it afterwards', () => {
    const once = samplesOnce(urls);
    const first = page('/docs/v1/a', 'docs/v1/a.mdx', 'A');
    const second = page('/docs/v1/b', 'docs/v1/b.mdx', 'B');
    const samples = [{lang: 'curl', label: 'cURL', prism: 'bash', code: 'echo'}];
    expect(once(first)('jwt', samples, 'Token signing code')).toBe('**cURL**\n\n```bash\necho\n```');
    expect(once(first)('jwt', samples, 'Token signing code')).toBe('**cURL**\n\n```bash\necho\n```');
    expect(once(second)('jwt', samples, 'Token signing code')).toBe(
      'Token signing code in every sample language: see [A](https://docs.example/docs/v1/a) above.',
    );
  });
});
