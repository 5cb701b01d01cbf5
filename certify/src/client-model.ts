/**
 * What the client checks read from the contract, computed when the tool is bundled (./data.ts) and
 * shipped inside it: the money-moving operations with the identity key the behaviour model names
 * ("the same payment"), the status calls with their final states, the retry rule of each response
 * code for each of those operations (derived from the behaviour model: core/behaviour/codes.ts) and
 * the polling policy (openapi/behaviour/shared.yaml).
 */
import type {RetryRule} from '#core/certify/client-rules';

export type {RetryRule};

export interface ClientModel {
  /** Operation id -> the request fields that make two requests the same payment. */
  readonly money: Readonly<Record<string, readonly string[]>>;
  /** Status call id -> the request field naming the transaction, the answer's state field, its final states. */
  readonly status: Readonly<
    Record<string, {readonly lookup: string; readonly field: string; readonly final: readonly string[]}>
  >;
  /** Money-moving operation id -> `response_code` -> its retry rule for that operation. */
  readonly retry: Readonly<Record<string, Readonly<Record<string, RetryRule>>>>;
  readonly polling: {
    readonly firstAfterSeconds: number;
    readonly everySeconds: number;
    readonly fastForMinutes: number;
    readonly thenEveryMinutes: number;
  };
  readonly iatToleranceSeconds: number;
}

/** One request the recording sandbox answered, as the checks read it. */
export interface Exchange {
  /** Clock milliseconds when it arrived. */
  readonly at: number;
  readonly method: string;
  /** Path and query. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string>>;
  /** The answer's body as sent. */
  readonly response: string;
  readonly operationId?: string;
}
