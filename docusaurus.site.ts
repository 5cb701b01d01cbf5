/**
 * The site's Docusaurus config. Docusaurus loads docusaurus.config.ts, which bundles this file and
 * the modules it imports with esbuild (node/site-config.ts); the dev server reloads when it is saved.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Config, PluginModule} from '@docusaurus/types';
import type {PluggableList} from 'unified';
import {parse as parseYaml} from 'yaml';
import type * as Preset from '@docusaurus/preset-classic';
import {darkCodeTheme, lightCodeTheme} from '#core/code/prism-themes';
import {site} from './site.config';
import {remarkApiReference} from './plugins/api-contract/remark';
import {remarkFact} from './plugins/api-contract/remark-fact';
import apiContractPlugin from './plugins/api-contract';
import docsRootRedirectPlugin from './plugins/docs-root-redirect';
import cspHashesPlugin from './plugins/csp-hashes';
import llmsTxtPlugin from './plugins/llms-txt';
import staticCodePlugin from './plugins/static-code';
import routeSourcesPlugin from './plugins/route-sources';
import routeListPlugin from './plugins/route-list';
import leanDocsPlugin from './plugins/lean-docs';
import docsPagesPlugin from './plugins/docs-pages';
import leanRegistryPlugin from './plugins/lean-registry';
import leanServerBundlePlugin from './plugins/lean-server-bundle';
import lazyRoutesPlugin from './plugins/lazy-routes';
import postcssOptionsPlugin from './plugins/postcss-options';
import mdxHotPlugin from './plugins/mdx-hot';
import searchIndexPlugin from './plugins/search-index';
import {remarkStaticCode} from './plugins/static-code/remark';
import {remarkCodeBreaks} from './plugins/code-breaks/remark';
import {writerErrorsOnce} from './plugins/writer-errors-once';
import {SSR_TEMPLATE} from './src/ssr/template';
import {familiesByGroup, familiesOf, tagViews} from '#core/contract/families';
import type {OpenApiDocument} from '#core/contract/openapi';
import {CONTRACT_ROOT, SITE_DIR} from '#node/contract/paths';
import {operationMethods} from '#node/contract/load';
import {sidebarMethodClass} from './plugins/api-contract/lib/sidebar-method';

// Flags, named once. Tests and the bench read the built output, not these.
const EDIT_URL = `${site.repositoryUrl}/edit/${site.editBranch}/`;

// The service families, from the contract's tags (core/contract/families.ts): one footer column per
// tag group, one link per family overview page. Only the contract's root is read here, before any
// plugin runs, so a family without an overview page (`x-overview`) has no footer link.
const contractRoot = parseYaml(fs.readFileSync(CONTRACT_ROOT, 'utf8')) as OpenApiDocument;
const familyColumns = familiesByGroup(familiesOf(tagViews(contractRoot, []))).map(({group, families}) => ({
  title: group,
  items: families.map((f) => ({label: f.label, to: f.href})),
}));

// Operation id -> HTTP method, read from the contract on the first page that needs it and again
// after the dev server reloads this config.
let methodsOfOperations: Map<string, string> | undefined;
const methods = (): Map<string, string> => (methodsOfOperations ??= operationMethods());

// Before Docusaurus' own remark plugins: the headings remarkApiReference adds must reach the TOC,
// and remarkStaticCode highlights fenced code at build time (no Prism in the browser); remarkCodeBreaks
// puts the places inline code may break (core/util/name-breaks, src/css/custom.css).
// They read the api-contract plugin's generated data where node/generated.ts, the manifest of
// generated files, places it (the plugin checks that Docusaurus agrees).
// remarkFact first: a <Fact> becomes its words before any other plugin reads the text (docs, blog and pages alike).
// A writer's mistake one of them finds is printed once, without our stack (plugins/writer-errors-once.ts).
const beforeDefaultRemarkPlugins: PluggableList = writerErrorsOnce([
  remarkFact,
  remarkApiReference,
  remarkStaticCode,
  remarkCodeBreaks,
]);

// The preset's docs options, handed to plugins/lean-docs, which wraps the same plugin.
const docsOptions = {
  path: 'docs',
  routeBasePath: 'docs',
  sidebarPath: './sidebars.ts',
  editUrl: EDIT_URL,
  showLastUpdateTime: true,
  beforeDefaultRemarkPlugins,
  versions: {current: {label: 'Next'}},
} satisfies Preset.Options['docs'];

const config = {
  title: site.productName,
  tagline: `API Docs by ${site.provider}`,
  favicon: 'img/favicon.svg',
  url: site.url,
  baseUrl: site.baseUrl,
  trailingSlash: undefined,

  future: {
    v4: true,
    // Docusaurus Faster (Rspack, SWC, Lightning CSS), every flag as `faster: true` sets it but one:
    // Rspack's persistent cache serves the dev server's restarts, not builds. A build from a clean
    // clone (CI) fills it for nobody, and holding it cost 1.3 GB more peak memory at 977 operations
    // (4.95 GB with it, 3.65 GB without, same build time), with no faster second build at today's size.
    faster: {
      swcJsLoader: true,
      swcJsMinimizer: true,
      swcHtmlMinimizer: true,
      lightningCssMinimizer: true,
      mdxCrossCompilerCache: true,
      rspackBundler: true,
      rspackPersistentCache: process.env.NODE_ENV !== 'production',
      ssgWorkerThreads: true,
      gitEagerVcs: true,
    },
  },

  // DOCS_DRAFT=1 (see sidebars.ts) relaxes this while a family is half written; CI never sets it.
  onBrokenLinks: process.env.DOCS_DRAFT === '1' ? 'warn' : 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'warn',
  markdown: {
    hooks: {onBrokenMarkdownLinks: 'warn'},
    // Each operation page's sidebar entry gets its method's class (plugins/api-contract/lib/sidebar-method.ts).
    async parseFrontMatter(params) {
      const result = await params.defaultParseFrontMatter(params);
      const file = path.relative(SITE_DIR, params.filePath);
      const className = sidebarMethodClass(params.fileContent, file, methods(), result.frontMatter);
      return className ? {...result, frontMatter: {...result.frontMatter, sidebar_class_name: className}} : result;
    },
  },

  i18n: {defaultLocale: 'en', locales: ['en']},

  // Paint the page before running its scripts (see src/ssr/template.ts).
  ssrTemplate: SSR_TEMPLATE,

  presets: [
    [
      'classic',
      {
        // The docs plugin is added below, wrapped by plugins/lean-docs (one chunk lighter per page).
        docs: false,
        blog: {
          beforeDefaultRemarkPlugins,
          showReadingTime: true,
          blogSidebarCount: 'ALL',
          blogSidebarTitle: 'All posts',
          authorsMapPath: 'authors.yml',
          tags: 'tags.yml',
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'throw',
          editUrl: EDIT_URL,
          feedOptions: {
            type: ['rss', 'atom'],
            title: `${site.productName} engineering blog`,
            copyright: `Copyright © ${site.copyrightYear} ${site.provider}`,
          },
        },
        // The pages plugin is added below, wrapped by plugins/docs-pages (sidebar-linked pages in the docs layout).
        pages: false,
        theme: {customCss: './src/css/custom.css'},
        // The preset adds its debug plugin to the dev server, which copies every plugin's content
        // (the whole contract) into a page module on every reload: a second, slow recompile of
        // each edit, for a page (/__docusaurus/debug) nobody here reads.
        debug: false,
        sitemap: {lastmod: 'date'},
      } satisfies Preset.Options,
    ],
  ],

  // Config['plugins'] is typed PluginConfig<unknown>[], and a plugin whose content is typed
  // (Plugin<LoadedContract>) is not assignable to it because content is a parameter of its
  // lifecycle methods. The cast only widens the content type; Docusaurus hands postBuild what
  // loadContent returned.
  plugins: [
    [leanDocsPlugin as PluginModule, docsOptions],
    [docsPagesPlugin as PluginModule, {beforeDefaultRemarkPlugins}],
    apiContractPlugin as PluginModule,
    staticCodePlugin,
    docsRootRedirectPlugin,
    cspHashesPlugin,
    llmsTxtPlugin,
    routeSourcesPlugin,
    routeListPlugin,
    leanRegistryPlugin,
    leanServerBundlePlugin,
    // Dev server only: an edited doc updates in place, not by remounting the app.
    [mdxHotPlugin as PluginModule, {docsPath: docsOptions.path}],
    lazyRoutesPlugin,
    // No search for a PostCSS config file from every stylesheet's folder (the site has none).
    postcssOptionsPlugin,
    // Indexes the finished HTML in postBuild, for src/theme/SearchBar and scripts/lib/search-docs.ts.
    searchIndexPlugin,
  ],
  clientModules: [
    './src/client/deferred-chunk-scripts.ts',
    './src/client/safe-pathname.ts',
    './src/client/announcement.ts',
    './src/client/idle-prefetch.ts',
  ],

  themeConfig: {
    image: 'img/social-card.png',
    metadata: [{name: 'theme-color', content: site.colors.brand}],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    announcementBar: {
      id: site.announcement.id,
      // The theme requires a string here but only its own Content component reads it, and
      // src/theme/AnnouncementBar/Content replaces that component: the text is written there, once.
      content: 'src/theme/AnnouncementBar/Content',
      backgroundColor: site.announcement.backgroundColor,
      textColor: site.announcement.textColor,
      isCloseable: true,
    },
    navbar: {
      title: site.productName,
      hideOnScroll: true,
      logo: {alt: `${site.productName} logo`, src: 'img/logo.svg', width: 28, height: 28},
      items: [
        {type: 'doc', docId: 'v1/index', label: 'Docs', position: 'left'},
        // Also the phone drawer's main menu, which showed "Docs" alone (issue 34).
        {to: '/api', label: 'API reference', position: 'left'},
        {to: '/blog', label: 'Blog', position: 'left'},
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        ...familyColumns,
        {
          title: 'Reference',
          items: [
            {label: 'API reference', to: '/api'},
            {label: 'Headers and tokens', to: '/HeaderMarkdown'},
            {label: 'Response codes', to: '/ResponseCode'},
            {label: 'Request body rules', to: '/BodyParam'},
            {label: 'API changelog', to: '/docs/v1/changelog'},
          ],
        },
        {
          title: 'Company',
          items: [
            {label: 'Blog', to: '/blog'},
            {label: 'Support', href: `mailto:${site.supportEmail}`},
          ],
        },
      ],
      copyright: `Copyright © ${site.copyrightYear} ${site.provider}. All example data on this site is fictional.`,
    },
    docs: {sidebar: {hideable: false, autoCollapseCategories: true}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      // The browser highlights nothing: every code block is highlighted at build time with these
      // two themes (plugins/static-code, core/code/highlight.ts, which also lists the grammars
      // loaded beyond prism-react-renderer's built-ins). So no additional languages here.
      additionalLanguages: [],
    },
  } satisfies Preset.ThemeConfig,
} satisfies Config;

export default config;
