/**
 * Imports of the repository's own packages by name (`@excella/mastra` imported by the app) in
 * a checkout nothing was installed in: a package manager would link `node_modules/@excella/mastra`
 * to the workspace folder, so Node and TypeScript find it there; without the link TypeScript finds
 * nothing, and the agents a Mastra instance registers from another package look unregistered.
 * This resolves such a name the way the link would: to the package.json under the root whose
 * `name` it is, through its `exports` (`.` and subpaths, `*` patterns, conditions), `source`,
 * `types`, `module` or `main`, and to the TypeScript source beside a built file that is not there
 * (`dist/index.js` -> `src/index.ts`).
 */
import { statIfAny } from '../../stat.ts';
import path from 'node:path';

type Manifest = Record<string, unknown>;

/** Conditions a bundler or TypeScript reads, the source first (a workspace is read before a build). */
const CONDITIONS = [
  'source',
  'development',
  'import',
  'module',
  'types',
  'default',
  'require',
  'node',
];
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

function isFile(file: string): boolean {
  return statIfAny(file)?.isFile() ?? false;
}

/** A target of `exports`: a path, a list of them, or conditions, the first that gives a path. */
function target(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const v of value) {
      const t = target(v);
      if (t) return t;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const conditions = value as Record<string, unknown>;
  for (const c of CONDITIONS) {
    const t = c in conditions ? target(conditions[c]) : undefined;
    if (t) return t;
  }
  return undefined;
}

/** What `exports` maps the subpath (`.` or `./tools/x`) to, `*` patterns included. */
function exported(exports: unknown, subpath: string): string | undefined {
  if (exports === undefined || exports === null) return undefined;
  const map = exports as Record<string, unknown>;
  const keyed =
    typeof exports === 'object' &&
    !Array.isArray(exports) &&
    Object.keys(map).some((k) => k.startsWith('.'));
  if (!keyed) return subpath === '.' ? target(exports) : undefined;
  if (subpath in map) return target(map[subpath]);
  for (const [key, value] of Object.entries(map)) {
    const star = key.indexOf('*');
    if (star === -1) continue;
    const head = key.slice(0, star);
    const tail = key.slice(star + 1);
    if (!subpath.startsWith(head) || !subpath.endsWith(tail) || subpath.length < key.length - 1)
      continue;
    const t = target(value);
    if (t) return t.replace('*', subpath.slice(head.length, subpath.length - tail.length));
  }
  return undefined;
}

/** The source file a path names: as written, with an extension, as a folder's index, or its .ts twin. */
function sourceAt(dir: string, file: string): string | undefined {
  const full = path.resolve(dir, file);
  if (isFile(full) && !/\.d\.[cm]?ts$/.test(full)) return full;
  const bare = full.replace(/\.d\.[cm]?ts$|\.[cm]?jsx?$/, '');
  for (const ext of EXTENSIONS) if (isFile(bare + ext)) return bare + ext;
  for (const ext of EXTENSIONS)
    if (isFile(path.join(full, `index${ext}`))) return path.join(full, `index${ext}`);
  return undefined;
}

/**
 * The source file an entry names. One in a build folder (`dist/index.js`, also when it is there) is
 * its source twin under `src/` or nothing: build output is not scanned, as with an install, where
 * TypeScript takes the `.d.ts` beside it. `lib/` may be either: as written first.
 */
function entrySource(dir: string, file: string): string | undefined {
  const rel = path.normalize(file).replace(/^\.[\\/]/, '');
  const built = /^(dist|build|out|lib)[\\/](.*)$/.exec(rel);
  if (built && built[1] !== 'lib') return sourceAt(dir, path.join('src', built[2]!));
  return sourceAt(dir, rel) ?? (built ? sourceAt(dir, path.join('src', built[2]!)) : undefined);
}

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export interface WorkspacePackages {
  /** The file an import of a package of the repository by name resolves to, or undefined. */
  resolve(specifier: string): string | undefined;
}

/**
 * The packages of the repository: `manifests` are the package.json files the scan lists (absolute
 * paths); `read` gives one's parsed content.
 */
export function workspacePackages(
  manifests: readonly string[],
  read: (file: string) => Manifest | undefined,
): WorkspacePackages {
  let byName: Map<string, { dir: string; manifest: Manifest }> | undefined;
  const packages = () => {
    if (byName) return byName;
    byName = new Map();
    for (const file of manifests) {
      if (file.split(path.sep).includes('node_modules')) continue;
      const manifest = read(file);
      const name = manifest?.name;
      // Two packages of one name: which one a link would name is not known.
      if (typeof name !== 'string' || !manifest) continue;
      if (byName.has(name)) byName.set(name, { dir: '', manifest: {} });
      else byName.set(name, { dir: path.dirname(file), manifest });
    }
    return byName;
  };
  return {
    resolve(specifier) {
      if (/^[./#]|^node:/.test(specifier)) return undefined;
      const name = packageOf(specifier);
      // Mastra's own packages (a fork of the Mastra monorepo holds them) are the library, read
      // from its installed declarations or not at all, never parsed as the app's code.
      if (name.startsWith('@mastra/') || name === 'mastra') return undefined;
      const pkg = packages().get(name);
      if (!pkg?.dir) return undefined;
      const { dir, manifest } = pkg;
      const subpath = `.${specifier.slice(name.length)}`;
      if (manifest.exports !== undefined) {
        const entry = exported(manifest.exports, subpath);
        return entry === undefined ? undefined : entrySource(dir, entry);
      }
      const entries =
        subpath === '.'
          ? [manifest.source, manifest.types, manifest.module, manifest.main, 'src/index', 'index']
          : [subpath];
      for (const entry of entries)
        if (typeof entry === 'string') {
          const found = entrySource(dir, entry);
          if (found) return found;
        }
      return undefined;
    },
  };
}
