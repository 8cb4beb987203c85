/**
 * A type-checked program for one tsconfig that shares the scan project's parsed files: the user's
 * modules the scan already parsed (and bound) are handed to the program as they are, so a typed
 * question costs only the installed declarations and lib files it needs, never a second parse of
 * the app (on a 700-file app that second parse was most of a run's time and memory). Declarations
 * and lib files are parsed once per run, whatever the number of tsconfigs asking.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as Common from '@ts-morph/common';
import { ts } from '../../ts-morph.ts';
import { bufferOf } from '../files/read-source.ts';

// The lib files ts-morph ships in memory (the compiler it bundles has none on disk).
const { getLibFiles, libFolderInMemoryPath } = createRequire(import.meta.url)(
  '@ts-morph/common',
) as typeof Common;

let libTexts: Map<string, string> | undefined;
function libText(file: string): string | undefined {
  if (path.posix.dirname(file) !== libFolderInMemoryPath) return undefined;
  libTexts ??= new Map(getLibFiles().map((f) => [f.fileName, f.text]));
  return libTexts.get(path.posix.basename(file));
}

/** Parsed declarations and lib files, shared by every typed program of a run. */
export class ParsedFiles {
  readonly #files = new Map<string, ts.SourceFile>();

  get(file: string, target: ts.ScriptTarget, read: () => string | undefined) {
    const key = `${target}\0${file}`;
    let sf = this.#files.get(key);
    if (!sf) {
      const text = libText(file) ?? read();
      if (text === undefined) return undefined;
      // Parsed as ts-morph's projects parse (the target only), so answers match its typed projects.
      sf = ts.createSourceFile(file, text, target, true);
      this.#files.set(key, sf);
    }
    return sf;
  }
}

export interface TypedProgram {
  /** The program with `file` in it, built again with `file` as a new root when it is not. */
  programWith(file: string): ts.Program;
  /** The program built so far, if any. */
  current(): ts.Program | undefined;
  /** Programs built so far. */
  builds(): number;
  /** Adds roots that will be asked about, built into the next program in one go. */
  expect(files: readonly string[]): void;
}

/** Rebuilds for single new roots before the rest of the tsconfig's files are added in one go. */
const BATCH_AFTER = 4;

/**
 * @param shared the scan project's parsed file for a path (undefined: not parsed by the scan)
 * @param siblings the scan's files of the same tsconfig
 */
export function typedProgram(
  options: ts.CompilerOptions,
  shared: (file: string) => ts.SourceFile | undefined,
  parsed: ParsedFiles,
  siblings: () => string[] = () => [],
): TypedProgram {
  const base = ts.createCompilerHost(options, true);
  const target = options.target ?? ts.ScriptTarget.Latest;
  const cache = ts.createModuleResolutionCache(
    base.getCurrentDirectory(),
    (f) => base.getCanonicalFileName(f),
    options,
  );
  const host: ts.CompilerHost = {
    ...base,
    getDefaultLibLocation: () => libFolderInMemoryPath,
    getDefaultLibFileName: (o) => `${libFolderInMemoryPath}/${ts.getDefaultLibFileName(o)}`,
    fileExists: (f) => libText(f) !== undefined || base.fileExists(f),
    readFile: (f) => libText(f) ?? bufferOf(f) ?? base.readFile(f),
    getSourceFile: (file) =>
      shared(file) ?? parsed.get(file, target, () => bufferOf(file) ?? base.readFile(file)),
    // One resolution cache across the rebuilds a new root causes.
    resolveModuleNameLiterals: (literals, containingFile, redirected, opts, containing) =>
      literals.map((literal) =>
        ts.resolveModuleName(
          literal.text,
          containingFile,
          opts,
          host,
          cache,
          redirected,
          ts.getModeForUsageLocation(containing, literal, opts),
        ),
      ),
  };
  const roots: string[] = [];
  const expected = new Set<string>();
  let program: ts.Program | undefined;
  let builds = 0;
  return {
    builds: () => builds,
    expect(files) {
      for (const f of files) if (!roots.includes(f)) expected.add(f);
    },
    programWith(file) {
      if (program?.getSourceFile(file)) return program;
      // Each new root builds the program and a checker again. Most runs ask about a file or two;
      // one that keeps asking about new files gets every file of the tsconfig at once instead.
      if (roots.length === BATCH_AFTER) roots.push(...siblings().filter((f) => f !== file));
      // Files announced as asked about next come in this build too (see `expect`).
      for (const f of expected) if (f !== file && !roots.includes(f)) roots.push(f);
      expected.clear();
      roots.push(file);
      builds++;
      program = ts.createProgram({
        rootNames: [...roots],
        options,
        host,
        oldProgram: program,
      });
      return program;
    },
    current: () => program,
  };
}
