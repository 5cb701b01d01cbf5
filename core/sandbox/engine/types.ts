/** The types the engine's steps share, and the session state they keep in the store. */
import type {FieldError} from '../body';
import type {FamilyModel, FamilyValidators, Json, JsonObject} from '../model';

export interface SandboxStore {
  get(key: string): Json | undefined;
  set(key: string, value: Json): void;
}

export interface Clock {
  now(): number;
}

/** Where a session's state lives and what time it is there. */
export interface Session {
  readonly store: SandboxStore;
  readonly clock: Clock;
  /** The number a fresh id is made from, for the session's n-th one (seeded: ./live.ts `idNumbers`). */
  readonly ids?: (seq: number) => number;
}

export interface LoadedFamily {
  readonly model: FamilyModel;
  readonly validators: FamilyValidators;
}

export interface QueuedWebhook {
  /** `X-Webhook-Id`: the same on every retry of this event. */
  readonly id: string;
  /** The webhook's id in the contract. */
  readonly webhook: string;
  /** Clock milliseconds from which it is due. */
  readonly dueAt: number;
  /** The raw body, signed byte for byte. */
  readonly body: string;
  /** The operation and scenario it follows. */
  readonly operationId: string;
  readonly scenario: string;
}

export interface WebhookDelivery extends QueuedWebhook {
  readonly headers: Readonly<Record<string, string>>;
}

/** What a step answers, before it is written as a response. */
export interface Answer {
  readonly status: number;
  readonly body: JsonObject;
  readonly headers?: Readonly<Record<string, string>>;
  /** A scenario's label, or the engine step that answered (`route`, `token`, `validation`). */
  readonly scenario: string;
}

/** A transaction of this session, kept for its status call. */
export interface TxRecord {
  readonly operation: string;
  /** Its scenario's index in the operation's scenarios. */
  readonly scenario: number;
  readonly createdAt: number;
  readonly carried: Record<string, Json>;
  /** Its live ids and times (./live.ts), for every answer about it. */
  readonly live?: Readonly<Record<string, string>>;
  /** The facts its first answer gave (./live.ts `transactionFacts`), which every later answer repeats. */
  readonly facts?: Readonly<Record<string, Json>>;
}

/** The documented envelope: status is true exactly when response_code is 1. */
export const envelope = (code: number, message: string, data?: Json): JsonObject => ({
  status: code === 1,
  response_code: code,
  message,
  ...(data !== undefined ? {data} : {}),
});

export const validationAnswer = (errors: readonly FieldError[]): Answer => ({
  status: 400,
  body: envelope(10, 'Validation failed', {errors: errors as unknown as Json}),
  scenario: 'validation',
});

/**
 * A body in a media type the API does not read: code 10 with the field error, and HTTP 400, the
 * status the contract documents for code 10 (`httpStatusOf` in core/contract/response-enums.ts).
 * Issue 33's fuzz found 415 here, a status no operation documents.
 */
export const mediaTypeAnswer = (errors: readonly FieldError[]): Answer => ({
  status: 400,
  body: envelope(10, 'Unsupported media type', {errors: errors as unknown as Json}),
  scenario: 'validation',
});

/**
 * A store in memory: a Node process's, or a page's until it is reloaded. It can forget and list its
 * keys (oldest first), so the engine sweeps it (./retention.ts).
 */
export function memoryStore(): SandboxStore & {delete(key: string): void; keys(): Iterable<string>} {
  const values = new Map<string, Json>();
  return {
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
    keys: () => values.keys(),
  };
}

/** The session's next sequence number (webhook ids, varied unique fields). */
export function nextSeq(store: SandboxStore): number {
  const n = Number(store.get('seq') ?? 0) + 1;
  store.set('seq', n);
  return n;
}
