/**
 * What the sandbox keeps, and for how long (issue 26: memory grew by about 0.5 KB a request for
 * ever). Used request ids are dropped once their `iat` is outside the token window: the token check
 * (./token.ts) refuses such a token as expired anyway, so forgetting its reqId lets nothing be
 * replayed. Transactions (their status-call records, the originals repeats answer from, the starts an
 * expiry counts from) are kept for SANDBOX_RETENTION_HOURS, and at most the latest
 * SANDBOX_RETENTION_MAX of each kind, so a long load test stays within bounded memory. Our own policy,
 * stated on the Sandbox page (fact `sandbox-retention`, openapi/facts/common.yaml).
 */
import {IAT_TOLERANCE_SECONDS} from './token';
import type {SandboxStore} from './types';

/**
 * Hours a transaction of the sandbox answers its repeats and status calls: 64 days, so a transaction
 * left in a state past its bound is still there when the exit journey takes its exit (issue 32, 3),
 * the longest being a PAN application stuck past three 15-working-day bounds one after another
 * (63 days, openapi/journeys/pan.arazzo.yaml). SANDBOX_RETENTION_MAX keeps memory bounded.
 */
export const SANDBOX_RETENTION_HOURS = 64 * 24;
/** The most transactions of one kind (status records, repeat originals) the sandbox keeps, newest first. */
export const SANDBOX_RETENTION_MAX = 10_000;
/** Requests between two sweeps, besides one a minute of clock time. */
export const SWEEP_EVERY_REQUESTS = 1000;

/** A store that can forget and list its keys (the in-memory one); a store that cannot is never swept. */
export interface SweepableStore extends SandboxStore {
  delete(key: string): void;
  keys(): Iterable<string>;
}

export const isSweepable = (store: SandboxStore): store is SweepableStore =>
  typeof (store as Partial<SweepableStore>).delete === 'function' &&
  typeof (store as Partial<SweepableStore>).keys === 'function';

/** The clock time (ms) a stored entry counts from, for the kinds that expire; undefined for the rest. */
function entryTime(key: string, value: unknown): number | undefined {
  if (key.startsWith('reqId:')) return typeof value === 'number' ? value * 1000 : 0;
  if (key.startsWith('started:')) return typeof value === 'number' ? value : 0;
  const record = value as {createdAt?: unknown; at?: unknown} | undefined;
  if (key.startsWith('tx:')) return typeof record?.createdAt === 'number' ? record.createdAt : 0;
  if (key.startsWith('idem:')) return typeof record?.at === 'number' ? record.at : 0;
  return undefined;
}

/** Whether an entry is past what the sandbox keeps at `nowMs`. */
export function expired(key: string, value: unknown, nowMs: number): boolean {
  const at = entryTime(key, value);
  if (at === undefined) return false;
  const keep = key.startsWith('reqId:') ? IAT_TOLERANCE_SECONDS * 1000 : SANDBOX_RETENTION_HOURS * 3_600_000;
  return at < nowMs - keep;
}

/**
 * Drops what the sandbox no longer keeps: expired entries, then the oldest transactions of each kind
 * beyond SANDBOX_RETENTION_MAX (the store lists keys oldest first, as a Map does). The keys dropped.
 */
export function sweep(store: SweepableStore, nowMs: number, max = SANDBOX_RETENTION_MAX): number {
  const kinds = new Map<string, string[]>();
  let dropped = 0;
  for (const key of [...store.keys()]) {
    if (expired(key, store.get(key), nowMs)) {
      store.delete(key);
      dropped += 1;
      continue;
    }
    const kind = /^(tx|idem|started):/.exec(key)?.[1];
    if (kind) {
      const list = kinds.get(kind) ?? [];
      list.push(key);
      kinds.set(kind, list);
    }
  }
  for (const keys of kinds.values())
    for (const key of keys.slice(0, Math.max(0, keys.length - max))) {
      store.delete(key);
      dropped += 1;
    }
  return dropped;
}
