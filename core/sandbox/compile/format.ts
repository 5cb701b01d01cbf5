/**
 * The scenario file format (openapi/scenarios/README.md): the JSON Schemas the files are checked
 * against first, and the types of what they hold once they pass.
 */
import type {JsonSchema} from '../../contract/schema';
import type {Credentials, Json, JsonObject, SigningTestKey} from '../model';

type ScenarioSchema = JsonSchema;

const BODY_SPEC: ScenarioSchema = {
  type: ['string', 'object'],
  additionalProperties: false,
  properties: {
    example: {type: 'string'},
    code: {type: 'integer'},
    message: {type: 'string'},
    data: {},
    set: {type: 'object'},
  },
};

const SCENARIO: ScenarioSchema = {
  type: 'object',
  required: ['label', 'code'],
  additionalProperties: false,
  properties: {
    label: {type: 'string', minLength: 1},
    when: {type: 'object', minProperties: 1},
    code: {type: 'integer'},
    example: {type: 'string'},
    message: {type: 'string'},
    data: {},
    set: {type: 'object'},
    status: BODY_SPEC,
    then: {
      type: 'array',
      items: {
        type: 'object',
        required: ['after'],
        additionalProperties: false,
        properties: {
          after: {type: 'number', minimum: 0},
          status: BODY_SPEC,
          webhooks: {
            type: 'array',
            items: {
              type: 'object',
              required: ['webhook'],
              additionalProperties: false,
              properties: {webhook: {type: 'string'}, after: {type: 'number', minimum: 0}, set: {type: 'object'}},
            },
          },
        },
      },
    },
  },
};

const CARRY: ScenarioSchema = {
  type: 'array',
  items: {
    type: ['string', 'object'],
    required: ['to', 'from'],
    additionalProperties: false,
    properties: {
      to: {type: 'string'},
      from: {type: 'string'},
      last: {type: 'integer', minimum: 1},
      prefix: {type: 'string'},
    },
  },
};

export const FAMILY_FILE_SCHEMA: ScenarioSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    carry: CARRY,
    shared: {type: 'array', items: SCENARIO},
    operations: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          carry: CARRY,
          unique: {type: 'array', items: {type: 'string'}},
          deadlines: {type: 'object', additionalProperties: {type: 'integer', minimum: 1}},
          idempotency: {type: 'string'},
          tracking: {
            type: 'object',
            required: ['status'],
            additionalProperties: false,
            properties: {
              status: {type: 'string'},
              field: {type: 'string'},
              also: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['status', 'field'],
                  additionalProperties: false,
                  properties: {status: {type: 'string'}, field: {type: 'string'}},
                },
              },
              from: {type: 'object', additionalProperties: {type: 'array', items: {type: 'string'}, minItems: 1}},
            },
          },
          lookup: {type: 'string'},
          expires: {
            type: 'object',
            required: ['after', 'key', 'seconds', 'code', 'label'],
            additionalProperties: false,
            properties: {
              after: {type: 'string'},
              key: {type: 'string'},
              seconds: {type: 'integer', minimum: 1},
              code: {type: 'integer'},
              label: {type: 'string'},
              message: {type: 'string'},
            },
          },
          overdue: {
            type: 'object',
            additionalProperties: {
              type: 'object',
              required: ['status', 'state', 'seconds', 'message'],
              additionalProperties: false,
              properties: {
                status: {type: 'string'},
                field: {type: 'string'},
                state: {type: 'string'},
                seconds: {type: 'integer', minimum: 1},
                message: {type: 'string'},
              },
            },
          },
          updates: {
            type: 'object',
            required: ['status', 'key', 'set'],
            additionalProperties: false,
            properties: {
              status: {type: 'string'},
              key: {type: 'string'},
              set: {type: 'object', minProperties: 1},
            },
          },
          repeat: {enum: [1, 4]},
          scenarios: {type: 'array', items: SCENARIO},
        },
      },
    },
  },
};

