/**
 * Which @mastra/core a file's code runs with, so each agent is judged by its own version (a
 * monorepo's apps can pin different ones). In this order: the copy Node would load (the nearest
 * `node_modules/@mastra/core` above the file, when it satisfies the range the file's package
 * declares), then the lockfile above the file's package (package-lock.json, pnpm-lock.yaml,
 * yarn.lock), then the range in the nearest package.json that names @mastra/core.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { noteRead } from '../../cache/reads.ts';
import path from 'node:path';
import semver from 'semver';
import type { MastraVersion } from '../model.ts';

const PKG = '@mastra/core';

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    noteRead(file);
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  noteRead(file);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function* upFrom(dir: string): Generator<string> {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    yield d;
    if (path.dirname(d) === d) return;
  }
}

const DEP_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

/**
 * Whether code in `dir` can import `name`: a package.json on the way up declares it (a workspace
 * root's hoisted dependency counts) or it is installed there. `manifest`: the nearest package.json.
 */
export function packageReachable(
  dir: string,
  name: string,
): { manifest?: string; reachable: boolean } {
  let manifest: string | undefined;
  for (const d of upFrom(dir)) {
    const file = path.join(d, 'package.json');
    const json = readJson(file);
    if (json) {
      manifest ??= file;
      if (json.name === name) return { manifest, reachable: true };
      for (const field of DEP_FIELDS) {
        const deps = json[field];
        if (deps && typeof deps === 'object' && name in deps) return { manifest, reachable: true };
      }
    }
    if (readJson(path.join(d, 'node_modules', name, 'package.json')))
      return { ...(manifest ? { manifest } : {}), reachable: true };
  }
  return { ...(manifest ? { manifest } : {}), reachable: false };
}

/** The range a package.json declares for @mastra/core, if any. */
function declaredRange(manifest: Record<string, unknown>): string | undefined {
  for (const field of DEP_FIELDS) {
    const deps = manifest[field];
    if (deps && typeof deps === 'object') {
      const range = (deps as Record<string, unknown>)[PKG];
      if (typeof range === 'string') return range;
    }
  }
  return undefined;
}

/** `npm:@mastra/core@^1.2.0` names the same package under an alias: its range is `^1.2.0`. */
function plainRange(range: string): string {
  const alias = /^npm:@mastra\/core@(.+)$/.exec(range);
  return alias ? alias[1]! : range;
}

/** Walks up from `dir` the way Node's resolution does (package exports may hide package.json). */
export function installedMastraVersion(dir: string): string | undefined {
  return installedAt(dir)?.version;
}

function installedAt(dir: string): { version: string; file: string } | undefined {
  for (const d of upFrom(dir)) {
    const file = path.join(d, 'node_modules', '@mastra', 'core', 'package.json');
    const version = readJson(file)?.version;
    if (typeof version === 'string') return { version, file };
  }
  return undefined;
}

/** The nearest folder holding a package.json, and the nearest one whose manifest names @mastra/core. */
function packageOf(dir: string): {
  dir?: string;
  declared?: { dir: string; range: string };
} {
  let own: string | undefined;
  for (const d of upFrom(dir)) {
    const manifest = readJson(path.join(d, 'package.json'));
    if (!manifest) continue;
    own ??= d;
    const range = declaredRange(manifest);
    if (range !== undefined) return { dir: own, declared: { dir: d, range } };
  }
  return own ? { dir: own } : {};
}

/** package-lock.json (v1-v3): the copy Node would load from the package's folder. */
function fromPackageLock(lock: Record<string, unknown>, rel: string): string | undefined {
  const packages = lock.packages as
    Record<string, { version?: unknown; link?: unknown }> | undefined;
  if (packages) {
    const parts = rel ? rel.split('/') : [];
    for (let i = parts.length; i >= 0; i--) {
      const at = [...parts.slice(0, i), 'node_modules', PKG].join('/');
      const entry = packages[at];
      if (entry && !entry.link && typeof entry.version === 'string') return entry.version;
    }
    return undefined;
  }
  const deps = lock.dependencies as Record<string, { version?: unknown }> | undefined;
  const version = deps?.[PKG]?.version;
  return rel === '' && typeof version === 'string' ? version : undefined;
}

/** pnpm-lock.yaml: the version pnpm resolved for this importer (`1.2.3(zod@3.25.76)` → 1.2.3). */
function fromPnpmLock(lock: Record<string, unknown>, rel: string): string | undefined {
  const importers = lock.importers as Record<string, Record<string, unknown>> | undefined;
  const importer = importers ? importers[rel || '.'] : rel === '' ? lock : undefined;
  if (!importer) return undefined;
  for (const field of DEP_FIELDS) {
    const deps = importer[field] as Record<string, unknown> | undefined;
    const entry = deps?.[PKG];
    const version =
      typeof entry === 'string'
        ? entry
        : entry && typeof entry === 'object'
          ? (entry as { version?: unknown }).version
          : undefined;
    if (typeof version === 'string') return semver.valid(version.replace(/\(.*$/, '')) ?? undefined;
  }
  return undefined;
}

/** yarn.lock (classic and berry): the entry whose header lists `@mastra/core@<range>`. */
function fromYarnLock(text: string, range: string | undefined): string | undefined {
  if (range === undefined) return undefined;
  for (const block of text.split(/\r?\n(?=\S)/)) {
    const [header = '', ...body] = block.split(/\r?\n/);
    const specs = header
      .replace(/:\s*$/, '')
      .split(/,\s*/)
      .map((s) => s.trim().replace(/^"|"$/g, ''));
    if (!specs.some((s) => s === `${PKG}@${range}` || s === `${PKG}@npm:${range}`)) continue;
    for (const line of body) {
      const m = /^\s+version:?\s+"?([^"\s]+)"?\s*$/.exec(line);
      if (m) return m[1];
    }
  }
  return undefined;
}

