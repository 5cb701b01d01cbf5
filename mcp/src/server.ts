/**
 * The MCP server: the tools of ./tools.ts with their input schemas (zod, which the SDK turns into
 * JSON Schema for the client), and the resources (llms.txt, each family's overview, the OpenAPI
 * document). Input a schema refuses never reaches a tool; input a tool cannot use comes back as a
 * tool error (`isError`) with the fix, so the assistant can correct itself.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import type {LoadedFamily} from '#core/sandbox/engine';
import type {Json} from '#core/sandbox/model';
import type {DocsBundle} from './data';
import {
  getJourney,
  getOperation,
  getResponseCode,
  listJourneys,
  listOperations,
  sandboxRequest,
  sandboxSession,
  searchDocs,
  ToolInputError,
  verifySignature,
} from './tools';
import type {SearchDocs} from './search';

export interface ServerDeps {
  readonly bundle: DocsBundle;
  readonly search: SearchDocs;
  readonly loadValidators: (family: string) => Promise<LoadedFamily['validators']>;
  /** Milliseconds; the sandbox's clock and the signature window's. */
  readonly now?: () => number;
}

type ToolResult = {content: {type: 'text'; text: string}[]; isError?: boolean};

async function answer(run: () => string | Promise<string>): Promise<ToolResult> {
  try {
    return {content: [{type: 'text', text: await run()}]};
  } catch (err) {
    if (err instanceof ToolInputError) return {content: [{type: 'text', text: err.message}], isError: true};
    throw err;
  }
}

const jsonValue: z.ZodType<Json> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);

/** The tools that read the docs: search, an operation's page, the operation list, a response code. */
export function registerDocsTools(server: McpServer, bundle: DocsBundle, search: SearchDocs): void {
  const familyNames = bundle.families.map((f) => f.name).join(', ');
  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description: `Search the ${bundle.site.name} API docs (${bundle.site.url}) with the site's own index. Returns the best pages with title, URL and a short excerpt.`,
      inputSchema: {query: z.string().describe('A few words, such as "cash withdrawal" or "referenceid retry".')},
    },
    ({query}) => answer(() => searchDocs(search, query)),
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Get an operation',
      description:
        'The docs page of one API operation as Markdown (its .md twin): what it is for, parameters, body fields, response codes, and request samples in seven languages. Give its id, or its method and path.',
      inputSchema: {
        id: z
          .string()
          .optional()
          .describe('Operation id, such as "aeps-cash-withdrawal" (list_operations lists them).'),
        method: z.string().optional().describe('HTTP method, with path: POST'),
        path: z
          .string()
          .optional()
          .describe('Path as in the contract (/service/aeps/withdrawal), with or without /api/v1, or a whole URL.'),
      },
    },
    (args) => answer(() => getOperation(bundle, args)),
  );

  server.registerTool(
    'list_operations',
    {
      title: 'List operations',
      description: `Every API operation (id, method, path, summary), grouped by service family. Families: ${familyNames}.`,
      inputSchema: {family: z.string().optional().describe('Only this family, such as "aeps".')},
    },
    ({family}) => answer(() => listOperations(bundle, family)),
  );

  server.registerTool(
    'get_response_code',
    {
      title: 'Explain a response_code',
      description: 'What a response_code of the envelope means, what to do, and whether the request may be sent again.',
      inputSchema: {
        code: z.number().int().describe('The response_code, such as 2.'),
        operation: z
          .string()
          .optional()
          .describe(
            'The operation id that answered it, such as "payout-create-order": what the code created there, whether money moved, what a repeat answers and the retry rule.',
          ),
      },
    },
    ({code, operation}) => answer(() => getResponseCode(bundle, code, operation)),
  );

  server.registerTool(
    'list_journeys',
    {
      title: 'List journeys',
      description:
        'The journeys of each money-moving family: Arazzo 1.0.1 workflows of the main path and every recovery path (timeout, duplicate, failure and money back), each with its summary.',
      inputSchema: {family: z.string().optional().describe('Only this family, such as "payout".')},
    },
    ({family}) => answer(() => listJourneys(bundle, family)),
  );

  server.registerTool(
    'get_journey',
    {
      title: "Get a family's journeys",
      description:
        "One family's journeys as its Arazzo 1.0.1 file (YAML): each step's operation, request and expected response_code and state, and the webhooks that follow.",
      inputSchema: {family: z.string().describe('The family, such as "payout" (list_journeys lists them).')},
    },
    ({family}) => answer(() => getJourney(bundle, family)),
  );
}

/**
 * The tools that act like the sandbox: a webhook signature checked as the docs say, and a request
 * sent to the sandbox engine, in one session that keeps state (`now` is its clock, in milliseconds).
 */
