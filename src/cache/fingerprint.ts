/**
 * Content fingerprints for the cache key: a file's bytes hashed, a folder's sorted entry names, or
 * why it could not be read (a missing file is a fact too: creating it can change an answer). SHA-1
 * names content here as git's object names do (no secret rests on it; it is the fastest on this
 * hardware by far). A file whose size, times and inode are those it had when it was last hashed
 * keeps that hash (git's index does the same), unless it changed so close to that hashing that a
 * coarse file-system clock could hide a change.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sha = (data: string | Buffer) => createHash('sha1').update(data).digest('hex');

/** One buffer for every file hashed: a repository's large JSON files allocate nothing per file. */
const scratch = Buffer.allocUnsafe(2 ** 20);

/** The SHA-1 of a file's bytes, read through `scratch` (throws as reading the file would). */
function shaOfFile(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const hash = createHash('sha1');
    for (let n; (n = readSync(fd, scratch, 0, scratch.length, null)) > 0;)
      hash.update(scratch.subarray(0, n));
    return hash.digest('hex');
  } finally {
    closeSync(fd);
  }
}

/** What `file` holds now: `f:<hash>` for a file, `d:<hash of names>` for a folder, `-:<code>` when neither. */
export function fingerprint(file: string): string {
  try {
    return `f:${shaOfFile(file)}`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    if (code !== 'EISDIR') return `-:${code}`;
  }
  try {
    return `d:${sha(readdirSync(file).sort().join('\0'))}`;
  } catch (error) {
    return `-:${(error as NodeJS.ErrnoException).code ?? 'error'}`;
  }
}

/** What a file was when it was hashed: size, mtime, ctime, inode, fingerprint. */
export type StatRecord = [number, number, number, number, string];

/** Stats and fingerprints of the last run, to skip reading files that did not change since. */
export interface StatMemo {
  /** When the run that hashed these files started (ms since the epoch). */
  at: number;
  files: Record<string, StatRecord>;
}

/** A file-system clock may round times to 2 s (FAT); changes closer than this to a hashing are re-read. */
const RACY_MS = 2000;

/**
 * Files whose bytes a later pass reads anyway (the sources the prefilter reads as text): hashed
 * from one whole read, and handed to that pass so it need not read them again.
 */
export interface SharedReads {
  wants(file: string): boolean;
  bytes(file: string, bytes: Buffer): void;
}

export class Fingerprints {
  readonly #previous: StatMemo | undefined;
  readonly #share: SharedReads | undefined;
  readonly #seen = new Map<string, string>();
  /** Stats of what was fingerprinted in this run: the memo of the next. */
  readonly memo: StatMemo = { at: Date.now(), files: {} };
  /** Files read and hashed in this run (the others kept their hash). */
  hashed = 0;

  constructor(previous?: StatMemo, share?: SharedReads) {
    this.#previous = previous;
    this.#share = share;
  }

  of(file: string): string {
    const known = this.#seen.get(file);
    if (known !== undefined) return known;
    const fp = this.#of(file);
    this.#seen.set(file, fp);
    return fp;
  }

  #of(file: string): string {
    let st;
    try {
      // Most context files do not exist: said without throwing (what `fingerprint` says of them).
      st = statSync(file, { throwIfNoEntry: false });
    } catch {
      return fingerprint(file);
    }
    if (!st) return '-:ENOENT';
    if (!st.isFile()) return fingerprint(file);
    const record = this.#previous?.files[file];
    if (
      record &&
      record[0] === st.size &&
      record[1] === st.mtimeMs &&
      record[2] === st.ctimeMs &&
      record[3] === st.ino &&
      Math.max(st.mtimeMs, st.ctimeMs) < this.#previous.at - RACY_MS
    ) {
      this.memo.files[file] = record;
      return record[4];
    }
    const fp = this.#share?.wants(file) ? sharedOr(file, this.#share) : fingerprint(file);
    this.hashed++;
    this.memo.files[file] = [st.size, st.mtimeMs, st.ctimeMs, st.ino, fp];
    return fp;
  }
}

/** `fingerprint` of a file read whole, its bytes passed on to the pass that reads them next. */
function sharedOr(file: string, share: SharedReads): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return fingerprint(file);
  }
  share.bytes(file, bytes);
  return `f:${sha(bytes)}`;
}

/** One hash over many strings, each kept apart from the next. */
export function hashAll(parts: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const p of parts) hash.update(p).update('\0');
  return hash.digest('hex');
}

function* filesUnder(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* filesUnder(full);
    // Source maps and declaration files are not run.
    else if (!/\.map$|\.d\.[cm]?ts$/.test(e.name)) yield full;
  }
}

let code: string | undefined;

/**
 * This tool's own code (the engine, the transforms, the dependency pins in package.json): a result
 * computed by other code is never served, even between two builds with the same version number.
 */
export function codeFingerprint(): string {
  // src/cache/ (or dist/src/cache/) → the folder holding src/ and transforms/.
  return (code ??= codeFingerprintOf(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..'),
  ));
}

/** The fingerprint of the code under `base` (the folder holding src/ and transforms/). */
export function codeFingerprintOf(base: string): string {
  const files = [
    ...filesUnder(path.join(base, 'src')),
    ...filesUnder(path.join(base, 'transforms')),
  ];
  const manifest = [path.join(base, 'package.json'), path.join(base, '..', 'package.json')].find(
    (f) => statSync(f, { throwIfNoEntry: false })?.isFile(),
  );
  if (manifest) files.push(manifest);
  return hashAll(files.flatMap((f) => [path.relative(base, f), fingerprint(f)]));
}

/** Files next to a package (or above the root) that decide what is installed and how it is formatted. */
const CONTEXT_NAMES = [
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'yarn.lock',
  'bun.lock',
  'bun.lockb',
  'tsconfig.json',
  '.editorconfig',
  '.prettierignore',
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.json5',
  '.prettierrc.yaml',
  '.prettierrc.yml',
  '.prettierrc.toml',
  '.prettierrc.js',
  '.prettierrc.cjs',
  '.prettierrc.mjs',
  '.prettierrc.ts',
  'prettier.config.js',
  'prettier.config.cjs',
  'prettier.config.mjs',
  'prettier.config.ts',
  // What the package manager last installed: a changed install changes the declarations read.
  'node_modules/.package-lock.json',
  'node_modules/.modules.yaml',
  'node_modules/.yarn-state.yml',
  'node_modules/.yarn-integrity',
  'node_modules/@mastra/core/package.json',
  'node_modules/prettier/package.json',
  'node_modules/typescript/package.json',
];

/** Context files in `dir`, as absolute paths. */
export function contextFiles(dir: string): string[] {
  return CONTEXT_NAMES.map((name) => path.join(dir, name));
}

/** `dir` and every folder above it. */
export function foldersUp(dir: string): string[] {
  const out: string[] = [];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    out.push(d);
    if (path.dirname(d) === d) return out;
  }
}
