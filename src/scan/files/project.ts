/**
 * The ts-morph project a scan reads: candidate files plus the user's own modules they import
 * (except components a JSX file only renders: `jsx-tag-imports.ts`), each import resolved with the
 * options of the tsconfig that owns the importing file. Nothing under
 * node_modules, no lib files, no type check: symbols resolve across the user's files, and questions
 * that need installed declarations go to a typed project built only when one is asked
 * (`type-oracle.ts`).
 */
import { readFileSync, realpathSync } from 'node:fs';
import { lstatIfAny } from '../../stat.ts';
import path from 'node:path';
import { Project, ts } from '../../ts-morph.ts';
import { noteRead } from '../../cache/reads.ts';
import { isSourceFile } from './discover.ts';
import { bufferOf } from './read-source.ts';
import { failureReason } from './isolate.ts';
import { jsxTagOnlyImports } from './jsx-tag-imports.ts';
import type { TsConfigs } from './tsconfigs.ts';
import { packageOf, type WorkspacePackages } from './workspace-packages.ts';

function isUserModule(
  resolved: ts.ResolvedModuleFull | undefined,
): resolved is ts.ResolvedModuleFull {
  if (!resolved) return false;
  const file = resolved.resolvedFileName;
  return !/[\\/]node_modules[\\/]/.test(file) && !/\.d\.[cm]?ts$/.test(file) && isSourceFile(file);
}

/** The extension TypeScript records for a resolved source file. */
function extensionOf(file: string): string {
  return /\.[cm]?[jt]sx?$/.exec(file)?.[0] ?? '.ts';
}

/** What a `node_modules/<package>` holds: nothing, an installed package, or a link to user code. */
type Entry = 'absent' | 'installed' | 'linked';

/**
 * Whether a bare import (`react`, `@mastra/core/agent`) can only resolve into an installed package,
 * which is never a user module: then TypeScript's resolution (package.json, `exports`, extensions,
 * for each folder up to the root) is not run for it. It runs as before for relative and `#`
 * imports, with `paths` or `baseUrl`, for the package's own name, and for a package linked from
 * user code (a workspace package, `npm link`: a symlink whose target is outside node_modules).
 */
class InstalledImports {
  readonly #entries = new Map<string, Entry>();
  readonly #names = new Map<string, string | undefined>();

  skip(name: string, containingFile: string, options: ts.CompilerOptions): boolean {
    if (/^[./#]|^[a-zA-Z]:|^node:/.test(name) || options.paths || options.baseUrl) return false;
    const pkg = packageOf(name);
    const dir = path.dirname(containingFile);
    if (this.#ownName(dir) === pkg) return false;
    return this.#entryFrom(dir, pkg) !== 'linked';
  }

  /** No `node_modules` from the file's folder up holds the package (a checkout nothing was installed in). */
  absent(name: string, containingFile: string): boolean {
    const pkg = packageOf(name);
    // Noted: an install afterwards links it (the cache checks it again).
    for (let dir = path.dirname(containingFile); ; dir = path.dirname(dir)) {
      noteRead(path.join(dir, 'node_modules', pkg));
      if (path.dirname(dir) === dir) break;
    }
    return this.#entryFrom(path.dirname(containingFile), pkg) === 'absent';
  }

  /**
   * What the nearest `node_modules/<pkg>` from `dir` up is: none, an installed package, or a link
   * to user code (a workspace package, `npm link`), which TypeScript's resolution follows.
   */
  #entryFrom(dir: string, pkg: string): Entry {
    const key = `${dir}\0${pkg}`;
    let answer = this.#entries.get(key);
    if (answer !== undefined) return answer;
    const at = path.join(dir, 'node_modules', pkg);
    const stat = lstatIfAny(at);
    if (!stat) {
      const parent = path.dirname(dir);
      answer = parent === dir ? 'absent' : this.#entryFrom(parent, pkg);
    } else if (!stat.isSymbolicLink()) answer = 'installed';
    else {
      try {
        answer = /[\\/]node_modules[\\/]/.test(realpathSync(at)) ? 'installed' : 'linked';
      } catch {
        answer = 'installed';
      }
    }
    this.#entries.set(key, answer);
    return answer;
  }

  /** The `name` of the nearest package.json from `dir` up. */
  #ownName(dir: string): string | undefined {
    if (this.#names.has(dir)) return this.#names.get(dir);
    let name: string | undefined;
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: unknown;
      };
      name = typeof manifest.name === 'string' ? manifest.name : '';
    } catch {
      const parent = path.dirname(dir);
      name = parent === dir ? undefined : this.#ownName(parent);
    }
    this.#names.set(dir, name);
    return name;
  }
}

export interface ScanProject {
  project: Project;
  /** Files that could not be parsed at all (absolute path and reason): not in the project. */
  failed: Array<{ file: string; message: string }>;
  /** Files imports must no longer resolve to (they could not be parsed or analysed). */
  blocked: Set<string>;
}

/** How a source file is parsed, by its extension. */
export function scriptKindFor(file: string): ts.ScriptKind {
  return /\.tsx$/i.test(file)
    ? ts.ScriptKind.TSX
    : /\.[cm]?ts$/i.test(file)
      ? ts.ScriptKind.TS
      : /\.jsx$/i.test(file)
        ? ts.ScriptKind.JSX
        : ts.ScriptKind.JS;
}

