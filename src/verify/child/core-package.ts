/**
 * The app's own @mastra/core, found from the entry as Node finds it (through pnpm's symbolic links
 * to the real folder), and its request-context class: `RequestContext` (`@mastra/core/request-context`,
 * passed as `requestContext`) in 1.x, `RuntimeContext` (`runtime-context`, or `di` in early 0.x,
 * passed as `runtimeContext`) in 0.x. Runs in the child: Node built-ins only.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Manifest {
  name?: string;
  version?: string;
  exports?: unknown;
}

export interface CorePackage {
  /** The package's real folder. */
  dir: string;
  manifest: Manifest;
}

/** A folder's package.json; undefined when it has none that parses. */
export function readManifest(dir: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** The @mastra/core the entry imports; undefined when it does not resolve from there. */
export function corePackage(entry: string): CorePackage | undefined {
  const require = createRequire(entry);
  try {
    const dir = realpathSync(path.dirname(require.resolve('@mastra/core/package.json')));
    const manifest = readManifest(dir);
    if (manifest) return { dir, manifest };
  } catch {
    // Older packages hide package.json behind "exports": walk up from the main file.
  }
  try {
    for (
      let dir = realpathSync(path.dirname(require.resolve('@mastra/core')));
      path.dirname(dir) !== dir;
      dir = path.dirname(dir)
    ) {
      const manifest = readManifest(dir);
      if (manifest?.name === '@mastra/core') return { dir, manifest };
    }
  } catch {
    // not resolvable from the entry
  }
  return undefined;
}

/** Node's conditions for `import` (the `exports` keys it takes, in the order the package lists them). */
const IMPORT_CONDITIONS = new Set(['node', 'import', 'default']);
const REQUIRE_CONDITIONS = new Set(['node', 'require', 'default']);

function conditional(value: unknown, conditions: Set<string>): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = conditional(v, conditions);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value))
      if (conditions.has(key)) {
        const found = conditional(v, conditions);
        if (found !== undefined) return found;
      }
  return undefined;
}

/** The file a package subpath (`./request-context`) maps to under `exports`, exact keys before patterns. */
export function exportedFile(
  pkg: CorePackage,
  subpath: string,
  conditions: Set<string>,
): string | undefined {
  const exports = pkg.manifest.exports;
  if (!exports || typeof exports !== 'object' || Array.isArray(exports)) return undefined;
  const map = exports as Record<string, unknown>;
  let target: string | undefined;
  if (subpath in map) target = conditional(map[subpath], conditions);
  else {
    let best: { key: string; prefix: string; suffix: string } | undefined;
    for (const key of Object.keys(map)) {
      const star = key.indexOf('*');
      if (star === -1) continue;
      const prefix = key.slice(0, star);
      const suffix = key.slice(star + 1);
      if (
        subpath.startsWith(prefix) &&
        subpath.endsWith(suffix) &&
        subpath.length >= key.length &&
        (!best || prefix.length > best.prefix.length)
      )
        best = { key, prefix, suffix };
    }
    if (best) {
      const part = subpath.slice(best.prefix.length, subpath.length - best.suffix.length);
      target = conditional(map[best.key], conditions)?.replaceAll('*', part);
    }
  }
  if (target === undefined) return undefined;
  const file = path.join(pkg.dir, target);
  return existsSync(file) ? file : undefined;
}

export type ContextOption = 'requestContext' | 'runtimeContext';

type ContextClass = new (entries?: Iterable<[string, unknown]>) => {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
};

export interface ContextApi {
  option: ContextOption;
  /** Every copy of the class the app may use (its ESM and CommonJS builds). */
  classes: ContextClass[];
  /** The copy the app loaded, to build the values passed to each call. */
  loaded: ContextClass;
}

const CANDIDATES: Array<{ subpath: string; name: string; option: ContextOption }> = [
  { subpath: './request-context', name: 'RequestContext', option: 'requestContext' },
  { subpath: './runtime-context', name: 'RuntimeContext', option: 'runtimeContext' },
  { subpath: './di', name: 'RuntimeContext', option: 'runtimeContext' },
];

/**
 * The request-context class of the app's @mastra/core. The ES module build is the one an ESM app
 * (or tsx with `"type": "module"`) loaded; when the CommonJS build is already in the require cache,
 * the app is CommonJS and that copy is the one its Agent creates and checks.
 */
export async function contextApi(entry: string): Promise<ContextApi | undefined> {
  const pkg = corePackage(entry);
  if (!pkg) return undefined;
  const require = createRequire(entry);
  for (const candidate of CANDIDATES) {
    const esm = exportedFile(pkg, candidate.subpath, IMPORT_CONDITIONS);
    const cjs = exportedFile(pkg, candidate.subpath, REQUIRE_CONDITIONS);
    if (!esm && !cjs) continue;
    const classes: ContextClass[] = [];
    let loaded: ContextClass | undefined;
    try {
      if (cjs && cjs !== esm && require.cache[realpathSync(cjs)]) {
        const mod = require(realpathSync(cjs)) as Record<string, unknown>;
        if (typeof mod[candidate.name] === 'function') {
          loaded = mod[candidate.name] as ContextClass;
          classes.push(loaded);
        }
      }
      if (esm) {
        const mod = (await import(pathToFileURL(realpathSync(esm)).href)) as Record<
          string,
          unknown
        >;
        if (typeof mod[candidate.name] === 'function') {
          classes.push(mod[candidate.name] as ContextClass);
          loaded ??= mod[candidate.name] as ContextClass;
        }
      }
    } catch {
      continue;
    }
    if (loaded) return { option: candidate.option, classes, loaded };
  }
  return undefined;
}
