/**
 * The "For AI assistants" section of /llms.txt: the four rules an assistant most often gets wrong
 * when it writes code against this API (how to authenticate, how to read an answer, idempotency,
 * what never to resend). Every fact is read from where it lives, so the section cannot drift from
 * the pages: the security scheme and the envelope schema of the bundled contract, the response code
 * catalogue (openapi/response-codes.yaml: `retry: status` marks the codes never to resend), and the
 * sandbox scenarios compiled against the contract (which field each call is idempotent on, which
 * status call follows it). Pure.
 */
import type {OpenApiDocument} from '#core/contract/openapi';
import type {ResponseCodeView} from '#core/contract/types';
import {HEADERS_PAGE, RESPONSE_CODE_PAGE} from '#core/contract/tree';
import {listOf} from '#core/markdown/markdown';
import type {FamilyModel} from '#core/sandbox/model';
import {WriterError} from '#core/util/writer-error';

export const ASSISTANTS_HEADING = 'For AI assistants';

export interface AssistantSources {
  /** The bundled contract (component schemas by name, the security scheme of `security`). */
  readonly doc: OpenApiDocument & {components?: {schemas?: Record<string, SchemaLike>}};
  readonly responseCodes: readonly ResponseCodeView[];
  /** The sandbox models: each operation's idempotency field and status call. */
  readonly families: readonly Pick<FamilyModel, 'operations'>[];
  readonly url: (sitePath: string) => string;
}

interface SchemaLike {
  readonly description?: string;
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, SchemaLike>>;
}

export class AssistantFactsError extends WriterError {}

const sentence = (text: string): string =>
  text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/([^.])$/, '$1.');
const codeName = (c: ResponseCodeView): string => `${c.code} (${c.name})`;

/** `## For AI assistants` and its list, or an error naming the fact that is missing and where it lives. */
export function assistantsSection(sources: AssistantSources): string {
  const {doc, responseCodes, families, url} = sources;
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new AssistantFactsError(`llms.txt "${ASSISTANTS_HEADING}": ${what}`);
    return value;
  };

  const schemeName = need(
    Object.keys(doc.security?.[0] ?? {})[0],
    'the contract has no top-level `security` requirement (openapi/openapi.yaml).',
  );
  const scheme = need(
    doc.components?.securitySchemes?.[schemeName],
    `the security scheme "${schemeName}" is not in components.securitySchemes (openapi/openapi.yaml).`,
  );
  const envelope = need(
    doc.components?.schemas?.Envelope,
    'the contract has no Envelope schema (openapi/components/common.yaml).',
  );
  const branch = need(
    envelope.properties?.message?.description,
    "the Envelope schema's `message` has no description (openapi/components/common.yaml).",
  );

  const operations = families.flatMap((f) => f.operations);
  const keys = [...new Set(operations.flatMap((o) => (o.idempotencyKey ? [o.idempotencyKey] : [])))];
  const key = need(keys[0], 'no operation of the sandbox scenarios names an idempotency field (openapi/scenarios/).');
  const duplicate = need(
    responseCodes.find((c) => c.code === 4),
    'code 4 is not in openapi/response-codes.yaml.',
  );
  const neverResend = responseCodes.filter((c) => c.retry === 'status');
  need(neverResend[0], 'no code in openapi/response-codes.yaml has `retry: status`.');
  const statusCalls = [...new Set(operations.flatMap((o) => (o.tracking ? [o.tracking.status] : [])))];
  const example = need(statusCalls[0], 'no operation of the sandbox scenarios names a status call (`tracking`).');
  const idempotentCount = operations.filter((o) => o.idempotencyKey === key).length;

  const kind = scheme.bearerFormat ? `${scheme.scheme ?? 'bearer'} ${scheme.bearerFormat}` : scheme.type;
  const rules = [
    `- **Authenticate** every request with \`Authorization\` (${kind}): ${sentence(scheme.description ?? '')} See ${url(HEADERS_PAGE)}.`,
    `- **Read the envelope**: every answer is \`{${[...(envelope.required ?? []), 'data'].join(', ')}}\`; about \`message\`: ${sentence(branch)} What each code means and whether to retry: ${url(RESPONSE_CODE_PAGE)}.`,
    `- **Idempotency**: ${idempotentCount} calls are idempotent on \`${key}\`. Use a new \`${key}\` for each new transaction and the same one for a retry of it; a repeat answers ${codeName(duplicate)}. ${sentence(duplicate.meaning)}`,
    `- **Never resend** on ${listOf(neverResend.map(codeName))}: the outcome is not known yet, and a resend can move money twice. Call the operation's status call with the same \`${key}\` instead (such as \`${example}\`; ${statusCalls.length} in all), or wait for the webhook.`,
  ];
  return `## ${ASSISTANTS_HEADING}\n\n${rules.join('\n')}`;
}
