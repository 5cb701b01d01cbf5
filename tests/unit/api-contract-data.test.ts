/**
 * What plugins/api-contract generates (lib/data.ts) and checks (lib/checks.ts), on small views:
 * the file list, code highlighted only in the pages' copies, the catalogue's retry words, the
 * downloads, the PAN statuses, coverage, and the links that must be routes of the build.
 */
import {describe, expect, it} from 'vitest';
import {
  catalogue,
  downloads,
  generatedFiles,
  panStatuses,
  renderTree,
  type Highlight,
  jsonModule,
} from '#node/contract/data';
import {coverageProblems, unroutedLinks} from '../../plugins/api-contract/lib/checks';
import {permalinksBySource} from '../../plugins/api-contract/lib/permalinks';
import {contractSite, type LoadedContract} from '#node/contract/load';
import type {CompiledSandbox, ScenarioRow} from '#core/sandbox/compile';
import {defaultLabels} from '#core/contract/labels';
import {operationTree} from '#core/contract/tree';
import type {ContractViews, OpenApiDocument} from '#core/contract/view-model';
import type {OperationView} from '#core/contract/types';

const labels = defaultLabels();
const highlight: Highlight = (code, language) => `<${language}>${code}</${language}>`;

const op: OperationView = {
  kind: 'operation',
  id: 'demo-pay',
  method: 'POST',
  path: '/demo/pay',
  summary: 'Pay',
  description: 'Pays.',
  tag: 'demo',
  tagLabel: 'Demo',
  servers: [],
  headers: [],
  pathParams: [],
  queryParams: [],
  cookieParams: [],
  body: {required: true, mediaType: 'application/json', rows: [], examples: [{name: 'example', json: '{}'}]},
  samples: [{lang: 'curl', label: 'cURL', prism: 'bash', code: 'curl x'}],
  responses: [],
  responseCodes: [],
  related: [],
  rateLimits: {
    family: {requests: 60, seconds: 60},
    text: '60 requests a minute per partner id for all Demo calls together',
  },
  scenarios: [],
};

const views: ContractViews = {
  sharedAnswers: [],
  operations: [op],
  webhooks: [],
  index: [
    {
      kind: 'operation',
      id: 'demo-pay',
      method: 'POST',
      path: '/demo/pay',
      summary: 'Pay',
      tag: 'demo',
      href: '/docs/v1/demo/pay',
    },
  ],
  tags: [
    {
      name: 'demo',
      label: 'Demo',
      description: 'Demo calls.',
      group: 'Other',
      overview: '/docs/v1/demo',
      entries: [],
    },
  ],
};

describe('jsonModule', () => {
  it('exports the value, whatever its strings hold', () => {
    const value = {a: 'quote " apostrophe \' backslash \\ </script> \u2028 ₹ \n', b: [1, null, true]};
    const text = jsonModule(value);
    expect(text.startsWith('export default JSON.parse("')).toBe(true);
    const literal = /^export default JSON\.parse\((".*")\);\n$/s.exec(text)?.[1] ?? '';
    // A string literal made by JSON.stringify is JSON too: parsed once it is the text, twice the value.
    expect(JSON.parse(JSON.parse(literal) as string)).toEqual(value);
  });
});

describe('renderTree', () => {
  it('turns every sample and example into highlighted HTML and keeps no raw code', () => {
    const page = JSON.stringify(renderTree(operationTree(op, labels), highlight));
    expect(page).toContain('"html":"<bash>curl x</bash>"');
    expect(page).toContain('"html":"<json>{}</json>"');
    expect(page).not.toContain('"code":');
    expect(page).not.toContain('"json":');
  });
});

