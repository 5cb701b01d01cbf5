/**
 * The partner's request-signing keys in the sandbox session: the test key registered for the test
 * partner from the start (openapi/scenarios/sandbox.yaml), and the register, list and revoke calls
 * (openapi/families/common.yaml). At most two keys are active at once, so a rotation overlaps; a key id
 * is never used twice; the only active key cannot be revoked (a partner would lock itself out of every
 * signed call, the key calls included).
 */
import {jwkAlg, importPublicJwk, type PublicJwk} from '../../signing/keys';
import type {SigningAlg} from '../../signing/fields';
import type {KeyState} from '../../signing/message';
import type {Credentials, Json, JsonObject} from '../model';
import {formatLike} from './live';
import {envelope, validationAnswer, type Answer, type SandboxStore} from './types';

export const KEY_REGISTER_OPERATION = 'signing-key-register';
export const KEY_LIST_OPERATION = 'signing-key-list';
export const KEY_REVOKE_OPERATION = 'signing-key-revoke';

/**
 * A revoked key of the test partner's, there from the start so the refusal of a revoked key can be
 * tried at once (as `sbx-key-1` is for the JWT secret). Its private key was never kept: a revoked key
 * is refused before its signature is checked.
 */
export const SANDBOX_REVOKED_SIGNING_KEY = {
  key_id: 'sbx-ed25519-0',
  jwk: {kty: 'OKP', crv: 'Ed25519', x: '6i9X8D4dsLX2TVo7AonMYzE0uEKRj9kL4KQRgRU2JLE'},
} as const;

/** Keys that may sign at once: two, so the next key is in place before the old one goes. */
export const MAX_ACTIVE_KEYS = 2;

/** One key as the session keeps it. */
interface StoredKey {
  readonly key_id: string;
  readonly alg: SigningAlg;
  readonly jwk: PublicJwk;
  readonly status: 'ACTIVE' | 'REVOKED';
  /** Clock milliseconds. */
  readonly created: number;
  readonly revoked?: number;
}

const STORE_KEY = 'signing-keys';

/** A request value as text (key ids are strings; anything else names none). */
const textOf = (value: Json | undefined): string => (typeof value === 'string' ? value : '');
const IST = '2025-11-14T10:42:07+05:30';

/**
 * The session's keys, oldest first, until a call changes them: the revoked test key and the test key,
 * at the fixed times the list call's example shows (they are the sandbox's, registered once, not per
 * session; a key a session registers gets the session's clock).
 */
export function keyRing(store: SandboxStore, credentials: Credentials): StoredKey[] {
  const stored = store.get(STORE_KEY) as unknown as StoredKey[] | undefined;
  if (stored) return stored;
  const test = credentials.signingKey;
  if (!test) return [];
  return [
    {
      ...SANDBOX_REVOKED_SIGNING_KEY,
      alg: 'ed25519',
      status: 'REVOKED',
      created: Date.parse('2025-11-13T10:42:07+05:30'),
      revoked: Date.parse('2025-11-14T09:42:07+05:30'),
    },
    {key_id: test.keyId, alg: 'ed25519', jwk: test.publicJwk, status: 'ACTIVE', created: Date.parse(IST)},
  ];
}

const saveRing = (store: SandboxStore, ring: readonly StoredKey[]): void =>
  store.set(STORE_KEY, ring as unknown as Json);

/** What the verifier knows of a key id (core/signing/message.ts `KeyState`). */
export async function keyStateOf(ring: readonly StoredKey[], keyid: string): Promise<KeyState> {
  const k = ring.find((r) => r.key_id === keyid);
  if (!k) return undefined;
  if (k.status === 'REVOKED') return {status: 'revoked'};
  return {status: 'active', key: await importPublicJwk(k.jwk, k.alg), alg: k.alg};
}

export const hasActiveKey = (ring: readonly StoredKey[]): boolean => ring.some((k) => k.status === 'ACTIVE');

/** A key as the answers show it (`SigningKey` in the contract). */
const shown = (k: StoredKey): JsonObject => ({
  key_id: k.key_id,
  alg: k.alg,
  jwk: k.jwk as unknown as Json,
  status: k.status,
  created_at: formatLike(k.created, IST),
  ...(k.revoked !== undefined ? {revoked_at: formatLike(k.revoked, IST)} : {}),
});

function register(ring: StoredKey[], inputs: Readonly<Record<string, Json>>, now: number): Answer | StoredKey[] {
  const keyId = textOf(inputs.key_id);
  const alg = jwkAlg(inputs.jwk);
  if ('error' in alg) return validationAnswer([{field: 'jwk', rule: alg.error}]);
  if (ring.some((k) => k.key_id === keyId))
    return validationAnswer([
      {field: 'key_id', rule: `${keyId} was used before: key ids are never reused, pick a new one`},
    ]);
  if (ring.filter((k) => k.status === 'ACTIVE').length >= MAX_ACTIVE_KEYS)
    return validationAnswer([
      {field: 'key_id', rule: `you have ${MAX_ACTIVE_KEYS} active keys: revoke the one you rotate away from first`},
    ]);
  const jwk = inputs.jwk as unknown as PublicJwk;
  return [...ring, {key_id: keyId, alg: alg.alg, jwk, status: 'ACTIVE', created: now}];
}

function revoke(ring: StoredKey[], keyId: string, now: number): Answer | StoredKey[] {
  const k = ring.find((r) => r.key_id === keyId);
  if (!k) return {status: 200, body: envelope(7, `No signing key ${keyId} for this partner`), scenario: 'signing-keys'};
  if (k.status === 'REVOKED') return ring;
  if (ring.filter((r) => r.status === 'ACTIVE').length === 1)
    return validationAnswer([{field: 'keyId', rule: `${keyId} is your only active key: register its successor first`}]);
  return ring.map((r) => (r === k ? {...r, status: 'REVOKED' as const, revoked: now} : r));
}

/** The answer of a key call, or undefined for any other operation. */
export function signingKeyAnswer(
  operationId: string,
  inputs: Readonly<Record<string, Json>>,
  store: SandboxStore,
  ring: StoredKey[],
  now: number,
): Answer | undefined {
  const ok = (message: string, data: Json): Answer => ({
    status: 200,
    body: envelope(1, message, data),
    scenario: 'signing-keys',
  });
  if (operationId === KEY_LIST_OPERATION) return ok('Signing keys fetched', {keys: [...ring].reverse().map(shown)});
  const changed =
    operationId === KEY_REGISTER_OPERATION
      ? register(ring, inputs, now)
      : operationId === KEY_REVOKE_OPERATION
        ? revoke(ring, textOf(inputs.keyId), now)
        : undefined;
  if (!changed || !Array.isArray(changed)) return changed;
  saveRing(store, changed);
  const id = textOf(operationId === KEY_REGISTER_OPERATION ? inputs.key_id : inputs.keyId);
  const key = changed.find((k) => k.key_id === id) as StoredKey;
  return ok(operationId === KEY_REGISTER_OPERATION ? 'Signing key registered' : 'Signing key revoked', shown(key));
}
