/**
 * Which candidates can hold Mastra code, so that the cost of a run follows the Mastra code and not
 * the size of the repository (a monorepo of examples for ten agent frameworks parses only the
 * Mastra ones). A file can construct, call or configure a Mastra agent only if its code reaches
 * `@mastra/*`:
 * - its own text names `@mastra/`, or it imports a module of a package that reaches Mastra (a script
 *   at the root that imports an agent to call it: run-mode evidence); or
 * - its package (the nearest package.json) does: a file of the package names `@mastra/`, or a
 *   package.json from there up declares a `@mastra/` package (a workspace root's hoisted
 *   dependency counts), a workspace package that reaches it, or an installed package whose own
 *   package.json declares one (a wrapper around Mastra); or
 * - no package.json says what it can import.
 * The files left out are only not parsed: the name-use search still reads every file, so a string
 * there that a rename would contradict still holds the rename back.
 */
import { readFileSync } from 'node:fs';
import { statIfAny } from '../../stat.ts';
import path from 'node:path';
import { noteRead } from '../../cache/reads.ts';
import { isInside } from './discover.ts';
import { packageOf } from './workspace-packages.ts';

const DEP_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
const MASTRA = /@mastra\//;

type Manifest = Record<string, unknown>;

function depNames(manifest: Manifest): string[] {
  return DEP_FIELDS.flatMap((field) => {
    const deps = manifest[field];
    return deps && typeof deps === 'object' ? Object.keys(deps) : [];
  });
}

const isMastraPackage = (name: string) => name.startsWith('@mastra/') || name === 'mastra';

export interface MastraScope {
  /** Candidates whose code can reach Mastra, in the given order. */
  inside: string[];
  /** Candidates left out: their packages cannot import Mastra. */
  outside: string[];
}

/**
 * Splits `candidates` (absolute paths) by whether their code can reach Mastra. `manifests` are the
 * package.json files the scan lists under `root` (absolute paths); `textOf` gives a candidate's text.
 */
