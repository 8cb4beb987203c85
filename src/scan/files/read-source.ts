/**
 * Reading a file as text, only when it is UTF-8 text. Binary files and other encodings are never
 * decoded (a lossy decode, edited and written back, would corrupt every byte it could not read), so
 * they can never be rewritten; the reason says which.
 */
import { isUtf8 } from 'node:buffer';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { noteRead } from '../../cache/reads.ts';

export type SourceRead =
  | { ok: true; text: string; bytes: Buffer }
  /** `binary`: not text at all (skipped); `encoding`: text we cannot read faithfully; `io`: unreadable; `missing`: gone. */
  | { ok: false; kind: 'binary' | 'encoding' | 'io' | 'missing'; reason: string };

/** Git's heuristic: a NUL byte in the first 8,000 bytes means binary. */
const SNIFF = 8000;

/** The 1-based line of the first invalid UTF-8 sequence (a newline byte is never inside one). */
function firstInvalidLine(bytes: Buffer): number {
  let line = 1;
  let start = 0;
  for (let nl = bytes.indexOf(0x0a); ; nl = bytes.indexOf(0x0a, start)) {
    const end = nl === -1 ? bytes.length : nl;
    if (!isUtf8(bytes.subarray(start, end))) return line;
    if (nl === -1) return line;
    start = nl + 1;
    line++;
  }
}

export function decodeSource(bytes: Buffer): SourceRead {
  return undecodable(bytes) ?? { ok: true, text: bytes.toString('utf8'), bytes };
}

/** Why `bytes` cannot be read as text (binary, UTF-16, invalid UTF-8); undefined when they can. */
export function undecodable(bytes: Buffer): Extract<SourceRead, { ok: false }> | undefined {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return {
      ok: false,
      kind: 'encoding',
      reason: 'UTF-16 text: only UTF-8 files are read and rewritten',
    };
  }
  const nul = bytes.subarray(0, SNIFF).indexOf(0);
  if (nul !== -1)
    return { ok: false, kind: 'binary', reason: `binary file (a NUL byte at offset ${nul})` };
  if (!isUtf8(bytes)) {
    return {
      ok: false,
      kind: 'encoding',
      reason: `not valid UTF-8 (line ${firstInvalidLine(bytes)}): only UTF-8 files are read and rewritten`,
    };
  }
  return undefined;
}

/** A one-line reason for an I/O error (`EACCES: permission denied, open '/x'` -> `permission denied`). */
export function ioReason(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const known: Record<string, string> = {
    ENOENT: 'no such file or directory',
    ENOTDIR: 'not a directory',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    ENOSPC: 'no space left on device',
    EDQUOT: 'disk quota exceeded',
    EROFS: 'read-only file system',
    EISDIR: 'is a directory',
    ELOOP: 'too many levels of symbolic links',
    ENAMETOOLONG: 'file name too long',
    EMFILE: 'too many open files',
    EIO: 'input/output error',
  };
  if (e?.code && known[e.code]) return `${known[e.code]} (${e.code})`;
  return String(e?.message ?? e).split('\n')[0]!;
}

/**
 * Texts that stand in for files on disk (absolute path -> text) during one run: an editor's unsaved
 * buffers, which the ESLint plugin passes so its answer follows typing. Set only by `withBuffers`.
 */
let buffers: ReadonlyMap<string, string> | undefined;

/** Runs `job` with `texts` read in place of those files' bytes on disk. One run at a time. */
export async function withBuffers<T>(
  texts: ReadonlyMap<string, string>,
  job: () => Promise<T>,
): Promise<T> {
  if (buffers) throw new Error('withBuffers: another run with buffers is in progress');
  buffers = texts.size > 0 ? texts : undefined;
  try {
    return await job();
  } finally {
    buffers = undefined;
  }
}

/** The buffer standing in for `file`, if any. */
export function bufferOf(file: string): string | undefined {
  return buffers?.get(file);
}

export function readSource(file: string): SourceRead {
  noteRead(file);
  const buffer = buffers?.get(file);
  if (buffer !== undefined) return decodeSource(Buffer.from(buffer, 'utf8'));
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    return readFailure(error);
  }
  return decodeSource(bytes);
}

function readFailure(error: unknown): Extract<SourceRead, { ok: false }> {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return { ok: false, kind: 'missing', reason: 'the file is gone' };
  return { ok: false, kind: 'io', reason: `could not read: ${ioReason(error)}` };
}

/** One buffer for every `readBytes`: a search over thousands of files allocates nothing per file. */
let scratch = Buffer.allocUnsafe(2 ** 20);

/**
 * A file's bytes, undecoded (for a search that decodes only what it finds); undefined when
 * unreadable. The bytes live in a buffer the next call reuses: use them (or copy them) at once.
 */
export function readBytes(file: string): Buffer | undefined {
  const read = readScratch(file);
  return read.ok ? read.bytes : undefined;
}

/** `readBytes`, saying why a file could not be read (the reasons `readSource` gives). */
export function readScratch(
  file: string,
): { ok: true; bytes: Buffer } | Extract<SourceRead, { ok: false }> {
  noteRead(file);
  const buffer = buffers?.get(file);
  if (buffer !== undefined) return { ok: true, bytes: Buffer.from(buffer, 'utf8') };
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    let length = 0;
    for (;;) {
      if (length === scratch.length) {
        const bigger = Buffer.allocUnsafe(scratch.length * 2);
        scratch.copy(bigger);
        scratch = bigger;
      }
      const n = readSync(fd, scratch, length, scratch.length - length, null);
      if (n === 0) return { ok: true, bytes: scratch.subarray(0, length) };
      length += n;
    }
  } catch (error) {
    return readFailure(error);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
