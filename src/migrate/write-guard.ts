/**
 * Where a file may be written: only at a real path inside the target root, never through a link
 * that leads out of it (whatever `--force` says), never over a file with other hard links (an
 * atomic rename would give this path its own copy and leave the other names unchanged), and only
 * when the file still holds the bytes that were read.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isInside } from '../scan/files/discover.ts';
import { ioReason } from '../scan/files/read-source.ts';

export type WriteTarget = { ok: true; real: string } | { ok: false; reason: string };

const posix = (p: string) => p.split(path.sep).join('/');

/** The real path `abs` would be written at, if that is allowed. `root` is a real path. */
export function writeTarget(root: string, abs: string): WriteTarget {
  let real: string;
  try {
    real = realpathSync.native(abs);
  } catch (error) {
    return { ok: false, reason: `not written: ${ioReason(error)}` };
  }
  if (!isInside(root, real)) {
    const via =
      real === abs ? '' : `${posix(path.relative(root, abs))} leads through a link to ${real}, `;
    return {
      ok: false,
      reason: `not written: ${via}outside the target folder; nothing outside it is ever written, even with --force (run migrate on a folder that holds both)`,
    };
  }
  try {
    const { nlink } = statSync(real);
    if (nlink > 1)
      return {
        ok: false,
        reason: `not written: the file has ${nlink} hard links, and an atomic write would leave the other ${nlink - 1} unchanged`,
      };
  } catch (error) {
    return { ok: false, reason: `not written: ${ioReason(error)}` };
  }
  return { ok: true, real };
}

/** Undefined when `real` still holds `bytes`; else why it must not be overwritten. */
export function changedSinceRead(real: string, bytes: Buffer): string | undefined {
  let now: Buffer;
  try {
    now = readFileSync(real);
  } catch (error) {
    return `not written: ${ioReason(error)}`;
  }
  return now.equals(bytes)
    ? undefined
    : 'not written: the file changed on disk after it was read; run migrate again';
}
