/**
 * Installs packages into a test app the way pnpm (isolated `node_modules/.pnpm` layout) and yarn's
 * node-modules linker (hoisted, like npm) lay them out, offline: the packages are the ones this
 * repository's `npm ci` installed, hard-linked (as pnpm links from its store) so that a package's
 * real path is inside the app and Node resolves its dependencies there, never from this
 * repository. The pnpm layout mirrors a real `pnpm install` (pnpm 10; compared in the report of
 * issue 19): `node_modules/<name>` links to `.pnpm/<name>@<version>/node_modules/<name>` for
 * direct dependencies only; each package's dependencies are links next to it in its
 * `.pnpm/<id>/node_modules`; every package is also hoisted into `.pnpm/node_modules`; in a
 * workspace the `.pnpm` folder is the root's, shared by every app.
 */
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));

interface Pkg {
  name: string;
  version: string;
  /** Its real folder in this repository's node_modules. */
  dir: string;
  /** Dependency name (as the dependent requires it, aliases too) -> package. */
  deps: Map<string, Pkg>;
}

/** Where Node would find `name` from `dir`, as a real path. */
function resolveFrom(dir: string, name: string): string | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(d) === d) return undefined;
  }
}

/** The package at `dir` and everything it depends on (optional and peer dependencies that are installed too). */
function closure(dir: string, known = new Map<string, Pkg>()): Pkg {
  const real = realpathSync(dir);
  const seen = known.get(real);
  if (seen) return seen;
  const manifest = JSON.parse(readFileSync(path.join(real, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    dependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  const pkg: Pkg = { name: manifest.name, version: manifest.version, dir: real, deps: new Map() };
  known.set(real, pkg);
  for (const dep of Object.keys({
    ...manifest.peerDependencies,
    ...manifest.optionalDependencies,
    ...manifest.dependencies,
  })) {
    const found = resolveFrom(real, dep);
    if (found) pkg.deps.set(dep, closure(found, known));
  }
  return pkg;
}

/** Every package reachable from the roots, once each. */
function all(roots: Pkg[]): Pkg[] {
  const out = new Set<Pkg>();
  const visit = (p: Pkg) => {
    if (out.has(p)) return;
    out.add(p);
    for (const d of p.deps.values()) visit(d);
  };
  roots.forEach(visit);
  return [...out];
}

/** A hard-linked copy of a package folder, without its own node_modules. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(src, dst);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(src), dst);
    else if (entry.isFile()) linkSync(src, dst);
  }
}

function link(target: string, at: string): void {
  mkdirSync(path.dirname(at), { recursive: true });
  if (!existsSync(at)) symlinkSync(path.relative(path.dirname(at), target), at, 'dir');
}

/** What to install: the name the app depends on -> the folder in this repository's node_modules. */
export type Dependencies = Record<string, string>;

const roots = (deps: Dependencies) =>
  Object.entries(deps).map(([as, from]) => ({
    as,
    pkg: closure(path.join(REPO_MODULES, from)),
  }));

function writeManifest(app: string, deps: Array<{ as: string; pkg: Pkg }>): void {
  const file = path.join(app, 'package.json');
  const manifest = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
    : { name: path.basename(app), private: true, type: 'module' };
  manifest.dependencies = Object.fromEntries(deps.map((d) => [d.as, d.pkg.version]));
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * pnpm's isolated layout for `app`, with its virtual store in `store` (the workspace root's
 * `node_modules/.pnpm`; the app's own by default). Returns how many packages it holds.
 */
export function installLikePnpm(
  app: string,
  deps: Dependencies,
  store = path.join(app, 'node_modules', '.pnpm'),
): number {
  const direct = roots(deps);
  writeManifest(app, direct);
  const id = (p: Pkg) => `${p.name.replace('/', '+')}@${p.version}`;
  const home = (p: Pkg) => path.join(store, id(p), 'node_modules', p.name);
  const packages = all(direct.map((d) => d.pkg));
  for (const p of packages) {
    if (!existsSync(home(p))) linkTree(p.dir, home(p));
    for (const [as, dep] of p.deps)
      if (as !== p.name) link(home(dep), path.join(store, id(p), 'node_modules', as));
    // Hoisted (pnpm's default hoist-pattern `*`), for packages that require what they do not declare.
    link(home(p), path.join(store, 'node_modules', p.name));
  }
  for (const { as, pkg } of direct) link(home(pkg), path.join(app, 'node_modules', as));
  const modules = path.join(path.dirname(store), '.modules.yaml');
  if (!existsSync(modules))
    writeFileSync(
      modules,
      `layoutVersion: 5\nnodeLinker: isolated\npackageManager: pnpm@10.34.9\nvirtualStoreDir: .pnpm\n`,
    );
  return packages.length;
}

/**
 * yarn's node-modules linker (and npm's) layout: every package as high up as it can go, a second
 * version of a name nested under the package that needs it. Returns how many copies it made.
 */
export function installLikeYarn(app: string, deps: Dependencies): number {
  const direct = roots(deps);
  writeManifest(app, direct);
  const top = path.join(app, 'node_modules');
  /** Folder -> the package copied there. */
  const at = new Map<string, Pkg>();
  /** What Node finds for `as` from inside `dir`: the nearest copy up to the app. */
  const visible = (dir: string, as: string): string | undefined => {
    for (let d = dir; d.startsWith(app); d = path.dirname(d)) {
      const candidate = path.join(d, 'node_modules', as);
      if (at.has(candidate)) return candidate;
      if (d === app) break;
    }
    return undefined;
  };
  const place = (pkg: Pkg, as: string, from: string): void => {
    const seen = visible(from, as);
    if (seen && at.get(seen) === pkg) return;
    // As high as it goes: the top when that name is free there, else next to what needs it.
    const dir =
      !seen && !at.has(path.join(top, as))
        ? path.join(top, as)
        : path.join(from, 'node_modules', as);
    at.set(dir, pkg);
    linkTree(pkg.dir, dir);
    for (const [depAs, dep] of pkg.deps) place(dep, depAs, dir);
  };
  // The app's own dependencies take the top first; theirs go as high as they can after that.
  for (const { as, pkg } of direct) {
    at.set(path.join(top, as), pkg);
    linkTree(pkg.dir, path.join(top, as));
  }
  for (const { as, pkg } of direct)
    for (const [depAs, dep] of pkg.deps) place(dep, depAs, path.join(top, as));
  writeFileSync(path.join(top, '.yarn-integrity'), '{"systemParams":"test","flags":[]}\n');
  writeFileSync(path.join(app, 'yarn.lock'), '# yarn lockfile v1\n');
  return at.size;
}
