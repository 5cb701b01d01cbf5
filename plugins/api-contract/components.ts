/**
 * The API components the remark plugin wires into MDX (auto-import, generated data), and the one
 * message every guard rail prints for an id the contract does not define: the production build
 * (remark.ts and load.ts), `npm run lint:contract` and `npm run check:content` say the same words.
 */
import {closest} from '../../src/lib/closest';

export type IdKind = 'operation' | 'webhook' | 'tag';

export interface ApiComponentSpec {
  readonly module: string;
  /** The attribute that names a contract id, for components that show contract data. */
  readonly idAttr?: string;
  /** Folder under .docusaurus/api-contract/ holding one JSON file per id. */
  readonly dataDir?: string;
  readonly kind?: IdKind;
}

/** Components the plugin wires up: which attribute names a contract id, and where its data lives. */
export const API_COMPONENTS: Readonly<Record<string, ApiComponentSpec>> = {
  Endpoint: {module: '@site/src/components/Endpoint', idAttr: 'op', dataDir: 'ops', kind: 'operation'},
  WebhookEvent: {module: '@site/src/components/WebhookEvent', idAttr: 'op', dataDir: 'webhooks', kind: 'webhook'},
  OperationList: {module: '@site/src/components/OperationList', idAttr: 'tag', dataDir: 'tags', kind: 'tag'},
  ResponseCodeTable: {module: '@site/src/components/ResponseCodeTable'},
  RateLimitTable: {module: '@site/src/components/RateLimitTable'},
  PanStatusTable: {module: '@site/src/components/PanStatusTable'},
  JwtSamples: {module: '@site/src/components/JwtSamples'},
  VerifySignature: {module: '@site/src/components/VerifySignature'},
  ApiIndex: {module: '@site/src/components/ApiIndex'},
  FlowDiagram: {module: '@site/src/components/FlowDiagram'},
  DownloadLinks: {module: '@site/src/components/DownloadLinks'},
  DeliveryPolicy: {module: '@site/src/components/DeliveryPolicy'},
  TestData: {module: '@site/src/components/TestData'},
  ApiChangelog: {module: '@site/src/components/ApiChangelog'},
};

/** "an operation", "a webhook", "a tag". */
export const article = (word: string): string => (/^[aeiou]/.test(word) ? 'an' : 'a');

export interface UnknownIdUse {
  /** `docs/...mdx:12` */
  readonly where: string;
  readonly component: string;
  readonly attr: string;
  readonly id: string;
  readonly kind: IdKind;
}

export function unknownIdMessage(use: UnknownIdUse, known: Iterable<string>): string {
  const near = closest(use.id, known);
  return (
    `${use.where}: <${use.component} ${use.attr}="${use.id}" /> names ${article(use.kind)} ${use.kind} that the API contract does not define.\n` +
    `  Fix: use an existing ${use.kind} id${near.length ? ` (closest first: ${near.join(', ')})` : ''}, or add "${use.id}" to a file under openapi/ first.`
  );
}
