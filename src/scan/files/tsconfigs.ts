/**
 * Every tsconfig of a repository (found on disk, reached through `references`, or above the scanned
 * folder) and which one owns a file: the nearest one, walking up, whose file list holds it. Files in
 * no tsconfig get defaults. Each file's imports are then resolved with its own tsconfig's options.
 */
import { existsSync, readFileSync } from 'node:fs';
import { noteReads } from '../../cache/reads.ts';
import path from 'node:path';
import { ts } from '../../ts-morph.ts';

export interface OwnedConfig {
  /** Absolute path of the tsconfig, or undefined for files in none. */
  configFile: string | undefined;
  options: ts.CompilerOptions;
}

const DEFAULT_OPTIONS: ts.CompilerOptions = {
  allowJs: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
};

interface Parsed {
  file: string;
  options: ts.CompilerOptions;
  /** Its file list, expanded on first use: walking its include globs is most of a tsconfig's cost. */
  files: () => Set<string>;
  references: string[];
}

function referencedConfig(ref: string): string {
  return ref.endsWith('.json') ? ref : path.join(ref, 'tsconfig.json');
}

/** Whether a tsconfig's text may declare project references (a word in a comment counts too). */
function mayReference(file: string): boolean {
  try {
    return readFileSync(file, 'utf8').includes('references');
  } catch {
    return true;
  }
}

export class TsConfigs {
  readonly #byDir = new Map<string, Parsed[]>();
  /** Tsconfigs without references, parsed when a file's walk up first reaches their folder. */
  readonly #pending = new Map<string, string[]>();
  readonly #owners = new Map<string, OwnedConfig>();
  readonly #extended = new Map<string, ts.ExtendedConfigCacheEntry>();

  /** `found`: tsconfig files discovered under the root (absolute). */
  constructor(root: string, found: readonly string[]) {
    const queue = [...found, ...this.#above(root)];
    const seen = new Set<string>();
    while (queue.length) {
      const file = path.resolve(queue.shift()!);
      if (seen.has(file) || !existsSync(file)) continue;
      seen.add(file);
      // Only references can add a tsconfig: one that cannot have any waits until it is needed (a
      // repository of many examples has dozens, and a scan asks about the few holding Mastra code).
      if (!mayReference(file)) {
        noteReads([file]); // whether it waits depends on its text
        const dir = path.dirname(file);
        this.#pending.set(dir, [...(this.#pending.get(dir) ?? []), file]);
        continue;
      }
      const parsed = this.#add(file);
      if (parsed) queue.push(...parsed.references);
    }
  }

  #add(file: string): Parsed | undefined {
    const parsed = this.#parse(file);
    if (!parsed) return undefined;
    const dir = path.dirname(file);
    this.#byDir.set(
      dir,
      [...(this.#byDir.get(dir) ?? []), parsed].sort(
        (a, b) =>
          Number(path.basename(b.file) === 'tsconfig.json') -
            Number(path.basename(a.file) === 'tsconfig.json') || a.file.localeCompare(b.file),
      ),
    );
    return parsed;
  }

  /** The tsconfigs of one folder, the waiting ones parsed first. */
  #configsIn(dir: string): Parsed[] | undefined {
    const waiting = this.#pending.get(dir);
    if (waiting) {
      this.#pending.delete(dir);
      for (const file of waiting) this.#add(file);
    }
    return this.#byDir.get(dir);
  }

  /**
   * The nearest tsconfig above the scanned folder, when it has none of its own (the folder may be
   * one package's `src`); never past the top of the git work tree.
   */
  #above(root: string): string[] {
    if (existsSync(path.join(root, 'tsconfig.json'))) return [];
    for (let dir = path.dirname(path.resolve(root)); ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'tsconfig.json');
      if (existsSync(candidate)) return [candidate];
      if (existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir) return [];
    }
  }

  #parse(file: string): Parsed | undefined {
    // Options and references first, without the directory walk that expands the include globs.
    const parsed = this.#read(file, () => []);
    // The files it extends (perhaps outside the root) decide the options as much as it does.
    noteReads([file, ...this.#extended.keys()]);
    if (!parsed) return undefined;
    let files: Set<string> | undefined;
    return {
      file,
      options: parsed.options,
      files: () =>
        (files ??= new Set(
          (this.#read(file, (...args) => ts.sys.readDirectory(...args))?.fileNames ?? []).map((f) =>
            path.resolve(f),
          ),
        )),
      references: (parsed.projectReferences ?? []).map((r) => referencedConfig(r.path)),
    };
  }

  #read(file: string, readDirectory: ts.ParseConfigFileHost['readDirectory']) {
    const host: ts.ParseConfigFileHost = {
      ...ts.sys,
      readDirectory,
      onUnRecoverableConfigFileDiagnostic: () => {},
    };
    return ts.getParsedCommandLineOfConfigFile(file, {}, host, this.#extended);
  }

  /** The tsconfig that owns a file, and its compiler options. */
  ownerOf(file: string): OwnedConfig {
    const abs = path.resolve(file);
    let owner = this.#owners.get(abs);
    if (owner) return owner;
    owner = { configFile: undefined, options: DEFAULT_OPTIONS };
    for (let dir = path.dirname(abs); ; dir = path.dirname(dir)) {
      const hit = this.#configsIn(dir)?.find((c) => c.files().has(abs));
      if (hit) {
        owner = { configFile: hit.file, options: hit.options };
        break;
      }
      if (path.dirname(dir) === dir) break;
    }
    this.#owners.set(abs, owner);
    return owner;
  }
}
