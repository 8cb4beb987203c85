/**
 * Whether an app's dependencies are installed, before anything of it runs: each dependency its
 * package.json declares (and `@mastra/core` in any case) must be in a `node_modules` folder Node
 * would look in from the app (npm, yarn and pnpm all put it there; pnpm as a link into `.pnpm`).
 * When some are not, the command that installs them: the package manager its lockfile (or the
 * `packageManager` field) names, run where the lockfile or workspace root is.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { NotInstalled } from './model.ts';

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  packageManager?: string;
  workspaces?: unknown;
}

function manifest(dir: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** Whether `name` is in a node_modules folder Node would look in from `dir`. */
function resolvable(dir: string, name: string): boolean {
  for (let d = dir; ; d = path.dirname(d)) {
    if (existsSync(path.join(d, 'node_modules', name))) return true;
    if (path.dirname(d) === d) return false;
  }
}

const LOCKFILES: Array<[string, string]> = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
];

const lockfileManager = (dir: string) =>
  LOCKFILES.find(([file]) => existsSync(path.join(dir, file)))?.[1];

const declaredManager = (m: Manifest | undefined) =>
  /^(npm|pnpm|yarn|bun)@/.exec(m?.packageManager ?? '')?.[1];

/** The `packages` globs of a pnpm-workspace.yaml (block or flow list), without a YAML parser. */
function pnpmWorkspaceGlobs(dir: string): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(dir, 'pnpm-workspace.yaml'), 'utf8');
  } catch {
    return undefined;
  }
  const unquote = (v: string) => v.trim().replace(/^['"]|['"]$/g, '');
  const flow = /^packages:\s*\[(.*)\]/m.exec(text);
  if (flow) return flow[1]!.split(',').map(unquote).filter(Boolean);
  const block = /^packages:\s*\n((?:[ \t]*(?:-.*|#.*)?\n?)*)/m.exec(text);
  return (block?.[1] ?? '')
    .split('\n')
    .map((l) => /^\s*-\s*(.+?)\s*(#.*)?$/.exec(l)?.[1])
    .filter((v): v is string => Boolean(v))
    .map(unquote);
}

/** The workspace globs `dir` declares (pnpm-workspace.yaml, or package.json `workspaces`). */
function workspaceGlobs(dir: string, m: Manifest | undefined): string[] | undefined {
  const pnpm = pnpmWorkspaceGlobs(dir);
  if (pnpm) return pnpm;
  const w = m?.workspaces;
  if (Array.isArray(w)) return w.map(String);
  const packages = (w as { packages?: unknown } | undefined)?.packages;
  return Array.isArray(packages) ? packages.map(String) : undefined;
}

function isMember(root: string, globs: string[], app: string): boolean {
  const rel = path.relative(root, app).split(path.sep).join('/') || '.';
  const clean = (g: string) => g.replace(/^\.\//, '').replace(/\/+$/, '') || '.';
  const include = globs.filter((g) => !g.startsWith('!')).map(clean);
  const exclude = globs.filter((g) => g.startsWith('!')).map((g) => clean(g.slice(1)));
  return (
    picomatch.isMatch(rel, include, { dot: true }) &&
    !picomatch.isMatch(rel, exclude, { dot: true })
  );
}

/**
 * The package manager and the folder to install in: the app's own lockfile; else the workspace
 * (up to `stop`) that lists the app as a member, installed at its root; else the app's own folder,
 * with the manager its `packageManager` field names, or the one the repository's lockfiles use.
 */
export function installCommand(
  app: string,
  stop: string,
): { manager: string; dir: string; flags?: string } {
  const own = lockfileManager(app);
  let nearest: string | undefined;
  for (let d = path.dirname(app); !own && app !== stop; d = path.dirname(d)) {
    const m = manifest(d);
    const globs = workspaceGlobs(d, m);
    if (globs && isMember(d, globs, app)) {
      const manager =
        lockfileManager(d) ??
        declaredManager(m) ??
        (existsSync(path.join(d, 'pnpm-workspace.yaml')) ? 'pnpm' : 'npm');
      return { manager, dir: d };
    }
    nearest ??= lockfileManager(d) ?? declaredManager(m);
    if (d === stop || path.dirname(d) === d) break;
  }
  const manager = own ?? declaredManager(manifest(app)) ?? nearest ?? 'npm';
  // pnpm run in a folder under a workspace root installs that root, unless the folder is a
  // workspace of its own: a real monorepo's examples, each with its own lockfile, showed it.
  return manager === 'pnpm' &&
    !existsSync(path.join(app, 'pnpm-workspace.yaml')) &&
    insidePnpmWorkspace(app, stop)
    ? { manager, dir: app, flags: ' --ignore-workspace' }
    : { manager, dir: app };
}

function insidePnpmWorkspace(app: string, stop: string): boolean {
  for (let d = path.dirname(app); app !== stop; d = path.dirname(d)) {
    if (existsSync(path.join(d, 'pnpm-workspace.yaml'))) return true;
    if (d === stop || path.dirname(d) === d) break;
  }
  return false;
}

/**
 * Undefined when the app can run; else why not and how to fix it. `stop`: the folder above which
 * no lockfile is looked for (the repository's top).
 */
export function notInstalled(app: string, target: string, stop: string): NotInstalled | undefined {
  const m = manifest(app);
  const declared = Object.keys({ ...m?.dependencies });
  const wanted = ['@mastra/core', ...declared.filter((d) => d !== '@mastra/core')];
  const missing = wanted.filter((name) => !resolvable(app, name));
  if (!missing.length) return undefined;
  const pnp = ['.pnp.cjs', '.pnp.js']
    .flatMap((f) => {
      for (let d = app; ; d = path.dirname(d)) {
        if (existsSync(path.join(d, f))) return [d];
        if (d === stop || path.dirname(d) === d) return [];
      }
    })
    .at(0);
  const where = (dir: string) => path.relative(target, dir).split(path.sep).join('/') || '.';
  if (pnp !== undefined)
    return {
      reason:
        "installed with Yarn Plug'n'Play, which has no node_modules folder; verify loads the app as Node does, from node_modules",
      missing,
      command: 'yarn config set nodeLinker node-modules && yarn install',
      cwd: where(pnp),
    };
  const { manager, dir, flags } = installCommand(app, stop);
  const shown =
    missing.slice(0, 3).join(', ') + (missing.length > 3 ? ` and ${missing.length - 3} more` : '');
  return {
    reason: `its dependencies are not installed (${shown} not found from the app)`,
    missing,
    command: `${manager} install${flags ?? ''}`,
    cwd: where(dir),
  };
}