export function mastraScope(
  root: string,
  candidates: readonly string[],
  manifests: readonly string[],
  textOf: (file: string) => string | undefined,
): MastraScope {
  const listed = new Set(manifests);
  const manifestCache = new Map<string, Manifest | undefined>();
  const manifestAt = (dir: string): Manifest | undefined => {
    if (manifestCache.has(dir)) return manifestCache.get(dir);
    const file = path.join(dir, 'package.json');
    // Inside the root the file list says which exist (and the cache keys them); above it, and in
    // node_modules, the file is read and noted.
    if (isInside(root, dir) && !dir.split(path.sep).includes('node_modules') && !listed.has(file)) {
      manifestCache.set(dir, undefined);
      return undefined;
    }
    noteRead(file);
    let json: Manifest | undefined;
    try {
      const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (value && typeof value === 'object' && !Array.isArray(value)) json = value as Manifest;
    } catch {
      json = undefined;
    }
    manifestCache.set(dir, json);
    return json;
  };
  const packageDirOf = new Map<string, string | undefined>();
  /** The folder of the nearest package.json above `dir` (or `dir` itself). */
  const nearest = (dir: string): string | undefined => {
    if (packageDirOf.has(dir)) return packageDirOf.get(dir);
    const parent = path.dirname(dir);
    const found = manifestAt(dir) ? dir : parent === dir ? undefined : nearest(parent);
    packageDirOf.set(dir, found);
    return found;
  };

  let workspace: Map<string, string> | undefined;
  /** The repository's packages by name (read once, when a dependency is first looked up). */
  const workspacePackage = (name: string): string | undefined => {
    if (!workspace) {
      workspace = new Map();
      for (const file of manifests) {
        const dir = path.dirname(file);
        const own = manifestAt(dir)?.name;
        if (typeof own === 'string' && !workspace.has(own)) workspace.set(own, dir);
      }
    }
    return workspace.get(name);
  };
  const modulesCache = new Map<string, boolean>();
  /** Whether `dir` has a node_modules folder (noted: an install changes the answer). */
  const hasModules = (dir: string): boolean => {
    let has = modulesCache.get(dir);
    if (has === undefined) {
      const folder = path.join(dir, 'node_modules');
      noteRead(folder);
      modulesCache.set(dir, (has = statIfAny(folder)?.isDirectory() ?? false));
    }
    return has;
  };
  /** An installed package's own package.json, found the way Node finds the package from `dir`. */
  const installed = (dir: string, name: string): Manifest | undefined => {
    for (let d = dir; ; d = path.dirname(d)) {
      const json = hasModules(d) ? manifestAt(path.join(d, 'node_modules', name)) : undefined;
      if (json) return json;
      if (path.dirname(d) === d) return undefined;
    }
  };

  // Packages where some candidate names @mastra/ (imported even when the manifest does not say so).
  const named = new Set<string>();
  for (const file of candidates) {
    const dir = nearest(path.dirname(file));
    if (dir !== undefined && MASTRA.test(textOf(file) ?? '')) named.add(dir);
  }

  const reaches = new Map<string, boolean>();
  const visiting = new Set<string>();
  // Set when a lookup met a package still being looked at (a cycle of workspace packages): a
  // "no" found then is not final for the packages in between, so it is not remembered.
  let cycle = false;
  /** Whether code in the package at `dir` can import Mastra. */
  const reachesMastra = (dir: string): boolean => {
    const known = reaches.get(dir);
    if (known !== undefined) return known;
    if (visiting.has(dir)) {
      cycle = true;
      return false;
    }
    visiting.add(dir);
    const outer = cycle;
    cycle = false;
    let found = named.has(dir);
    for (let d: string | undefined = dir; !found && d !== undefined;) {
      const manifest = manifestAt(d);
      for (const name of manifest ? depNames(manifest) : []) {
        if (isMastraPackage(name)) found = true;
        else if (d === dir) {
          const local = workspacePackage(name);
          if (local !== undefined && local !== dir) found = reachesMastra(local);
          else {
            const wrapped = installed(dir, name);
            found = wrapped !== undefined && depNames(wrapped).some(isMastraPackage);
          }
        }
        if (found) break;
      }
      const parent = path.dirname(d);
      d = parent === d ? undefined : nearest(parent);
    }
    visiting.delete(dir);
    if (found || !cycle) reaches.set(dir, found);
    cycle ||= outer;
    return found;
  };

  /** A module the file imports lives in a package that reaches Mastra (a script importing an agent). */
  const importsMastraCode = (file: string): boolean => {
    for (const [, spec] of (textOf(file) ?? '').matchAll(SPECIFIER)) {
      const dir = spec!.startsWith('.')
        ? nearest(path.resolve(path.dirname(file), spec!))
        : workspacePackage(packageOf(spec!));
      if (dir !== undefined && reachesMastra(dir)) return true;
    }
    return false;
  };

  const out: MastraScope = { inside: [], outside: [] };
  for (const file of candidates) {
    const dir = nearest(path.dirname(file));
    const inside =
      dir === undefined || named.has(dir) || reachesMastra(dir) || importsMastraCode(file);
    (inside ? out.inside : out.outside).push(file);
  }
  return out;
}

/**
 * Whether a package.json the scan lists (`manifests`, absolute paths), or one in a folder above the
 * root, declares a Mastra package. With no source naming `@mastra/` either, the tree holds no
 * Mastra code: nothing there can construct an agent (`no-mastra.ts`).
 */
export function declaresMastra(
  root: string,
  manifests: readonly string[],
  read: (file: string) => string | undefined,
): boolean {
  const above: string[] = [];
  for (let d = path.dirname(root); ; d = path.dirname(d)) {
    above.push(path.join(d, 'package.json'));
    if (path.dirname(d) === d) break;
  }
  for (const file of [...manifests, ...above]) {
    const outside = !manifests.includes(file);
    if (outside) noteRead(file);
    let text: string | undefined;
    try {
      text = outside ? readFileSync(file, 'utf8') : read(file);
    } catch {
      continue;
    }
    if (!text || (!MASTRA.test(text) && !/"mastra"/.test(text))) continue;
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && depNames(value as Manifest).some(isMastraPackage))
        return true;
    } catch {
      // A package.json that does not parse declares nothing.
    }
  }
  return false;
}

/** Module specifiers of imports, re-exports, dynamic imports and requires. */
const SPECIFIER = /(?:\bfrom|\bimport|\brequire\s*\()\s*\(?\s*['"]([^'"\n]+)['"]/g;
