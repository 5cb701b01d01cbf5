/**
 * A memo kept on disk, for results that are dear to make and depend only on their input and on the
 * code that makes them (issue 35, the dev server's cold start): the changelog compares every
 * published release with the one before it, piece by piece, and a published release never changes,
 * so every start of the dev server, every build and every `lint:contract` compared the same pieces
 * again (16 s of CPU of a 57 s cold start, profiled with --cpu-prof).
 *
 * A result is kept in `<dir>/<sha256>.v8`, the hash of `codeKey` and the input's JSON: `codeKey`
 * names the code and the library version that make it, so a new version of either is a new name
 * and an old result is never served. Written by rename (a reader sees the whole file or none),
 * with Node's structured serialisation (as node/contract/cache.ts). A result that cannot be
 * made throws as before and nothing is kept; a folder that cannot be written only costs the reuse.
 *
 * The files are small (one piece's diffs) and the folder can be deleted at any time.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import {createReloadMemo, type Memo} from '#core/util/memo';

export interface DiskMemoOptions {
  /** The folder of the results. */
  readonly dir: string;
  /** What else the results depend on besides their input: the code and library versions that make them. */
  readonly codeKey: string;
  /**
   * The in-process layer in front of the disk (by the hash, so the input is serialised once): the
   * dev server's reload memo by default, nothing in a build.
   */
  readonly inMemory?: Memo;
}

export function createDiskMemo({dir, codeKey, inMemory = createReloadMemo()}: DiskMemoOptions): Memo {
  return <T>(input: unknown, make: () => T): T => {
    const hash = crypto.createHash('sha256').update(codeKey).update('\0').update(JSON.stringify(input)).digest('hex');
    return inMemory(hash, () => {
      const file = path.join(dir, `${hash}.v8`);
      const kept = readKept<T>(file);
      if (kept.found) return kept.value;
      const made = make();
      keep(file, made);
      return made;
    });
  };
}

function readKept<T>(file: string): {found: true; value: T} | {found: false} {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return {found: false};
  }
  // A file cut short (a full disk) is made again rather than failing the load.
  try {
    return {found: true, value: v8.deserialize(bytes) as T};
  } catch {
    return {found: false};
  }
}

function keep(file: string, value: unknown): void {
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(temp, v8.serialize(value));
    fs.renameSync(temp, file);
  } catch {
    fs.rmSync(temp, {force: true});
  }
}