describe('generatedFiles', () => {
  it('writes one tree per operation for its page and one as text, plus the site-wide files', () => {
    const files = generatedFiles(
      {
        views,
        labels,
        responseCodes: [],
        bodies: {},
        panStatuses: [],
        samples: {jwt: [{lang: 'curl', label: 'cURL', prism: 'bash', code: 'sign'}]},
        rateLimits: {retryAfter: 'Seconds.', rows: []},
        releases: [{version: '1.1.0', previous: '1.0.0', date: '2026-11-24', everyOperation: [], api: [], items: []}],
        notes: [],
        deprecations: [],
        sandboxPage: {
          credentials: {partnerId: 'P', jwtSecret: 'j', webhookSecret: 'w'},
          anyOperation: [],
          shared: [],
          families: [],
        },
        sandbox: [
          {name: 'index.json', text: '{}\n'},
          {name: 'demo.validators.mjs', text: 'export const body = {};\n'},
        ],
        stylesheets: {'panel.css': '/* why */\n.a > .b {\n  color: red;\n  margin: 0 1rem;\n}\n'},
        behaviour: {families: [], facts: {}, sources: {}, codes: []},
        journeys: [],
      },
      highlight,
    );
    expect(files.map((f) => f.name)).toEqual([
      'ops/demo-pay.js',
      'source/ops/demo-pay.json',
      'shared/answers.js',
      'source/shared/answers.json',
      'sections/ResponseCodeTable.json',
      'sections/RateLimitTable.json',
      'sections/PanStatusTable.json',
      'sections/DownloadLinks.json',
      'sections/ApiIndex.json',
      'sections/ApiChangelog.json',
      'sections/Deprecations.json',
      'sections/OperationList/demo.json',
      'sections.json',
      'index.json',
      'families.json',
      'response-codes.json',
      'sandbox-page.json',
      'public/sandbox/index.json',
      'public/sandbox/demo.validators.js',
      'public/sandbox/demo.requests.json',
      'public/sandbox/webhooks.examples.json',
      // Try it's settings from the contract: the token's kid transition (core/sandbox/try-it.ts tryItSettings).
      'public/sandbox/try-it.json',
      'public/css/panel.css',
      'body-schemas.json',
      'facts.json',
      'code-rules.json',
      'jwt-samples.json',
      'source/jwt-samples.json',
      'ids.json',
    ]);
    const byName = new Map(files.map((f) => [f.name, f.data]));
    expect(byName.get('source/ops/demo-pay.json')).toEqual(operationTree(op, labels));
    expect(byName.get('families.json')).toEqual([{label: 'Demo', description: 'Demo calls.', href: '/docs/v1/demo'}]);
    expect(byName.get('ids.json')).toEqual({operation: ['demo-pay'], webhook: [], tag: ['demo']});
    // The twins read every component's blocks from one file, the pages each from its own.
    expect(byName.get('sections/OperationList/demo.json')).toEqual(
      (byName.get('sections.json') as Record<string, unknown>)['OperationList/demo'],
    );
    // An ES module goes as its text, which createData writes as it is.
    expect(byName.get('public/sandbox/demo.validators.js')).toBe('export const body = {};\n');
    expect(byName.get('public/css/panel.css')).toBe('/* why */\n.a > .b {\n  color: red;\n  margin: 0 1rem;\n}\n');
  });
});

describe('site-wide data', () => {
  it('gives each catalogue code its retry advice in words', () => {
    expect(catalogue([{code: 2, name: 'PENDING', meaning: 'm', action: 'a', retry: 'status'}], labels)).toEqual([
      {code: 2, name: 'PENDING', meaning: 'm', action: 'a', retry: 'status', retryText: 'Never: check status first'},
    ]);
  });

  it('names the downloads', () => {
    expect(downloads(labels)).toEqual([
      {label: 'OpenAPI 3.1 (YAML)', path: '/downloads/openapi.yaml'},
      {label: 'OpenAPI 3.1 (JSON)', path: '/downloads/openapi.json'},
      {label: 'Postman collection', path: '/downloads/rupeerail.postman_collection.json'},
      {label: 'TypeScript types', path: '/downloads/rupeerail-api.d.ts'},
    ]);
    expect(downloads(labels, ['payout']).at(-1)).toEqual({
      label: 'Journeys of payout (Arazzo 1.0.1)',
      path: '/downloads/journeys/payout.arazzo.yaml',
    });
  });

  it('reads the PAN statuses, and names the file and the fix when one has no meaning', () => {
    const doc = (descriptions: Record<string, string>) =>
      ({
        components: {schemas: {PanStatus: {enum: ['A', 'B'], 'x-enum-descriptions': descriptions}}},
      }) as unknown as OpenApiDocument;
    expect(panStatuses(doc({A: 'First.', B: 'Second.'}))).toEqual([
      {value: 'A', meaning: 'First.'},
      {value: 'B', meaning: 'Second.'},
    ]);
    expect(() => panStatuses(doc({A: 'First.'}))).toThrow(
      'openapi/families/pan.yaml: PanStatus value B has no entry in x-enum-descriptions.',
    );
    expect(() => panStatuses({} as OpenApiDocument)).toThrow(
      'openapi/families/pan.yaml must define the schema PanStatus (enum + x-enum-descriptions); /PanStatusResponse is generated from it.',
    );
  });
});

