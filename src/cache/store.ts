/**
 * Cache entries on disk: one file per slot (a root with one set of options, for one build of the
 * tool), holding the full key it was computed for and the result. A new answer for the same slot
 * replaces the old one, so the cache grows with the repositories and options used, not with the
 * runs. Writes are atomic (a rename of a finished file); a read or write that fails is a miss, never
 * an error.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { StatMemo } from './fingerprint.ts';

export interface Entry<T> {
  format: number;
  /** The hash of every input the key covers. */
  key: string;
  /** Files read beyond the key's inputs, with what they held. */
  extras: Array<[string, string]>;
  value: T;
}

export const FORMAT = 1;

const fileOf = (dir: string, slot: string, kind = '') =>
  path.join(dir, `v${FORMAT}`, `${slot}${kind}.json`);

/** The stats of the files the slot's last run hashed (a separate file: it changes more often). */
export function readMemo(dir: string, slot: string): StatMemo | undefined {
  try {
    const memo = JSON.parse(readFileSync(fileOf(dir, slot, '.stats'), 'utf8')) as StatMemo;
    return typeof memo?.at === 'number' && memo.files && typeof memo.files === 'object'
      ? memo
      : undefined;
  } catch {
    return undefined;
  }
}

export async function writeMemo(dir: string, slot: string, memo: StatMemo): Promise<void> {
  await write(fileOf(dir, slot, '.stats'), JSON.stringify(memo));
}

async function write(file: string, text: string): Promise<boolean> {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // No fsync: a torn or empty entry after a crash fails its checks and is a miss (see above).
    await writeFileAtomic(file, text, { encoding: 'utf8', fsync: false });
    return true;
  } catch {
    return false;
  }
}

export function readEntry<T>(dir: string, slot: string): Entry<T> | undefined {
  try {
    const entry = JSON.parse(readFileSync(fileOf(dir, slot), 'utf8')) as Entry<T>;
    return entry?.format === FORMAT && typeof entry.key === 'string' && Array.isArray(entry.extras)
      ? entry
      : undefined;
  } catch {
    return undefined;
  }
}

/** Stores `entry`; true when it was written. */
export function writeEntry<T>(dir: string, slot: string, entry: Entry<T>): Promise<boolean> {
  return write(fileOf(dir, slot), JSON.stringify(entry));
}
