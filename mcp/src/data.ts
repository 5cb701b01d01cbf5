/**
 * What the MCP server answers from: one JSON file written by `npm run mcp:build` (./bundle.ts) from
 * a production build, plus the sandbox's request validators and the site's search index beside it.
 * Everything is a copy of what the build ships or generated for it, so the server says what the
 * site says, and needs neither the contract's YAML nor the dev toolchain to run.
 *
 *   mcp/dist/data/bundle.json              this file's DocsBundle
 *   mcp/dist/data/pagefind/                the site's search index (./search.ts copies and reads it)
 *   mcp/dist/data/sandbox/<family>.validators.mjs   ajv standalone code, one module per family
 */
import fs from 'node:fs';
import path from 'node:path';
import type {CatalogueCode, OperationCodeWords} from '#core/contract/types';
import type {FamilyModel, SandboxIndex} from '#core/sandbox/model';

export const BUNDLE_FILE = 'bundle.json';
export const SANDBOX_DIR = 'sandbox';

export interface OperationEntry {
  /** An operation you call, or a webhook we send to your URL (absent in bundles before issue 26: an operation). */
  readonly kind?: 'operation' | 'webhook';
  readonly id: string;
  readonly method: string;
  /** The contract path (`/service/aeps/withdrawal`), under the servers' `/api/v1`. */
  readonly path: string;
  readonly summary: string;
  /** The contract tag (`aeps`). */
  readonly family: string;
  /** The docs page (absolute URL). */
  readonly url: string;
  /** The page's Markdown twin, exactly as the build wrote it. */
  readonly markdown: string;
}

export interface FamilyEntry {
  /** The contract tag (`aeps-airtel`). */
  readonly name: string;
  readonly label: string;
  readonly description: string;
  /** The family's overview page and its twin, when it has one (`x-overview`). */
  readonly overview?: {readonly url: string; readonly twinUrl: string; readonly markdown: string};
}

/** One family's journeys (openapi/journeys/<family>.arazzo.yaml), as published under /downloads/journeys/. */
export interface JourneyEntry {
  readonly family: string;
  readonly url: string;
  /** The Arazzo file as published. */
  readonly text: string;
  readonly workflows: readonly {readonly workflowId: string; readonly summary: string; readonly steps: number}[];
}

export interface DocsBundle {
  readonly site: {readonly name: string; readonly url: string; readonly apiVersion: string};
  readonly operations: readonly OperationEntry[];
  readonly families: readonly FamilyEntry[];
  readonly responseCodes: readonly CatalogueCode[];
  /** What each code means for each operation (core/behaviour/codes.ts): `get_response_code` with an operation. */
  readonly codeRules: readonly OperationCodeWords[];
  /** The catalogue page's twin URL, for error messages that point a reader to every code. */
  readonly responseCodesUrl: string;
  readonly llmsTxt: {readonly url: string; readonly text: string};
  readonly openapi: {readonly url: string; readonly text: string};
  /** Every family's journeys: list_journeys and get_journey. */
  readonly journeys: readonly JourneyEntry[];
  readonly sandbox: {readonly index: SandboxIndex; readonly families: Readonly<Record<string, FamilyModel>>};
}

export class BundleMissingError extends Error {}

export function loadBundle(dataDir: string): DocsBundle {
  const file = path.join(dataDir, BUNDLE_FILE);
  if (!fs.existsSync(file)) {
    throw new BundleMissingError(
      `No MCP data at ${file}: run npm run build, then npm run mcp:build (it writes mcp/dist/).`,
    );
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DocsBundle;
}