describe('checks', () => {
  it('reports orphans and duplicates, or nothing', () => {
    expect(coverageProblems([], [])).toBeUndefined();
    expect(coverageProblems(['demo-x'], ['demo-y is shown on both /a and /b (b.mdx:3)'])).toBe(
      'API reference coverage:\n' +
        '  duplicate: demo-y is shown on both /a and /b (b.mdx:3). Show each operation on exactly one page.\n' +
        '  orphan: "demo-x" is in the contract but no page shows it. Add <Endpoint op="demo-x" /> (or <WebhookEvent op="demo-x" />) to its docs page.',
    );
  });

  it('finds the pages the views link that the build does not serve, trailing slashes aside', () => {
    expect(unroutedLinks(views, ['/docs/v1/demo/', '/docs/v1/demo/pay'], '/')).toEqual([]);
    expect(unroutedLinks(views, ['/docs/v1/other'], '/')).toEqual([
      'demo-pay: its page was expected at /docs/v1/demo/pay, which the build does not serve. Check the `slug` of the page that shows it.',
      "openapi/openapi.yaml: tag demo: x-overview /docs/v1/demo is not a page of the build. Point it at the family's overview page.",
    ]);
    expect(unroutedLinks(views, ['/base/docs/v1/demo', '/base/docs/v1/demo/pay'], '/base/')).toEqual([]);
  });
});

describe('permalinksBySource', () => {
  it('maps each loaded doc, page and blog post file to the route Docusaurus gave it', () => {
    expect(
      permalinksBySource({
        'docusaurus-plugin-content-docs': {
          default: {
            loadedVersions: [{docs: [{source: '@site/docs/v1/kyc.mdx', permalink: '/docs/v1/service/aeps/kyc-page'}]}],
          },
        },
        'docusaurus-plugin-content-pages': {default: [{source: '@site/src/pages/api.mdx', permalink: '/api'}]},
        'docusaurus-plugin-content-blog': {
          default: {blogPosts: [{metadata: {source: '@site/blog/2025-01-01-x.mdx', permalink: '/blog/x'}}]},
        },
      }),
    ).toEqual(
      new Map([
        ['docs/v1/kyc.mdx', '/docs/v1/service/aeps/kyc-page'],
        ['src/pages/api.mdx', '/api'],
        ['blog/2025-01-01-x.mdx', '/blog/x'],
      ]),
    );
    expect(permalinksBySource({})).toEqual(new Map());
  });
});

describe('contractSite', () => {
  const deref = {
    servers: [],
    tags: [{name: 'demo', description: 'Demo.', 'x-rate-limit': {requests: 60, seconds: 60}}],
    paths: {
      '/demo/pay': {
        post: {
          operationId: 'demo-pay',
          summary: 'Pay',
          description: 'Pays.',
          tags: ['demo'],
          responses: {'429': {description: 'Slow down.', headers: {'Retry-After': {description: 'Seconds.'}}}},
        },
      },
    },
  } as unknown as OpenApiDocument;
  const row: ScenarioRow = {
    input: '`amount` `10006`',
    code: 6,
    codeName: 'X',
    label: 'x',
    follows: '',
    source: 'operation',
  };
  const loaded: LoadedContract = {
    bundled: deref,
    deref,
    behaviour: {families: [], facts: {}, sources: {}, codes: []},
    journeys: [],
    bodies: {},
    responseCodes: [],
    shownIn: new Map([['demo-pay', 'docs/v1/demo/pay.mdx']]),
    uses: [],
    orphans: [],
    duplicates: [],
    retryAfter: 'Seconds.',
    notes: [],
    releases: [
      {
        version: '1.1.0',
        previous: '1.0.0',
        date: '2026-11-24',
        everyOperation: [],
        api: [],
        items: [
          {
            kind: 'operation',
            id: 'demo-pay',
            method: 'POST',
            path: '/demo/pay',
            summary: 'Pay',
            status: 'added',
            breaking: false,
            changes: [],
          },
        ],
      },
    ],
    sandbox: {rows: {'demo-pay': [row]}} as unknown as CompiledSandbox,
  };
  const routed = contractSite(loaded, (file) => (file === 'docs/v1/demo/pay.mdx' ? '/docs/v1/demo/paying' : undefined));

  it("links each operation's page at the route its file was given: views, changelog and rate-limit table", () => {
    expect(routed.views.index.map((e) => e.href)).toEqual(['/docs/v1/demo/paying']);
    expect(routed.releases[0]?.items.map((i) => i.href)).toEqual(['/docs/v1/demo/paying']);
    expect(routed.rateLimits).toEqual({
      retryAfter: 'Seconds.',
      rows: [{tag: 'demo', label: 'demo', limit: {requests: 60, seconds: 60}, operations: []}],
    });
  });

  it("gives each operation its changelog badge and the scenarios' sandbox scenarios", () => {
    expect(routed.views.operations[0]?.change).toEqual({
      version: '1.1.0',
      status: 'added',
      breaking: false,
      href: '/docs/v1/changelog#change-1.1.0-demo-pay',
    });
    expect(routed.views.operations[0]?.scenarios).toEqual([row]);
  });

  it('names the operation, the file and the fix when no plugin built a page from that file', () => {
    expect(() => contractSite(loaded, () => undefined)).toThrow(
      'docs/v1/demo/pay.mdx: shows demo-pay, but no plugin built a page from it (is it a draft, or outside docs/ and src/pages/?). Show demo-pay on a published page.',
    );
  });
});
