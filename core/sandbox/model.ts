/**
 * The sandbox model: what the sandbox scenarios (openapi/scenarios/*.yaml) compile to at build time
 * (./compile.ts), and what the engine (./engine.ts) answers from at run time, in Node or in a browser.
 * Plain JSON, so it can be written to a file and imported per service family.
 */

export type Json = null | boolean | number | string | readonly Json[] | {readonly [key: string]: Json};
export type JsonObject = {readonly [key: string]: Json};

/** The documented test credentials every token and webhook of the sandbox is signed with. */
export interface Credentials {
  readonly partnerId: string;
  readonly jwtSecret: string;
  readonly webhookSecret: string;
  /** The request-signing test key registered for the test partner (public, like the JWT secret). */
  readonly signingKey?: SigningTestKey;
}

/** The sandbox's request-signing test key (openapi/DECISIONS.md): never a production key. */
export interface SigningTestKey {
  readonly keyId: string;
  /** PKCS#8, base64 (the PEM body). */
  readonly privateKey: string;
  readonly publicJwk: {readonly kty: string; readonly crv: string; readonly x: string};
}

/**
 * How a call marked `x-signed-request` takes its signature: with `sunset`, an unsigned call is still
 * answered (with Deprecation and Sunset headers) until that day (IST); without, it is refused.
 */
export interface SignatureRule {
  readonly sunset?: string;
  /** The first key may be registered with the webhook-secret proof instead (signing-key-register). */
  readonly proofInstead?: boolean;
}

/** A query parameter still accepted until its sunset, answered with Deprecation and Sunset headers. */
export interface DeprecatedQuery {
  readonly name: string;
  readonly sunset: string;
  readonly replacedBy: string;
}

/** A webhook that follows a scenario, `after` seconds after the stage it belongs to. */
export interface WebhookModel {
  /** The webhook's id in the contract (`aeps-transaction`). */
  readonly webhook: string;
  readonly after: number;
  readonly body: JsonObject;
}

/** What a transaction becomes `after` seconds after it was answered. */
export interface StageModel {
  readonly after: number;
  /** The answer of the status call from then on (the status call's whole envelope). */
  readonly status?: JsonObject;
  readonly webhooks: readonly WebhookModel[];
}

/** One input value a scenario matches: `input` is a request field path (`customerparams[0].value`). */
export interface Condition {
  readonly input: string;
  readonly value: Json;
}

export interface ScenarioModel {
  /** `<file>#<operation>/<n>`, stable while the scenario files do not change; shown in test reports. */
  readonly id: string;
  readonly label: string;
  /** Set on the scenarios of a test partner id: they answer before the request is validated. */
  readonly partnerId?: string;
  /** Every condition must hold; none means the operation's default answer. */
  readonly when: readonly Condition[];
  readonly code: number;
  readonly httpStatus: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: JsonObject;
  /** The status call's answer right after this one (only for operations with `tracking`). */
  readonly status?: JsonObject;
  readonly then: readonly StageModel[];
}

/** Copies a request field into the answers of that request: `to` in the answer, from `from`. */
export interface CarryRule {
  readonly to: string;
  readonly from: string;
  /** Keep only the last N characters of the value, after `prefix` (masking: `XXXX XXXX 1234`). */
  readonly last?: number;
  readonly prefix?: string;
}

/**
 * A request field renamed in a release with a transition window: until the sunset the old name is
 * accepted in its place (never both), and the engine reads it under the current name.
 */
export interface RenamedField {
  readonly old: string;
  readonly current: string;
}

/**
 * A confirmation refused once what it confirms has expired (a refund OTP): `seconds` after the
 * `starter` operation answered code 1 for the same value of `key`, the confirmation answers `body`.
 */
export interface ExpiryModel {
  readonly starter: string;
  readonly key: string;
  readonly seconds: number;
  readonly label: string;
  readonly httpStatus: number;
  readonly body: JsonObject;
}

/**
 * An escalation refused before its bound (issue 32, 3): while the transaction escalated with
 * `reason` (named by the request's `referenceid`, tracked by the status call `status`) is in `state`
 * and its first answer came less than `seconds` ago, the escalation answers code 24 with `message`
 * (`{referenceid}` and `{from}`, the time from which it is accepted, filled in). `seconds` is the
 * bound of that state in the behaviour model (openapi/behaviour/), which the build holds it to.
 */