export function registerSandboxTools(server: McpServer, deps: ServerDeps, now: () => number): void {
  const {bundle} = deps;
  const session = sandboxSession(bundle, deps.loadValidators, now);
  server.registerTool(
    'verify_webhook_signature',
    {
      title: 'Verify a webhook signature',
      description:
        'Checks a webhook delivery as the docs say (HMAC-SHA256 of "<X-Webhook-Id>.<X-Webhook-Timestamp>.<raw body>", timestamp within 300 seconds of now) and says why it fails: missing or malformed header, timestamp outside the window, wrong secret, or body changed.',
      inputSchema: {
        payload: z.string().describe('The raw request body, exactly as it arrived.'),
        headers: z
          .record(z.string(), z.string())
          .describe('The delivery headers: X-Webhook-Id, X-Webhook-Timestamp, X-Signature (any case).'),
        secret: z.string().min(1).describe('Your webhook secret.'),
      },
    },
    (args) => answer(() => verifySignature(bundle, args, Math.floor(now() / 1000))),
  );

  server.registerTool(
    'sandbox_request',
    {
      title: 'Send a request to the sandbox',
      description: `Sends one request to a local copy of the sandbox (the sandbox engine of \`npm run sandbox\`), signed with the sandbox test credentials, and returns the answer and the webhooks that follow (with deliver: signed, and sent to your URL or returned ready to send). advanceSeconds moves the session clock forward. The session keeps state: a repeated referenceid answers code 4 and status calls follow earlier requests. The sandbox scenarios that force each outcome are in the operation's Sandbox scenarios section (get_operation).`,
      inputSchema: {
        operation: z.string().describe('Operation id, such as "aeps-balance-enquiry".'),
        body: z.record(z.string(), jsonValue).optional().describe('The JSON request body (see get_operation).'),
        query: z
          .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
          .optional()
          .describe('Query parameters of a GET look-up.'),
        params: z
          .record(z.string(), z.union([z.string(), z.number()]))
          .optional()
          .describe('Path parameters by name, for paths with {name}.'),
        sandboxValue: z
          .object({field: z.string().min(1), value: jsonValue})
          .optional()
          .describe('A sandbox scenario: the request field and the value that forces an outcome, set into the body.'),
        partnerId: z.string().optional().describe('A test partner id instead of the standard one.'),
        advanceSeconds: z
          .number()
          .min(0)
          .optional()
          .describe(
            "Moves this session's clock forward by this many seconds before the request: a status call then sees the transaction as it stands that much later.",
          ),
        deliver: z
          .object({url: z.string().url().optional()})
          .optional()
          .describe(
            'The webhooks this request queues, signed now as the sandbox signs them: POSTed to url, or returned with headers and body when no url is given.',
          ),
      },
    },
    (args) => answer(() => sandboxRequest(bundle, session, args)),
  );
}

const text = (uri: string, mimeType: string, body: string) => ({contents: [{uri, mimeType, text: body}]});

/** The resources: llms.txt, the OpenAPI document and each family's overview page, as Markdown or YAML. */
export function registerResources(server: McpServer, bundle: DocsBundle): void {
  server.registerResource(
    'llms.txt',
    bundle.llmsTxt.url,
    {title: 'llms.txt', description: 'The index of the docs for language models.', mimeType: 'text/markdown'},
    (uri) => text(uri.href, 'text/markdown', bundle.llmsTxt.text),
  );
  server.registerResource(
    'openapi',
    bundle.openapi.url,
    {title: 'OpenAPI document', description: 'The API contract, OpenAPI 3.1, bundled.', mimeType: 'application/yaml'},
    (uri) => text(uri.href, 'application/yaml', bundle.openapi.text),
  );
  // Tags that share an overview page (aeps and aeps-airtel) are one family, with one overview.
  const overviews = new Set<string>();
  for (const family of bundle.families) {
    const {overview} = family;
    if (!overview || overviews.has(overview.twinUrl)) continue;
    overviews.add(overview.twinUrl);
    server.registerResource(
      `overview-${family.name}`,
      overview.twinUrl,
      {title: `${family.label}: overview`, description: family.description, mimeType: 'text/markdown'},
      (uri) => text(uri.href, 'text/markdown', overview.markdown),
    );
  }
}

export function createServer(deps: ServerDeps): McpServer {
  const {bundle} = deps;
  const server = new McpServer({name: `${bundle.site.name.toLowerCase()}-docs`, version: bundle.site.apiVersion});
  registerDocsTools(server, bundle, deps.search);
  registerSandboxTools(server, deps, deps.now ?? Date.now);
  registerResources(server, bundle);
  return server;
}
