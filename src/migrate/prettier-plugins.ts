/**
 * The plugins a prettier config names, found from the config file's folder: how prettier run in the
 * repository finds them. Prettier's API resolves a name from the process's working directory, so a
 * run from outside the repository (`check path/to/app`) failed on every file of a repository whose
 * config names a plugin, installed or not.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

type Plugin = NonNullable<import('prettier').Options['plugins']>[number];

export interface ResolvedPlugins {
  /** The config's plugins with each name replaced by its file (undefined: the config names none). */
  resolved?: Plugin[];
  /** The resolved ones alone (what prettier can load). */
  installed: Plugin[];
  /** Names that resolve to no installed file. */
  missing: string[];
}

/** The entry an ESM-only package exports (`exports` with no `require` condition). */
function exportedEntry(pkgDir: string): string | undefined {
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as {
    exports?: unknown;
    module?: string;
    main?: string;
  };
  let entry: unknown = pkg.exports;
  if (entry && typeof entry === 'object' && '.' in entry)
    entry = (entry as Record<string, unknown>)['.'];
  for (let depth = 0; entry && typeof entry === 'object' && depth < 4; depth++) {
    const conditions = entry as Record<string, unknown>;
    entry = conditions['import'] ?? conditions['node'] ?? conditions['default'];
  }
  const file = typeof entry === 'string' ? entry : (pkg.module ?? pkg.main);
  return file ? path.join(pkgDir, file) : undefined;
}

/** The folder of an installed package, looking up from `dir` as Node does. */
function packageDir(name: string, dir: string): string | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(d) === d) return undefined;
  }
}

function resolveOne(name: string, configFile: string): string | undefined {
  const dir = path.dirname(configFile);
  if (path.isAbsolute(name)) return existsSync(name) ? name : undefined;
  if (name.startsWith('.')) {
    const file = path.resolve(dir, name);
    return existsSync(file) ? file : undefined;
  }
  try {
    return createRequire(configFile).resolve(name);
  } catch {
    const pkgDir = packageDir(name, dir);
    const entry = pkgDir && exportedEntry(pkgDir);
    return entry && existsSync(entry) ? entry : undefined;
  }
}

export function resolvePlugins(configFile: string, plugins: Plugin[] | undefined): ResolvedPlugins {
  if (!plugins?.length) return { installed: [], missing: [] };
  const missing: string[] = [];
  const resolved = plugins.map((p) => {
    if (typeof p !== 'string') return p;
    const file = resolveOne(p, configFile);
    if (!file) missing.push(p);
    return file ?? p;
  });
  const installed = resolved.filter((p) => typeof p !== 'string' || !missing.includes(p));
  return { resolved, installed, missing };
}