export interface OverdueModel {
  readonly reason: string;
  readonly status: string;
  /** The field of the status answer's data that carries the state. */
  readonly field: string;
  readonly state: string;
  readonly seconds: number;
  readonly message: string;
}

/**
 * What a code 1 answer changes in the later answers of the status call `status` (and a repeat that
 * reads them): each object of their data whose `key` field has the request's value gets `set`.
 */
export interface UpdateModel {
  readonly status: string;
  readonly key: string;
  readonly set: JsonObject;
}

export interface OperationModel {
  readonly id: string;
  readonly family: string;
  readonly method: string;
  /** The contract path, `{name}` for path parameters. */
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly queryParams: readonly string[];
  readonly hasBody: boolean;
  /** The codes the operation lists (x-response-codes). */
  readonly codes: readonly number[];
  /** The request field a repeat is recognised by (answer 4 with the original). */
  readonly idempotencyKey?: string;
  /** The message of the answer to a repeat. */
  readonly duplicateMessage?: string;
  /** 1: a repeat answers the original answer as it was (code 1), starting nothing; else code 4. */
  readonly repeatCode?: 1;
  readonly carry: readonly CarryRule[];
  /** Request fields still accepted under their old name (`deprecated` with `x-replaced-by` in the contract). */
  readonly renamed?: readonly RenamedField[];
  /** Answer fields given a new value for every request (ids the partner keys on). */
  readonly unique: readonly string[];
  /**
   * Answer fields that are a deadline this many seconds after the answer, as the contract states it
   * (a fetched bill's `expires_at`, two hours after the fetch): set from the answer's moment instead
   * of keeping the example's distance.
   */
  readonly deadlines?: Readonly<Record<string, number>>;
  /**
   * Where a transaction started here is followed: its status call, and the field naming it; `also`,
   * the other status calls that find the same transaction by another field (by `referenceid` where
   * the main one takes our id).
   */
  readonly tracking?: {
    readonly status: string;
    readonly key: string;
    readonly field: string;
    readonly also?: readonly {readonly status: string; readonly field: string}[];
    /**
     * Set on a call that acts on a transaction another call made (the answer to a UPI dispute the
     * list reported, core/sandbox/engine/handover.ts): the states, per field of its status answer's
     * data, it may act from; in any other it answers code 4 with the transaction as it stands.
     */
    readonly from?: Readonly<Record<string, readonly string[]>>;
  };
  /** Marked `x-signed-request`: how the engine checks its signature (core/sandbox/engine/request-signature.ts). */
  readonly signature?: SignatureRule;
  readonly deprecatedQuery?: readonly DeprecatedQuery[];
  /** Refused once what it confirms has expired (see ExpiryModel). */
  readonly expiry?: ExpiryModel;
  /** What its code 1 answers change in a status call's later answers (see UpdateModel). */
  readonly updates?: UpdateModel;
  /** On the escalation call: each reason's bound, before which it is refused (see OverdueModel). */
  readonly overdue?: readonly OverdueModel[];
  /** Set on an expiry's starter: its code 1 answers are timed under this request field. */
  readonly timedBy?: string;
  /** On a status call: the request field naming the transaction it reports. */
  readonly lookup?: string;
  readonly scenarios: readonly ScenarioModel[];
}

export interface FamilyModel {
  readonly family: string;
  readonly operations: readonly OperationModel[];
}

export interface RouteModel {
  readonly id: string;
  readonly family: string;
  readonly method: string;
  readonly path: string;
}

/** What the engine needs before any family is loaded: routes, credentials, base path. */
export interface SandboxIndex {
  /** The path part of the sandbox server URL (`/api/v1`); every operation path sits under it. */
  readonly basePath: string;
  readonly credentials: Credentials;
  /** Test partner ids besides `credentials.partnerId`: every token may name one of these. */
  readonly partnerIds: readonly string[];
  readonly routes: readonly RouteModel[];
  /**
   * The last day (IST) a token without `kid`, `exp` and `aud` is accepted: the sunset of the
   * partnerJwt scheme's `x-transitions` in openapi.yaml. Absent when the contract has no such window.
   */
  readonly tokenSunset?: string;
}

/** One error of an ajv validator compiled with `allErrors` (standalone code keeps this shape). */
export interface ValidatorError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message?: string;
}

export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: readonly ValidatorError[] | null;
}

/** A family's compiled validators module: request bodies, and path plus query parameters. */
export interface FamilyValidators {
  readonly body: Readonly<Record<string, ValidateFunction>>;
  readonly params: Readonly<Record<string, ValidateFunction>>;
}