export const SANDBOX_FILE_SCHEMA: ScenarioSchema = {
  type: 'object',
  required: ['credentials', 'partners'],
  additionalProperties: false,
  properties: {
    credentials: {
      type: 'object',
      required: ['partnerId', 'jwtSecret', 'webhookSecret'],
      additionalProperties: false,
      properties: {
        partnerId: {type: 'string'},
        jwtSecret: {type: 'string'},
        webhookSecret: {type: 'string'},
      },
    },
    partners: {
      type: 'array',
      items: {
        type: 'object',
        required: ['partnerId', 'code', 'label', 'scope'],
        additionalProperties: false,
        properties: {
          partnerId: {type: 'string'},
          code: {type: 'integer'},
          label: {type: 'string'},
          scope: {enum: ['listed', 'all']},
          message: {type: 'string'},
          headers: {type: 'object', additionalProperties: {type: 'string'}},
        },
      },
    },
    shared: {type: 'array', items: SCENARIO},
    signingKey: {
      type: 'object',
      required: ['keyId', 'privateKey', 'publicJwk'],
      additionalProperties: false,
      properties: {
        keyId: {type: 'string'},
        privateKey: {type: 'string'},
        publicJwk: {
          type: 'object',
          required: ['kty', 'crv', 'x'],
          additionalProperties: false,
          properties: {kty: {const: 'OKP'}, crv: {const: 'Ed25519'}, x: {type: 'string'}},
        },
      },
    },
  },
};

export type BodySpec = string | {example?: string; code?: number; message?: string; data?: Json; set?: JsonObject};
export interface ScenarioSpec {
  label: string;
  when?: Record<string, Json>;
  code: number;
  example?: string;
  message?: string;
  data?: Json;
  set?: JsonObject;
  status?: BodySpec;
  then?: {after: number; status?: BodySpec; webhooks?: {webhook: string; after?: number; set?: JsonObject}[]}[];
}
export type CarrySpec = string | {to: string; from: string; last?: number; prefix?: string};
/** A confirmation refused `seconds` after `after` answered code 1 for the same `key` (a refund OTP). */
export interface ExpirySpec {
  after: string;
  key: string;
  seconds: number;
  code: number;
  label: string;
  message?: string;
}
/**
 * What a code 1 answer changes in a status call's later answers: the item (a transfer of a session)
 * whose `key` is the request's, with `set` merged into it (a refund confirmed: `refund_status` REFUNDED).
 */
export interface UpdateSpec {
  status: string;
  key: string;
  set: JsonObject;
}
/** `overdue:` of the escalation call: per reason, the state it escalates and its bound (OverdueModel). */
export interface OverdueSpec {
  status: string;
  field?: string;
  state: string;
  seconds: number;
  message: string;
}
export interface OperationSpec {
  carry?: CarrySpec[];
  expires?: ExpirySpec;
  overdue?: Record<string, OverdueSpec>;
  updates?: UpdateSpec;
  /**
   * The code a repeat of the idempotency key answers: 4 (the default) with the original in data, or 1
   * with the original answer, for an operation whose repeat returns what exists (a UPI id built from
   * its reference) and starts nothing again.
   */
  repeat?: 1 | 4;
  unique?: string[];
  /** Answer fields that are a deadline, each this many seconds after the answer (a bill's `expires_at`). */
  deadlines?: Record<string, number>;
  idempotency?: string;
  tracking?: {
    status: string;
    field?: string;
    also?: {status: string; field: string}[];
    /** The states (per field of the status answer's data) a call acting on another call's transaction may act from. */
    from?: Record<string, string[]>;
  };
  lookup?: string;
  scenarios?: ScenarioSpec[];
}
export interface FamilySpec {
  carry?: CarrySpec[];
  shared?: ScenarioSpec[];
  operations?: Record<string, OperationSpec>;
}
export interface PartnerSpec {
  partnerId: string;
  code: number;
  label: string;
  scope: 'listed' | 'all';
  message?: string;
  headers?: Record<string, string>;
}
export interface SandboxSpec {
  credentials: Credentials;
  signingKey?: SigningTestKey;
  partners: PartnerSpec[];
  shared?: ScenarioSpec[];
}