/** Whether `file` parses without throwing (a stack overflow on deep nesting); the reason if not. */
function parseFailure(file: string): string | undefined {
  try {
    ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      false,
      scriptKindFor(file),
    );
    return undefined;
  } catch (error) {
    return failureReason(error, 'parse');
  }
}

export function createProject(
  configs: TsConfigs,
  files: string[],
  onFile?: () => void,
  workspace?: WorkspacePackages,
): ScanProject {
  const caches = new Map<string, ts.ModuleResolutionCache>();
  const blocked = new Set<string>();
  const resolved = new Set<string>();
  const candidates = new Set(files.map((f) => path.resolve(f)));
  const installed = new InstalledImports();
  const tagOnly = new WeakMap<ts.SourceFile, Set<string>>();
  const onlyTags = (file: ts.SourceFile | undefined, name: string) => {
    if (!file) return false;
    let names = tagOnly.get(file);
    if (!names) tagOnly.set(file, (names = jsxTagOnlyImports(file)));
    return names.has(name);
  };
  const project = new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
    compilerOptions: {
      allowJs: true,
      noEmit: true,
      noLib: true,
      types: [],
      jsx: ts.JsxEmit.Preserve,
      target: ts.ScriptTarget.ES2022,
    },
    resolutionHost: (host) => ({
      resolveModuleNames(
        moduleNames,
        containingFile,
        _reused,
        _redirected,
        _options,
        containingSourceFile,
      ) {
        const { configFile, options } = configs.ownerOf(containingFile);
        const key = configFile ?? '';
        let cache = caches.get(key);
        if (!cache)
          caches.set(
            key,
            (cache = ts.createModuleResolutionCache(
              path.dirname(configFile ?? containingFile),
              (f) => f,
              options,
            )),
          );
        // A package of the repository that no install links: where the link would take it.
        const local = (name: string): ts.ResolvedModuleFull | undefined => {
          const file = workspace?.resolve(name);
          if (!file || blocked.has(file) || !isSourceFile(file)) return undefined;
          if (!installed.absent(name, containingFile)) return undefined;
          resolved.add(file);
          return {
            resolvedFileName: file,
            extension: extensionOf(file),
            isExternalLibraryImport: false,
          };
        };
        return moduleNames.map((name) => {
          if (installed.skip(name, containingFile, options)) return local(name);
          const { resolvedModule } = ts.resolveModuleName(
            name,
            containingFile,
            options,
            host,
            cache,
            undefined,
            containingSourceFile?.impliedNodeFormat,
          );
          if (!isUserModule(resolvedModule)) return undefined;
          const target = path.resolve(resolvedModule.resolvedFileName);
          if (blocked.has(target)) return undefined;
          // Components the file only renders are not parsed for it (candidates are parsed anyway).
          if (!candidates.has(target) && onlyTags(containingSourceFile, name)) return undefined;
          resolved.add(target);
          return resolvedModule;
        });
      },
    }),
  });
  const failed: ScanProject['failed'] = [];
  for (const file of files) {
    try {
      const buffer = bufferOf(path.resolve(file));
      if (buffer === undefined) project.addSourceFileAtPath(file);
      else project.createSourceFile(file, buffer, { overwrite: true });
    } catch (error) {
      failed.push({ file, message: failureReason(error, 'parse') });
      blocked.add(file);
    }
    onFile?.();
  }
  // Pull in the user's own modules these files import (tool maps in files that never mention Mastra).
  // An imported file that cannot be parsed stops the whole program: find it, block it, try again.
  for (;;) {
    try {
      project.resolveSourceFileDependencies();
      break;
    } catch (error) {
      const culprits = [...resolved]
        .filter((f) => !blocked.has(f) && !project.getSourceFile(f))
        .flatMap((file) => {
          const message = parseFailure(file);
          return message ? [{ file, message }] : [];
        });
      if (culprits.length === 0) throw error;
      for (const c of culprits) {
        failed.push(c);
        blocked.add(c.file);
      }
    }
  }
  // A buffered file the program pulled in from disk as a dependency reads as its buffer too.
  for (const sf of project.getSourceFiles()) {
    const buffer = bufferOf(sf.getFilePath());
    if (buffer !== undefined && sf.getFullText() !== buffer) sf.replaceWithText(buffer);
  }
  return { project, failed, blocked };
}

/** A project on an in-memory file system: nothing is read from disk, nothing resolves. */
export function createInMemoryProject(): Project {
  return new Project({
    useInMemoryFileSystem: true,
    skipFileDependencyResolution: true,
    compilerOptions: {
      allowJs: true,
      noEmit: true,
      jsx: ts.JsxEmit.Preserve,
      target: ts.ScriptTarget.ES2022,
    },
  });
}

/** Syntax errors of one file, as one readable line; undefined when it parses. */
export function syntaxError(project: Project, file: string): string | undefined {
  const sf = project.getSourceFile(file);
  if (!sf) return 'not loaded';
  const diagnostics = project.getProgram().compilerObject.getSyntacticDiagnostics(sf.compilerNode);
  const first = diagnostics[0];
  if (!first) return undefined;
  const { line, character } =
    first.file && first.start !== undefined
      ? first.file.getLineAndCharacterOfPosition(first.start)
      : { line: 0, character: 0 };
  return `${line + 1}:${character + 1} ${ts.flattenDiagnosticMessageText(first.messageText, '\n')}`;
}