const LOCKFILES = ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock'];

type Lockfile = { file: string; kind: 'npm' | 'pnpm' | 'yarn'; data: unknown } | undefined;

/** The YAML parser, loaded only for a pnpm lockfile (loading it costs every other run 40 ms). */
const parseYaml = (text: string): unknown =>
  (createRequire(import.meta.url)('yaml') as typeof import('yaml')).parse(text);

/**
 * A pnpm lockfile without its top-level `packages:` and `snapshots:` sections: nearly all of its
 * text (950 KB in epic-hq/Insights, 0.87 s to parse whole), and no question reads them. pnpm writes
 * top-level keys at column 0 and no anchors, so the sections left parse as they would in the whole.
 */
function withoutPackages(text: string): string {
  return text
    .split(/\r?\n(?=\S)/)
    .filter((block) => !/^(packages|snapshots):/.test(block))
    .join('\n');
}

/** Reads and parses a lockfile once per scan (a monorepo's agents share the root one). */
function parseLockfile(file: string, name: string): Lockfile {
  const text = readText(file);
  if (text === undefined) return undefined;
  try {
    if (name === 'pnpm-lock.yaml')
      return { file, kind: 'pnpm', data: parseYaml(withoutPackages(text)) ?? {} };
    if (name === 'yarn.lock') return { file, kind: 'yarn', data: text };
    return { file, kind: 'npm', data: JSON.parse(text) };
  } catch {
    return { file, kind: 'npm', data: {} };
  }
}

function versionIn(lock: NonNullable<Lockfile>, rel: string, range: string | undefined) {
  const data = lock.data as Record<string, unknown>;
  if (lock.kind === 'pnpm') return fromPnpmLock(data, rel);
  if (lock.kind === 'yarn') return fromYarnLock(lock.data as string, range);
  return fromPackageLock(data, rel);
}

/** Resolves, and remembers per folder, the @mastra/core version of files under a scan root. */
export class MastraVersions {
  readonly #root: string;
  readonly #byDir = new Map<string, MastraVersion>();
  readonly #lockfiles = new Map<string, Lockfile>();

  constructor(root: string) {
    this.#root = path.resolve(root);
  }

  #relative(file: string): string {
    const rel = path.relative(this.#root, file);
    return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel.split(path.sep).join('/');
  }

  /** The version the code in `file` (an absolute path) runs with, and where that was read. */
  forFile(file: string): MastraVersion {
    const dir = path.dirname(path.resolve(file));
    let found = this.#byDir.get(dir);
    if (!found) {
      found = this.#resolve(dir);
      this.#byDir.set(dir, found);
    }
    return found;
  }

  /** The nearest lockfile above the package decides, even when it does not name @mastra/core. */
  #fromLockfile(
    pkgDir: string,
    range: string | undefined,
  ): { version: string; file: string } | undefined {
    for (const d of upFrom(pkgDir)) {
      for (const name of LOCKFILES) {
        const file = path.join(d, name);
        if (!this.#lockfiles.has(file)) this.#lockfiles.set(file, parseLockfile(file, name));
        const lock = this.#lockfiles.get(file);
        if (!lock) continue;
        const version = versionIn(lock, path.relative(d, pkgDir).split(path.sep).join('/'), range);
        return version ? { version, file } : undefined;
      }
    }
    return undefined;
  }

  #resolve(dir: string): MastraVersion {
    const pkg = packageOf(dir);
    const range = pkg.declared ? plainRange(pkg.declared.range) : undefined;
    const validRange = range !== undefined ? semver.validRange(range) : null;
    const installed = installedAt(dir);
    // A copy that does not satisfy the package's own range belongs to something else (a folder
    // above the package); the package manager would install another one for it.
    if (
      installed &&
      (!validRange || semver.satisfies(installed.version, validRange, { includePrerelease: true }))
    )
      return {
        source: 'installed',
        version: installed.version,
        file: this.#relative(installed.file),
      };
    const locked = pkg.dir ? this.#fromLockfile(pkg.dir, range) : undefined;
    if (
      locked &&
      (!validRange || semver.satisfies(locked.version, validRange, { includePrerelease: true }))
    )
      return { source: 'lockfile', version: locked.version, file: this.#relative(locked.file) };
    if (pkg.declared && validRange)
      return {
        source: 'range',
        range: pkg.declared.range,
        file: this.#relative(path.join(pkg.declared.dir, 'package.json')),
      };
    return {
      source: 'unknown',
      ...(pkg.declared
        ? {
            range: pkg.declared.range,
            file: this.#relative(path.join(pkg.declared.dir, 'package.json')),
          }
        : {}),
    };
  }
}
