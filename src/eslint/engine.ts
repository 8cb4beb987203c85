/**
 * The plugin's engine, in the worker thread: one answer per project root, kept while nothing it
 * rests on changed. The answer rests on every file the analysis read (its stat: size, mtime,
 * inode), the folders they sit in (a file added or removed changes its folder's mtime) and the
 * buffer it was given. Checking that costs a stat per file (all of them at most once a second, the
 * linted file's own every time), so `eslint .` analyses once however many files it lints, and an
 * edit anywhere is seen within a second.
 *
 * The linted text is ESLint's, which may be an unsaved editor buffer: when it differs from the disk
 * it stands in for the file (`withBuffers`), so the answer follows typing.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { analyse } from '../api/index.ts';
import { recordingReads } from '../cache/reads.ts';
import { withBuffers } from '../scan/files/read-source.ts';
import { problemsByFile, type Problem } from './problems.ts';

export interface LintRequest {
  /** The project root the engine analyses (absolute). */
  root: string;
  /** The linted file (absolute). */
  file: string;
  /** Its text as ESLint has it (no BOM). */
  text: string;
}

export interface LintAnswer {
  /** The file's problems, offsets in the request's text. */
  problems: Problem[];
  /** Whether this request ran an analysis (false: a kept answer served it). */
  analysed: boolean;
}

interface Kept {
  /** Stamps of the files and folders the answer rests on. */
  stamps: Map<string, string>;
  /** The buffer it was given (file and text), if any. */
  buffer?: { file: string; text: string };
  problems: Map<string, Problem[]>;
  /** When the stamps were last all checked (`performance.now()`). */
  checked: number;
}

const kept = new Map<string, Kept>();

function stampOf(file: string): string {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}:${s.ino}`;
  } catch {
    return 'gone';
  }
}

function diskText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * How long a full check of the stamps holds. `eslint .` asks for hundreds of files a second, and a
 * stat of every file read (thousands) for each would cost more than linting; the linted file's own
 * stamp and text are checked on every request, so only a change to another file made within this
 * time of the last check is seen on the next request instead of this one.
 */
const RECHECK_MS = 1000;

function fresh(k: Kept, file: string, buffer: Kept['buffer']): boolean {
  if (k.buffer?.file !== buffer?.file || k.buffer?.text !== buffer?.text) return false;
  const own = k.stamps.get(file);
  if (own !== undefined && stampOf(file) !== own) return false;
  if (performance.now() - k.checked < RECHECK_MS) return true;
  for (const [f, stamp] of k.stamps) if (stampOf(f) !== stamp) return false;
  k.checked = performance.now();
  return true;
}

async function analyseWith(root: string, buffer: Kept['buffer']): Promise<Kept> {
  const buffers = new Map(buffer ? [[buffer.file, buffer.text]] : []);
  const { value, reads } = await recordingReads(new Set(), () =>
    withBuffers(buffers, () => analyse(root, { cache: false })),
  );
  const stamps = new Map<string, string>();
  for (const f of [root, ...reads.keys()]) {
    stamps.set(f, stampOf(f));
    stamps.set(path.dirname(f), stampOf(path.dirname(f)));
  }
  const textOf = (abs: string) => (abs === buffer?.file ? buffer.text : diskText(abs));
  return {
    stamps,
    buffer,
    problems: problemsByFile(value, textOf),
    checked: performance.now(),
  };
}

/** The problems of one file, analysing the project again only when something it rests on changed. */
export async function lintFile({ root, file, text }: LintRequest): Promise<LintAnswer> {
  const disk = diskText(file);
  const same = disk !== undefined && disk.replace(/^\uFEFF/, '') === text;
  const buffer = same ? undefined : { file, text };
  let k = kept.get(root);
  let analysed = false;
  if (!k || !fresh(k, file, buffer)) {
    k = await analyseWith(root, buffer);
    kept.set(root, k);
    analysed = true;
  }
  const problems = k.problems.get(file) ?? [];
  return { problems, analysed };
}
